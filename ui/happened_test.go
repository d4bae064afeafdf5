package ui

import (
	"strings"
	"testing"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"
)

// TestHappenedLineOpens: ↑ from the Sessions pane's top row selects the
// what-just-happened line, enter opens its details (each session it names,
// with the line it is read from), esc closes them and ↓ goes back to the
// rows; a click on the line opens it too (issue 36 #1).
func TestHappenedLineOpens(t *testing.T) {
	m := awayModel(t, 120, 40)
	if !strings.Contains(frame(m), " 13:44 the app updated itself to 2.2553.1") {
		t.Fatalf("no restart line:\n%s", frame(m))
	}
	press(m, "up")
	if !strings.Contains(frame(m), ">13:44 the app updated itself") {
		t.Fatalf("↑ from the top row did not select the line:\n%s", frame(m))
	}
	press(m, "enter")
	out := strings.Join(strings.Fields(strings.ReplaceAll(frame(m), "│", " ")), " ")
	for _, want := range []string{"What just happened (update restart)", "terraform: back (warmed 13:44:50), Remote Control on before",
		"idle-paused 13:59:55 (main.log:", "data-pipeline: back"} {
		if !strings.Contains(out, want) {
			t.Errorf("the opened line lacks %q:\n%s", want, out)
		}
	}
	if m.details != "" {
		t.Errorf("enter on the line opened the session details of %s", m.details)
	}
	press(m, "esc", "down")
	if m.openText != nil || m.onHappened {
		t.Errorf("esc and ↓ did not go back to the rows: open %v, on the line %v", m.openText != nil, m.onHappened)
	}
	m.Update(tea.MouseClickMsg{X: 10, Y: happenedRow, Button: tea.MouseLeft})
	if !strings.Contains(frame(m), "What just happened") {
		t.Errorf("a click on the line did not open it:\n%s", frame(m))
	}
	// Without a happening ↑ stays in the pane and nothing is selected.
	f := fixtureModel(t, 120, 40, false)
	f.happened = nil
	press(f, "up")
	if f.onHappened {
		t.Error("↑ selected a line that is not there")
	}
}
