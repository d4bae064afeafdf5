package config

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestMissingPaneTakesItsDefaultPlace: a file written before a pane existed
// (config init and S list every pane) reads with the new pane where a new
// file would have it, hidden when it is hidden by default.
func TestMissingPaneTakesItsDefaultPlace(t *testing.T) {
	cases := []struct {
		name          string
		order, hidden []Pane
		wantOrder     []Pane
		wantHidden    []Pane
	}{
		{"last pane missing", []Pane{PaneSessions, PaneRanking, PaneLog, PaneEvictions, PaneCompetition}, nil,
			AllPanes, nil},
		{"a hidden-by-default pane missing, user's own order", []Pane{PaneTimeline, PaneSessions, PaneRanking, PaneEvictions, PaneCompetition}, []Pane{},
			[]Pane{PaneTimeline, PaneSessions, PaneRanking, PaneLog, PaneEvictions, PaneCompetition}, []Pane{PaneLog}},
		{"first pane missing", []Pane{PaneRanking, PaneLog, PaneEvictions, PaneCompetition, PaneTimeline}, nil,
			AllPanes, nil},
		{"empty order", []Pane{}, nil, AllPanes, []Pane{PaneLog}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Panes{Order: tc.order, Hidden: tc.hidden}.Filled()
			if !slices.Equal(got.Order, tc.wantOrder) || !slices.Equal(got.Hidden, tc.wantHidden) {
				t.Errorf("Filled = %v hidden %v, want %v hidden %v", got.Order, got.Hidden, tc.wantOrder, tc.wantHidden)
			}
		})
	}
	// Through Parse: the old code refused this file ("missing timeline").
	c, err := Parse([]byte("[panes]\norder = [\"sessions\", \"ranking\", \"log\", \"evictions\", \"competition\"]\n"))
	if err != nil || !slices.Equal(c.Panes.Order, AllPanes) {
		t.Errorf("Parse of an order without the timeline: %v, %v", c.Panes.Order, err)
	}
}

// TestLoadReadsANewerVersionsFile: a key and a pane this version does not
// know are warnings, ignored; the rest of the file is in effect.
func TestLoadReadsANewerVersionsFile(t *testing.T) {
	doc := "refresh = \"2s\"\nglow = true\n\n[panes]\norder = [\"sessions\", \"graph\", \"ranking\", \"log\", \"evictions\", \"competition\", \"timeline\"]\nhidden = [\"log\", \"graph\"]\ntint = \"blue\"\n"
	l := Load([]byte(doc))
	if len(l.Problems) != 0 || l.ThemeErr != nil {
		t.Fatalf("problems %v, theme %v", l.Problems, l.ThemeErr)
	}
	var warns []string
	for _, w := range l.Warnings {
		warns = append(warns, w.Error())
	}
	want := []string{
		`line 2: unknown key "glow", ignored`,
		`line 5: panes.order: unknown pane "graph", ignored (this version has sessions, ranking, log, evictions, competition, timeline)`,
		`line 6: panes.hidden: unknown pane "graph", ignored (this version has sessions, ranking, log, evictions, competition, timeline)`,
		`line 7: unknown key "panes.tint", ignored`,
	}
	if !slices.Equal(warns, want) {
		t.Errorf("warnings\n%q\nwant\n%q", warns, want)
	}
	wantC := Default()
	wantC.Refresh = Duration(2 * time.Second)
	if !reflect.DeepEqual(l.Config, wantC) {
		t.Errorf("config %+v, want %+v", l.Config, wantC)
	}
	// Parse, the strict reading (config check), still refuses it.
	if _, err := Parse([]byte(doc)); err == nil {
		t.Error("Parse accepted unknown keys")
	}
}

// TestLoadNamesEveryBadKey: every bad value is its own problem with its
// key and line, and the good keys stay in effect.
func TestLoadNamesEveryBadKey(t *testing.T) {
	doc := "refresh = 5\nsort = \"size\"\nmouse = \"yes\"\nnotify = true\ntheme = \"solarized\"\n[panes]\norder = [\"sessions\", \"sessions\"]\nhidden = [\"sessions\", \"ranking\", \"log\", \"evictions\", \"competition\", \"timeline\"]\n"
	l := Load([]byte(doc))
	var got []string
	for _, p := range l.Problems {
		got = append(got, p.Error())
	}
	want := []string{
		`line 1: refresh: want a duration in quotes, such as "1s" or "500ms", not 5`,
		`line 2: sort = "size": want one of recent, idle, project, started`,
		`line 3: mouse: want true or false (no quotes), not "yes"`,
		`line 7: panes.order: "sessions" twice`,
		`line 8: panes.hidden: every pane hidden; keep one`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems\n%q\nwant\n%q", got, want)
	}
	if l.ThemeErr == nil || l.ThemeErr.Line != 5 || !strings.Contains(l.ThemeErr.Error(), "solarized") {
		t.Errorf("theme error %v", l.ThemeErr)
	}
	if len(l.All()) != len(want)+1 {
		t.Errorf("All: %v", l.All())
	}
	wantC := Default()
	wantC.Notify = true
	if !reflect.DeepEqual(l.Config, wantC) {
		t.Errorf("config %+v, want the defaults with notify on: %+v", l.Config, wantC)
	}
	if l := Load([]byte("sort = \n")); len(l.Problems) != 1 || l.Problems[0].Line != 1 {
		t.Errorf("syntax: %v", l.Problems)
	}
	if l := Load([]byte(Template)); len(l.All()) != 0 || !reflect.DeepEqual(l.Config, Default()) {
		t.Errorf("the template loads with %v, %+v", l.All(), l.Config)
	}
}

// TestCommandsDocConfigListsEveryPane: the config example in
// docs/commands.md lists the panes as the template does.
func TestCommandsDocConfigListsEveryPane(t *testing.T) {
	doc, err := os.ReadFile("../docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	want := "order = " + quotedList(Default().Panes.Order)
	if !strings.Contains(Template, want+"\n") || !strings.Contains(string(doc), "\n"+want+"\n") {
		t.Errorf("docs/commands.md's config example lacks %q", want)
	}
}
