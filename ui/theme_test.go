package ui

import (
	"errors"
	"image/color"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/config"
)

func themedModel(t *testing.T, w, h int, v View) *Model {
	t.Helper()
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return fixedNow }, Color: true, Version: "test", View: v})
	m.Update(sizeMsg(w, h))
	m.Update(UpdatesMsg{fixtureUpdate(t)})
	return m
}

// TestGoldenLightTheme pins the coloured frame in the light theme
// (testdata/TestGoldenLightTheme.golden; -update rewrites it).
func TestGoldenLightTheme(t *testing.T) {
	m := themedModel(t, 120, 40, View{Theme: config.ThemeLight})
	out := frame(m)
	if !strings.Contains(out, "\x1b[") {
		t.Fatal("light theme frame has no colour")
	}
	golden.RequireEqual(t, []byte(out))
}

func TestThemesDiffer(t *testing.T) {
	frames := map[config.Theme]string{}
	for _, name := range config.Themes {
		frames[name] = frame(themedModel(t, 120, 40, View{Theme: name}))
	}
	if frames[config.ThemeAuto] != frames[config.ThemeDark] {
		t.Error("auto before the terminal answers should draw as dark")
	}
	for _, pair := range [][2]config.Theme{{config.ThemeDark, config.ThemeLight}, {config.ThemeDark, config.ThemeHighContrast}, {config.ThemeLight, config.ThemeHighContrast}} {
		if frames[pair[0]] == frames[pair[1]] {
			t.Errorf("%s and %s draw the same frame", pair[0], pair[1])
		}
	}
	if strings.Contains(frames[config.ThemePlain], "\x1b") {
		t.Error("plain theme drew an escape sequence")
	}
	// NO_COLOR (Color false) wins over any theme.
	m := New(Options{Clock: func() time.Time { return fixedNow }, Color: false, View: View{Theme: config.ThemeHighContrast}})
	m.Update(sizeMsg(120, 40))
	m.Update(UpdatesMsg{fixtureUpdate(t)})
	if strings.Contains(frame(m), "\x1b") {
		t.Error("colour off, high-contrast theme: escape sequence drawn")
	}
}

// TestAutoThemeFollowsBackground: the adapting theme asks the terminal for
// its background at start and redraws for a light one; a pinned theme does not.
func TestAutoThemeFollowsBackground(t *testing.T) {
	white := tea.BackgroundColorMsg{Color: color.White}
	light := frame(themedModel(t, 120, 40, View{Theme: config.ThemeLight}))

	m := themedModel(t, 120, 40, View{Theme: config.ThemeAuto})
	if !m.theme.adapts() {
		t.Fatal("auto theme does not adapt")
	}
	dark := frame(m)
	m.Update(white)
	if got := frame(m); got != light {
		t.Error("auto theme on a white background does not draw as the light theme")
	}
	m.Update(tea.BackgroundColorMsg{Color: color.Black})
	if got := frame(m); got != dark {
		t.Error("auto theme back on black does not draw as dark")
	}

	pinned := themedModel(t, 120, 40, View{Theme: config.ThemeDark})
	before := frame(pinned)
	pinned.Update(white)
	if frame(pinned) != before {
		t.Error("the dark theme changed on a light background")
	}
	hc := themedModel(t, 120, 40, View{Theme: config.ThemeHighContrast})
	hcDark := frame(hc)
	hc.Update(white)
	if frame(hc) == hcDark {
		t.Error("high contrast did not adapt to a light background")
	}
}

func TestSortNamesMatchConfig(t *testing.T) {
	if len(config.Sorts) != int(sortCount) {
		t.Fatalf("config has %d sorts, the screen %d", len(config.Sorts), sortCount)
	}
	for i, s := range config.Sorts {
		if sessionSort(i).String() != string(s) {
			t.Errorf("sort %d: screen %q, config %q", i, sessionSort(i), s)
		}
	}
}

func TestViewFromConfig(t *testing.T) {
	// The order is config.AllPanes backwards; the visible panes follow it.
	order := slices.Clone(config.AllPanes)
	slices.Reverse(order)
	hidden := []config.Pane{config.PaneCompetition, config.PaneSessions}
	v := View{Sort: config.SortIdle, Panes: config.Panes{Order: order, Hidden: hidden}, NoMouse: true}
	m := themedModel(t, 120, 40, v)
	var want []paneID
	for _, name := range order {
		if id, ok := paneNamed(name); ok && !slices.Contains(hidden, name) {
			want = append(want, id)
		}
	}
	if got := m.visiblePanes(); !slices.Equal(got, want) {
		t.Errorf("visible panes %v, want %v", got, want)
	}
	if m.focus != want[0] {
		t.Errorf("focus on %v with sessions hidden, want the first visible pane, %v", m.focus, want[0])
	}
	out := frame(m)
	for _, title := range []string{"Idle ranking", "Event log", "Memory timeline", "Evictions"} {
		if !strings.Contains(out, title) {
			t.Errorf("frame lacks %q", title)
		}
	}
	for _, title := range []string{"Sessions", "Competition"} {
		if strings.Contains(out, title) {
			t.Errorf("hidden pane %q drawn", title)
		}
	}
	if got := strings.Count(out, "\n") + 1; got != 40 {
		t.Errorf("frame has %d lines, want 40", got)
	}
	if m.sortBy != sortIdle {
		t.Errorf("sort %v, want idle", m.sortBy)
	}
	if m.View().MouseMode != tea.MouseModeNone {
		t.Error("mouse = false still captures the mouse")
	}
	if themedModel(t, 120, 40, View{}).View().MouseMode != tea.MouseModeCellMotion {
		t.Error("the default does not capture the mouse wheel")
	}
}

func TestSaveViewKey(t *testing.T) {
	var saved []View
	m := New(Options{Clock: func() time.Time { return fixedNow }, View: View{Theme: config.ThemeHighContrast},
		SaveView: func(v View) (string, error) { saved = append(saved, v); return "the config file", nil }})
	m.Update(sizeMsg(120, 40))
	press(m, "s", "s", "l") // urgent → recent → idle
	cmd := press(m, "S")
	if cmd == nil {
		t.Fatal("S returned no command")
	}
	m.Update(cmd())
	if len(saved) != 1 {
		t.Fatalf("SaveView called %d times", len(saved))
	}
	v := saved[0]
	if v.Sort != config.SortIdle || v.Theme != config.ThemeHighContrast || !v.Panes.Visible(config.PaneLog) || len(v.Panes.Order) != len(config.AllPanes) {
		t.Errorf("saved %+v, want sort idle, high contrast, the log shown, every pane in order", v)
	}
	c := config.Default()
	c.Sort, c.Theme, c.Panes = v.Sort, v.Theme, v.Panes
	if err := c.Validate(); err != nil {
		t.Errorf("saved view does not validate: %v", err)
	}
	if !strings.Contains(frame(m), "view saved to the config file") {
		t.Error("no notice after S")
	}
	press(m, "down")
	if strings.Contains(frame(m), "view saved") {
		t.Error("the notice outlived the next key")
	}

	failing := New(Options{SaveView: func(View) (string, error) { return "", errors.New("read-only\nfolder") }})
	failing.Update(sizeMsg(120, 40))
	failing.Update(press(failing, "S")())
	if out := frame(failing); !strings.Contains(out, "S: not saved: read-only") || strings.Contains(out, "folder") {
		t.Error("a failed save is not reported on one line")
	}
	none := New(Options{})
	none.Update(sizeMsg(120, 40))
	if press(none, "S") != nil || !strings.Contains(frame(none), "no config file") {
		t.Error("S without a config file says nothing")
	}
}

// TestWarningShownAtStart: a warning from the command line (an exposed
// --metrics-addr) is in the footer at start, until a key is pressed.
func TestWarningShownAtStart(t *testing.T) {
	m := New(Options{Warning: "warning: 0.0.0.0:9977 is reachable from other machines"})
	m.Update(sizeMsg(120, 40))
	lines := strings.Split(frame(m), "\n")
	if !strings.Contains(lines[len(lines)-1], "reachable from other machines") {
		t.Fatalf("footer %q lacks the warning", lines[len(lines)-1])
	}
	press(m, "down")
	if strings.Contains(frame(m), "reachable") {
		t.Error("the warning outlived the first key")
	}
}
