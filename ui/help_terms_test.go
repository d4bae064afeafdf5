package ui

import (
	"strings"
	"testing"
)

// TestHelpDefinesEveryTerm: the help defines every state and term the
// screen uses, and at 80×24 no term or definition is cut (issue 23 #6:
// none of the states was defined, and the term column read
// "EVICTED, CRASHED, ST…").
func TestHelpDefinesEveryTerm(t *testing.T) {
	m := fixtureModel(t, 80, 24, false)
	lines := m.helpLines(78) // inside the help box at 80 columns
	text := strings.Join(lines, "\n")
	for _, term := range []string{"active <1m", "idle", "idle (rc)", "paused: idle", "evicted", "disconnected", "protected",
		"warm spawn", "user spawn", "yield", "sweep", "headroom", "CPU%", "EVICTED, CRASHED, STOPPED, IDLE PAUSE, LOST (bg)",
		"what just happened", "EVICTED (column)", "cap, cap − 2", "governor counts N", "NEEDS YOU", "NEXT", "sort urgent", "working"} {
		found := false
		for _, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), term) {
				found = true
			}
		}
		if !found {
			t.Errorf("the help does not define %q", term)
		}
	}
	if strings.Contains(text, "…") {
		t.Errorf("the help cuts a term or a definition at 80 columns:\n%s", text)
	}
	for i, l := range lines {
		if w := textWidth(l); w != 78 {
			t.Errorf("help line %d is %d cells wide: %q", i, w, l)
		}
	}
	// The fixture has no records: no session is known to be busy, so
	// none reads "working" (issue 23 #6: a minute's activity is no turn).
	if strings.Contains(frame(m), "working") {
		t.Errorf("the screen says working without a record:\n%s", frame(m))
	}
}
