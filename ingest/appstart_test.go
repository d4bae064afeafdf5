package ingest

import "testing"

func TestLastAppStart(t *testing.T) {
	t.Parallel()
	const start = "2026-09-30 10:00:00 [info] Starting app {\n"
	for _, c := range []struct {
		name, data  string
		atLineStart bool
		want        int
	}{
		{"at the start of a line", start, true, 0},
		{"data begins mid-line", start, false, -1},
		{"after a newline", "x\n" + start, false, 2},
		{"the last of two", start + "2026-09-30 10:00:01 [info] ok\n" + start, true, len(start) + 30},
		{"quoted in a body", "2026-09-30 10:00:00 [info] said Starting app {\n", true, -1},
		{"another level", "2026-09-30 10:00:00 [warn] Starting app {\n", true, -1},
		{"ISO stamp", "2026-09-30T10:00:00 [info] Starting app {\n", true, -1},
		{"stamp cut off before data", start[5:], true, -1},
		{"none", "2026-09-30 10:00:00 [info] hello\n", true, -1},
	} {
		if got := LastAppStart([]byte(c.data), c.atLineStart); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}
