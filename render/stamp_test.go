package render

import (
	"bytes"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the zones below on any machine

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// The report's times across each zone's 2026 fall-back: its JSON carries
// the offset, its text the wall clock (with the zone's name in the
// repeated hour, so its two occurrences read apart), and the span's
// length is the time that passed.
func TestReportTimesAcrossFallBack(t *testing.T) {
	saved := time.Local
	defer func() { time.Local = saved }()
	for _, fb := range []struct {
		zone        string
		wall        time.Time // in the repeated hour
		shift       time.Duration
		first, then string // the zone's names before and after
	}{
		{"America/New_York", time.Date(2026, 11, 1, 1, 30, 0, 0, time.UTC), time.Hour, "EDT", "EST"},
		{"Europe/London", time.Date(2026, 10, 25, 1, 30, 0, 0, time.UTC), time.Hour, "BST", "GMT"},
		{"Australia/Sydney", time.Date(2026, 4, 5, 2, 30, 0, 0, time.UTC), time.Hour, "AEDT", "AEST"},
		{"Australia/Lord_Howe", time.Date(2026, 4, 5, 1, 45, 0, 0, time.UTC), 30 * time.Minute, "+11", "+1030"},
	} {
		t.Run(fb.zone, func(t *testing.T) {
			loc, err := time.LoadLocation(fb.zone)
			if err != nil {
				t.Fatal(err)
			}
			time.Local = loc
			w := fb.wall
			first, second, ok := vocab.RepeatedWall(time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), 0, 0, loc))
			if !ok {
				t.Fatal("no repeated hour")
			}
			wall := first.Format(TimeLayout)
			a, b := stamp(first), stamp(second)
			if a.String() != wall+" "+fb.first || b.String() != wall+" "+fb.then {
				t.Errorf("text %q and %q, want %q with %s and %s", a, b, wall, fb.first, fb.then)
			}
			if a.JSON() != vocab.FormatLogged(first) || b.JSON() != vocab.FormatLogged(second) || a.JSON() == b.JSON() {
				t.Errorf("JSON %s and %s, want %s and %s", a.JSON(), b.JSON(), vocab.FormatLogged(first), vocab.FormatLogged(second))
			}
			before := first.Add(-2 * time.Hour) // no repeated hour: the wall clock alone
			if s := stamp(before); s.String() != before.Format(TimeLayout) || !s.Time().Equal(before) {
				t.Errorf("outside the repeated hour: %q (%s)", s, s.Time())
			}
			var back Stamp
			if err := back.UnmarshalText([]byte(b.JSON())); err != nil || !back.Time().Equal(second) {
				t.Errorf("read back %q: %v", back, err)
			}
			// A report from the first occurrence to the second spans the
			// shift, not nothing.
			s := governor.New(governor.DefaultLimits())
			s.Finish()
			r := Build(s, nil, Lines{FirstStamp: first, LastStamp: second})
			if d := spanDuration(r.Span); d != fb.shift {
				t.Errorf("span %s → %s lasts %v, want %v", r.Span.First, r.Span.Last, d, fb.shift)
			}
			var js, text bytes.Buffer
			if err := WriteJSON(&js, r); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(js.String(), `"first": "`+vocab.FormatLogged(first)+`"`) || !strings.Contains(js.String(), `"last": "`+vocab.FormatLogged(second)+`"`) {
				t.Errorf("report JSON's span: %s", js.String()[:min(400, js.Len())])
			}
			if err := WriteText(&text, r); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(text.String(), wall+" "+fb.first+" → "+wall+" "+fb.then) {
				t.Errorf("report text's span: %s", text.String()[:min(400, text.Len())])
			}
		})
	}
}
