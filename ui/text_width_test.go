package ui

import (
	"testing"

	"charm.land/lipgloss/v2"
)

// simpleWidth must agree with lipgloss wherever it answers.
func TestSimpleWidthAgreesWithLipgloss(t *testing.T) {
	for _, s := range []string{
		"plain", "\x1b[1;38;5;203mEVICTED\x1b[m idle 5m", "│ ▶ Sessions ─── ▄▄█ ◀ next (est) · ≥ 60 s …",
		"\x1b[38;2;10;20;30m┌─ Idle\x1b[0m┐", "café ±5°", "",
	} {
		n, ok := simpleWidth(s)
		if !ok {
			t.Errorf("%q: simpleWidth declined", s)
			continue
		}
		if want := lipgloss.Width(s); n != want {
			t.Errorf("%q: simpleWidth %d, lipgloss %d", s, n, want)
		}
	}
	for _, s := range []string{"日本語", "e\u0301", "\x1b]8;;x\x1b\\link", "👍"} {
		if _, ok := simpleWidth(s); ok {
			t.Errorf("%q: must be left to lipgloss", s)
		}
	}
}
