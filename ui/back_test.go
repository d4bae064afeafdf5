package ui

import (
	"strings"
	"testing"
)

// TestLossesThatCameBackSaySo: after the away story's update restart, the
// six sessions it stopped all came back: their rows say "back" and are
// history, while the two idle-paused ones are not (issue 36: six STOPPED
// rows read as six sessions lost).
func TestLossesThatCameBackSaySo(t *testing.T) {
	m := awayModel(t, 200, 50)
	c := m.paneContent(paneEvictions, 198)
	stopped, paused := 0, 0
	rows := c.filtered("")
	for i := range rows.n {
		r := rows.at(i)
		switch {
		case strings.Contains(r.plain, "STOPPED"):
			stopped++
			// billing-api's says its turn was cut before ", back" (issue 35).
			if !strings.Contains(r.plain, "update restart") || !strings.Contains(r.plain, ", back") {
				t.Errorf("a stopped session that came back: %q", r.plain)
			}
		case strings.Contains(r.plain, "IDLE PAUSE") && strings.Contains(r.plain, "13:59:55"):
			paused++
			if strings.Contains(r.plain, ", back") {
				t.Errorf("a session still paused reads as back: %q", r.plain)
			}
		}
	}
	if stopped != 6 || paused != 2 {
		t.Errorf("%d stopped and %d paused rows, want 6 and 2", stopped, paused)
	}
}
