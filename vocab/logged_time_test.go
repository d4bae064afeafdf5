package vocab

import (
	"testing"
	"time"
	_ "time/tzdata" // the zones below on any machine
)

// fallBack is a zone's 2026 fall-back: a wall clock inside the repeated
// hour (half hour at Lord Howe), and how far the clocks go back.
type fallBack struct {
	zone  string
	wall  time.Time // in UTC: only its fields are used
	shift time.Duration
}

var fallBacks = []fallBack{
	{"America/New_York", time.Date(2026, 11, 1, 1, 30, 0, 0, time.UTC), time.Hour},
	{"Europe/London", time.Date(2026, 10, 25, 1, 30, 0, 0, time.UTC), time.Hour},
	{"Australia/Sydney", time.Date(2026, 4, 5, 2, 30, 0, 0, time.UTC), time.Hour},
	{"Australia/Lord_Howe", time.Date(2026, 4, 5, 1, 45, 0, 0, time.UTC), 30 * time.Minute},
}

func inZone(t *testing.T, w time.Time, zone string) time.Time {
	t.Helper()
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	return time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), w.Second(), 0, loc)
}

// The repeated wall clock's two instants, the zone's own shift apart, with
// the same wall clock and each written with its own offset.
func TestRepeatedWallInEachZone(t *testing.T) {
	for _, fb := range fallBacks {
		t.Run(fb.zone, func(t *testing.T) {
			read := inZone(t, fb.wall, fb.zone)
			first, second, ok := RepeatedWall(read)
			if !ok {
				t.Fatalf("%v: not seen as repeated", read)
			}
			if got := second.Sub(first); got != fb.shift {
				t.Fatalf("occurrences %v apart, want %v", got, fb.shift)
			}
			if first.Format(time.DateTime) != second.Format(time.DateTime) {
				t.Fatalf("wall clocks differ: %v, %v", first, second)
			}
			if FormatLogged(first) == FormatLogged(second) {
				t.Fatalf("both occurrences write %s", FormatLogged(first))
			}
			// Both readings name the same pair.
			f2, s2, ok := RepeatedWall(second)
			if !ok || !f2.Equal(first) || !s2.Equal(second) {
				t.Fatalf("from the second: %v %v %v", f2, s2, ok)
			}
			for _, o := range []time.Time{first, second} {
				back, err := ParseLogged(FormatLogged(o), o.Location())
				if err != nil || !back.Equal(o) {
					t.Fatalf("round trip of %s: %v %v", FormatLogged(o), back, err)
				}
			}
			// An hour outside the repeated one is no twin.
			if _, _, ok := RepeatedWall(first.Add(-fb.shift - time.Minute)); ok {
				t.Fatal("the hour before the change seen as repeated")
			}
			if _, _, ok := RepeatedWall(second.Add(fb.shift)); ok {
				t.Fatal("the hour after the change seen as repeated")
			}
		})
	}
}

// A stamp that goes back in the repeated hour is its second occurrence; a
// line really out of order, or one that goes forward, stays as read.
func TestInOrderAcrossFallBack(t *testing.T) {
	for _, fb := range fallBacks {
		t.Run(fb.zone, func(t *testing.T) {
			first, second, _ := RepeatedWall(inZone(t, fb.wall, fb.zone))
			if got := ReadInOrder(time.Time{}, second); !got.Equal(first) {
				t.Fatalf("with nothing before, %v is read as %v", second, got)
			}
			if got := ReadInOrder(first.Add(time.Minute), second); !got.Equal(second) {
				t.Fatalf("after the first, %v is read as %v", second, got)
			}
			if got := ReadInOrder(first.Add(-time.Minute), second); !got.Equal(first) {
				t.Fatalf("before the first, %v is read as %v", second, got)
			}
			prev := first.Add(fb.shift / 2) // later in the first occurrence's wall clock, or past the change
			if got := InOrder(prev, first); !got.Equal(second) {
				t.Fatalf("InOrder(%s, %s) = %s, want %s", FormatLogged(prev), FormatLogged(first), FormatLogged(got), FormatLogged(second))
			}
			if got := InOrder(first.Add(-time.Minute), first); !got.Equal(first) {
				t.Fatalf("going forward: %s", FormatLogged(got))
			}
			if got := InOrder(second, second); !got.Equal(second) {
				t.Fatalf("the second occurrence moved: %s", FormatLogged(got))
			}
			out := first.Add(-fb.shift - 10*time.Minute) // before the repeated hour
			if got := InOrder(prev, out); !got.Equal(out) {
				t.Fatalf("a line out of order moved: %s", FormatLogged(got))
			}
		})
	}
}

// JSON times carry their offset; UTC keeps its Z; an older zoneless form
// is still read, in the reader's zone.
func TestFormatLoggedOffset(t *testing.T) {
	ny := inZone(t, time.Date(2026, 11, 1, 1, 30, 0, 0, time.UTC), "America/New_York")
	_, second, _ := RepeatedWall(ny)
	if got := FormatLogged(second); got != "2026-11-01T01:30:00-05:00" {
		t.Fatalf("second occurrence: %s", got)
	}
	if got := FormatLogged(second.Add(-time.Hour)); got != "2026-11-01T01:30:00-04:00" {
		t.Fatalf("first occurrence: %s", got)
	}
	if got := FormatLogged(time.Date(2026, 9, 4, 6, 46, 54, 745e6, time.UTC)); got != "2026-09-04T06:46:54.745Z" {
		t.Fatalf("UTC: %s", got)
	}
	old, err := ParseLogged("2026-09-04T06:46:54", ny.Location())
	if err != nil || old.Format(time.RFC3339) != "2026-09-04T06:46:54-04:00" {
		t.Fatalf("zoneless: %v %v", old, err)
	}
}
