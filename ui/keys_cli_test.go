package ui

import (
	"strings"
	"testing"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/config"
)

// TestFunctionKeys: F1 opens the help and F10 quits, as in htop (issue 23
// #8: both did nothing).
func TestFunctionKeys(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	m.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	if !m.showHelp || !strings.Contains(frame(m), "Help") {
		t.Error("F1 did not open the help")
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	if m.showHelp {
		t.Error("F1 did not close the help")
	}
	_, cmd := m.Update(tea.KeyPressMsg{Code: tea.KeyF10})
	if cmd == nil {
		t.Fatal("F10: no command")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("F10 did not quit")
	}
}

// TestThemeKeyCycles: T steps through every theme, and S saves the one
// shown (issue 23 #8: no key switched the theme).
func TestThemeKeyCycles(t *testing.T) {
	m := fixtureModel(t, 120, 40, true)
	seen := []config.Theme{m.theme.Name}
	for range config.Themes {
		press(m, "T")
		seen = append(seen, m.theme.Name)
		if !strings.Contains(frame(m), "theme "+string(m.theme.Name)) {
			t.Errorf("T to %s: the footer does not say so", m.theme.Name)
		}
	}
	want := append(append([]config.Theme{}, config.Themes...), config.ThemeAuto)
	if strings.Join(themeStrings(seen), ",") != strings.Join(themeStrings(want), ",") {
		t.Errorf("T cycled %v, want %v", seen, want)
	}
	press(m, "T") // dark
	if v := m.currentView(); v.Theme != config.ThemeDark {
		t.Errorf("S would save theme %q, want dark", v.Theme)
	}
	plain := fixtureModel(t, 120, 40, false)
	press(plain, "T")
	if plain.theme.Color || !strings.Contains(frame(plain), "colour is off") {
		t.Error("T with colour off: no notice, or colour came on")
	}
}

func themeStrings(ts []config.Theme) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t)
	}
	return out
}

// TestDarkMutedIsNotBrightBlack: the dark themes' secondary text is a
// fixed grey, not ANSI 8 (SGR 90), which is the background itself on some
// palettes (issue 23 #8).
func TestDarkMutedIsNotBrightBlack(t *testing.T) {
	for _, name := range []config.Theme{config.ThemeAuto, config.ThemeDark} {
		th := ThemeNamed(name, true)
		if th.Muted.pre == "" || strings.Contains(th.Muted.pre, "90") || !strings.Contains(th.Muted.pre, "38;5;246") {
			t.Errorf("%s on dark: muted is %q, want the fixed grey 246", name, th.Muted.pre)
		}
	}
}
