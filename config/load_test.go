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
		{"last pane missing", AllPanes[:len(AllPanes)-1], nil, AllPanes, hiddenByDefault(AllPanes[len(AllPanes)-1:])},
		{"a hidden-by-default pane missing, user's own order", slices.DeleteFunc(lastFirst(), func(p Pane) bool { return p == PaneLog }), []Pane{},
			lastFirst(), []Pane{PaneLog}},
		{"first pane missing", AllPanes[1:], nil, AllPanes, nil},
		{"empty order", []Pane{}, nil, AllPanes, Default().Panes.Hidden},
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
	c, err := Parse([]byte("[panes]\norder = " + tomlPanes(AllPanes[:len(AllPanes)-1]) + "\n"))
	if err != nil || !slices.Equal(c.Panes.Order, AllPanes) {
		t.Errorf("Parse of an order without the last pane: %v, %v", c.Panes.Order, err)
	}
}

// hiddenByDefault is those of ps that a new config hides (nil: none), so
// the tests hold a pane added hidden, last, as they hold one added shown.
func hiddenByDefault(ps []Pane) []Pane {
	var out []Pane
	for _, p := range ps {
		if !Default().Panes.Visible(p) {
			out = append(out, p)
		}
	}
	return out
}

// TestLoadReadsANewerVersionsFile: a key and a pane this version does not
// know are warnings, ignored; the rest of the file is in effect.
func TestLoadReadsANewerVersionsFile(t *testing.T) {
	doc := "refresh = \"2s\"\nglow = true\n\n[panes]\norder = " + tomlPanes(slices.Insert(slices.Clone(AllPanes), 1, "graph")) + "\nhidden = [\"log\", \"graph\"]\ntint = \"blue\"\n"
	l := Load([]byte(doc))
	if len(l.Problems) != 0 {
		t.Fatalf("problems %v", l.Problems)
	}
	var warns []string
	for _, w := range l.Warnings {
		warns = append(warns, w.Error())
	}
	want := []string{
		`line 2: unknown key "glow", ignored`,
		`line 5: panes.order: unknown pane "graph", ignored (this version has ` + list(AllPanes) + `)`,
		`line 6: panes.hidden: unknown pane "graph", ignored (this version has ` + list(AllPanes) + `)`,
		`line 7: unknown key "panes.tint", ignored`,
	}
	if !slices.Equal(warns, want) {
		t.Errorf("warnings\n%q\nwant\n%q", warns, want)
	}
	wantC := Default()
	wantC.Refresh = Duration(2 * time.Second)
	wantC.Panes.Hidden = []Pane{PaneLog} // the file's list, whatever a new file hides
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
	doc := "refresh = 5\nsort = \"size\"\nmouse = \"yes\"\nnotify = true\ntheme = \"solarized\"\n[panes]\norder = [\"sessions\", \"sessions\"]\nhidden = " + tomlPanes(AllPanes) + "\n"
	l := Load([]byte(doc))
	var got []string
	for _, p := range l.Problems {
		got = append(got, p.Error())
	}
	want := []string{
		`line 1: refresh: want a duration in quotes, such as "1s" or "500ms", not 5`,
		`line 3: mouse: want true or false (no quotes), not "yes"`,
		`line 7: panes.order: "sessions" twice`,
		`line 8: panes.hidden: every pane hidden; keep one`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems\n%q\nwant\n%q", got, want)
	}
	var warns []string
	for _, w := range l.Warnings {
		warns = append(warns, w.Error())
	}
	wantWarns := []string{ // values a newer version may have: warnings, the default in effect
		`line 2: sort = "size": unknown, ignored: the default "` + string(Default().Sort) + `" is in effect (this version has ` + list(Sorts) + `)`,
		`line 5: theme = "solarized": unknown, ignored: the default "auto" is in effect (this version has auto, dark, light, high-contrast, plain)`,
	}
	if !slices.Equal(warns, wantWarns) {
		t.Errorf("warnings\n%q\nwant\n%q", warns, wantWarns)
	}
	if len(l.All()) != len(want)+2 {
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
	if l := Load([]byte(Template())); len(l.All()) != 0 || !reflect.DeepEqual(l.Config, Default()) {
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
	if !strings.Contains(Template(), want+"\n") || !strings.Contains(string(doc), "\n"+want+"\n") {
		t.Errorf("docs/commands.md's config example lacks %q", want)
	}
}
