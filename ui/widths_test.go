package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// sessionsHeading is the Sessions pane's heading line in frame out.
func sessionsHeading(t *testing.T, out string) string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "STATE") && (strings.Contains(l, "PROJECT") || strings.Contains(l, "NAME")) {
			return l
		}
	}
	t.Fatalf("no Sessions heading:\n%s", out)
	return ""
}

// TestEmptyColumnsTakeNoWidth: a column empty for every row (TIMEOUT in
// the fixture; EV before any eviction) takes no width, and the ID column
// is gone to the details (issue 36 #2).
func TestEmptyColumnsTakeNoWidth(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		m := fixtureModel(t, sz[0], sz[1], false)
		head := sessionsHeading(t, frame(m))
		if strings.Contains(head, "TIMEOUT") || regexp.MustCompile(`\bID\b`).MatchString(head) {
			t.Errorf("%dx%d: an empty TIMEOUT or the ID column takes width: %q", sz[0], sz[1], head)
		}
		if !strings.Contains(head, "EV") {
			t.Errorf("%dx%d: the fixture has evictions and no EV column: %q", sz[0], sz[1], head)
		}
		if regexp.MustCompile(`\b[0-9a-f]{8}\b`).MatchString(frame(m)) {
			t.Errorf("%dx%d: a short id on the first screen:\n%s", sz[0], sz[1], frame(m))
		}
	}
	// Before the evictions: no EV column; with an idle timer: NEXT, its
	// countdown (issue 46: the TIMEOUT column's figure).
	m := New(Options{Mode: ModeLive, Clock: fixtureClock, Version: "test"})
	m.Update(sizeMsg(120, 40))
	lines := strings.SplitAfter(fixtureLog, "\n")
	m.Update(UpdatesMsg{{Events: parseLog(t, "main.log", strings.Join(lines[:16], ""))}})
	head := sessionsHeading(t, frame(m))
	if strings.Contains(head, "EV ") || !strings.Contains(head, "NEXT") || !strings.Contains(frame(m), "paused in ") {
		t.Errorf("before any eviction, with a timer armed: %q", head)
	}
}

// TestNeedsYouBlankWhenUnknown: NEEDS YOU shows nothing for a session
// whose record says nothing, not a column of "?" (issue 36 #2).
func TestNeedsYouBlankWhenUnknown(t *testing.T) {
	m := recordsModel(t, 120, 40)
	out := frame(m)
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, " idle ") && strings.Contains(l, " ? ") {
			t.Errorf("a ? in NEEDS YOU: %q", l)
		}
	}
	if !strings.Contains(out, "Bash · 8m") {
		t.Errorf("the waiting session lost its cell:\n%s", out)
	}
}

// TestReasonsWithoutFileLine: the Evictions rows give their width to the
// cause; the line it is read from (file:line) and a risk's evidence are
// in what enter opens (issue 36 #2), at every width.
func TestReasonsWithoutFileLine(t *testing.T) {
	m := fixtureModel(t, 200, 50, false)
	for _, w := range []int{56, 78, 118, 198} {
		c := m.paneContent(paneEvictions, w)
		rows := c.filtered("")
		if rows.n == 0 {
			t.Fatal("no Evictions rows: the test proves nothing")
		}
		for i := range rows.n {
			r := rows.at(i)
			if strings.Contains(r.plain, "main.log:") || strings.Contains(r.plain, "pressure warning logged") {
				t.Errorf("at %d a row spends its width on evidence: %q", w, r.plain)
			}
			if !strings.Contains(strings.Join(r.details(), "\n"), "main.log:") && !strings.Contains(r.plain, "AT RISK") &&
				!strings.Contains(r.plain, "pressure") && !strings.Contains(r.plain, "yield") {
				t.Errorf("at %d enter on %q does not open its line", w, r.plain)
			}
		}
	}
}

// TestNamesTakeTheRoom: a long session name is whole in the Sessions pane
// and the idle ranking at 120×40 (issue 36 #2: "Design syst…" cut to 12
// characters while the bar took the room).
func TestNamesTakeTheRoom(t *testing.T) {
	m := New(Options{Mode: ModeLive, Clock: fixtureClock, Version: "test"})
	m.Update(sizeMsg(120, 40))
	log := strings.ReplaceAll(fixtureLog, "/Users/u/projects/docs", "/Users/u/projects/design-system-docs")
	u := fixtureUpdate(t)
	u.Events = parseLog(t, "main.log", log)
	m.Update(UpdatesMsg{u})
	out := frame(m)
	if n := strings.Count(out, "design-system-docs"); n < 2 {
		t.Errorf("the name is whole %d times, want the Sessions pane and the ranking:\n%s", n, out)
	}
}

func fixtureClock() time.Time { return fixedNow }
