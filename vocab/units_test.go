package vocab

import "testing"

func TestFormatBytes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n             uint64
		full, compact string
	}{
		{0, "0 B", "0B"},
		{1023, "1023 B", "1023B"},
		{1536, "1.5 KiB", "1K"},
		{640 << 20, "640.0 MiB", "640M"},
		{3994 << 20, "3.9 GiB", "3.9G"},
		{5 << 40, "5.0 TiB", "5.0T"},
	} {
		if got := FormatBytes(c.n); got != c.full {
			t.Errorf("FormatBytes(%d) = %q, want %q", c.n, got, c.full)
		}
		if got := FormatBytesCompact(c.n); got != c.compact {
			t.Errorf("FormatBytesCompact(%d) = %q, want %q", c.n, got, c.compact)
		}
	}
}
