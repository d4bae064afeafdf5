package ui

import (
	"regexp"
	"testing"
)

// A group whose processes' CPU time could not be read (macOS, other users'
// processes) shows "?" in the CPU column, not 0.0 (platforms audit W8).
func TestCompetitionCPUUnknown(t *testing.T) {
	m := fixtureModel(t, 160, 40, false)
	for i := range m.snap.Groups {
		if m.snap.Groups[i].Key == "utm" {
			m.snap.Groups[i].CPUUnreadable = m.snap.Groups[i].Processes
		}
	}
	out := frame(m)
	if !regexp.MustCompile(`UTM\s+unreadable\s+\?\s`).MatchString(out) {
		t.Errorf("no unknown CPU for UTM in:\n%s", out)
	}
}
