package vocab

import (
	"strconv"
	"time"
)

// FormatDuration prints 45s, 3m05s, 2h04m, 3d04h.
// Without fmt: the loss timeline formats one for every eviction.
func FormatDuration(d time.Duration) string {
	d = d.Round(time.Second)
	var buf [32]byte
	switch {
	case d < time.Minute:
		return string(append(strconv.AppendInt(buf[:0], int64(d.Seconds()), 10), 's'))
	case d < time.Hour:
		return string(twoUnits(buf[:0], int64(d.Minutes()), 'm', int64(d.Seconds())%60, 's'))
	case d < 48*time.Hour:
		return string(twoUnits(buf[:0], int64(d.Hours()), 'h', int64(d.Minutes())%60, 'm'))
	}
	return string(twoUnits(buf[:0], int64(d.Hours())/24, 'd', int64(d.Hours())%24, 'h'))
}

// twoUnits appends "<a><ua><b, two digits><ub>", as %d%c%02d%c does.
func twoUnits(b []byte, a int64, ua byte, n int64, ub byte) []byte {
	b = append(strconv.AppendInt(b, a, 10), ua)
	if n >= 0 && n < 10 {
		b = append(b, '0')
	}
	return append(strconv.AppendInt(b, n, 10), ub)
}

// ShortDuration is a wait as a cell says it: 45s, 12m, 2h04m, 3d04h.
func ShortDuration(d time.Duration) string {
	if d >= time.Minute && d < time.Hour {
		return strconv.Itoa(int(d/time.Minute)) + "m"
	}
	return FormatDuration(d)
}
