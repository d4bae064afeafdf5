package ui

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
)

// TestCutTextEndsInEllipsis: a styled line cut to fit ends in "…", keeps
// its escape sequences whole, and padding alone falling off is no cut.
func TestCutTextEndsInEllipsis(t *testing.T) {
	th := NewTheme(true)
	styled := th.paint(th.Critical, "Pressure governor critical") + " · host normal"
	for w := 1; w < lipgloss.Width(styled); w++ {
		got := padStyled(styled, w)
		if lipgloss.Width(got) != w || !strings.HasSuffix(sgr.ReplaceAllString(got, ""), "…") {
			t.Fatalf("cut to %d: %q", w, got)
		}
	}
	if got := padStyled("abc   ", 4); got != "abc " {
		t.Errorf("padding cut: %q", got)
	}
	// The header's facts column at 60×20 is cut, and says so (at 80×24
	// its shortest wording fits, issue 36).
	m := fixtureModel(t, 60, 20, false)
	lines := strings.Split(frame(m), "\n")
	if !strings.HasSuffix(lines[1], "…") {
		t.Errorf("the pressure line is cut without an ellipsis: %q", lines[1])
	}
}
