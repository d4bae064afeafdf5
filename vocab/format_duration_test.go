package vocab

import (
	"fmt"
	"testing"
	"time"
)

func formatDurationFmt(d time.Duration) string {
	d = d.Round(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	}
	return fmt.Sprintf("%dd%02dh", int(d.Hours())/24, int(d.Hours())%24)
}

// TestFormatDurationAsFmt: the fmt-free FormatDuration prints what the
// Sprintf one did, across every unit boundary and far beyond.
func TestFormatDurationAsFmt(t *testing.T) {
	ds := []time.Duration{-time.Hour, -61 * time.Second, -time.Second, -499 * time.Millisecond, 0, 499 * time.Millisecond, 500 * time.Millisecond,
		time.Second, 59 * time.Second, 59*time.Second + 500*time.Millisecond, time.Minute, 61 * time.Second, 3*time.Minute + 5*time.Second,
		time.Hour - time.Second, time.Hour, 2*time.Hour + 4*time.Minute, 48*time.Hour - time.Second, 48 * time.Hour,
		76 * time.Hour, 1 << 62, -1 << 62}
	for s := int64(0); s < 200_000; s += 7 {
		ds = append(ds, time.Duration(s)*time.Second+time.Duration(s%1000)*time.Millisecond)
	}
	for _, d := range ds {
		if got, want := FormatDuration(d), formatDurationFmt(d); got != want {
			t.Fatalf("FormatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}
