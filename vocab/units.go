package vocab

import "fmt"

// FormatBytes prints a byte count in binary units, one decimal above a
// kibibyte: "512 B", "3.7 GiB". It is the one byte formatter of the report,
// snapshot and doctor outputs; the TUI uses FormatBytesCompact, the same
// figure without the space and the "iB".
func FormatBytes(n uint64) string {
	v, unit := scaleBytes(n)
	if unit == "" {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.1f %siB", v, unit)
}

// FormatBytesCompact is FormatBytes for narrow columns: whole units below
// a gibibyte, one decimal from there ("512B", "640M", "3.7G").
func FormatBytesCompact(n uint64) string {
	v, unit := scaleBytes(n)
	switch unit {
	case "":
		return fmt.Sprintf("%dB", n)
	case "K", "M":
		return fmt.Sprintf("%d%s", uint64(v), unit)
	}
	return fmt.Sprintf("%.1f%s", v, unit)
}

func scaleBytes(n uint64) (float64, string) {
	v := float64(n)
	unit := ""
	for _, u := range []string{"K", "M", "G", "T"} {
		if v < 1024 {
			break
		}
		v /= 1024
		unit = u
	}
	return v, unit
}
