package config

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestTemplateParsesToDefault(t *testing.T) {
	c, err := Parse([]byte(Template()))
	if err != nil {
		t.Fatalf("Parse(Template): %v", err)
	}
	if !reflect.DeepEqual(c, Default()) {
		t.Errorf("Parse(Template) = %+v, want Default() %+v", c, Default())
	}
	if err := Default().Validate(); err != nil {
		t.Errorf("Default() does not validate: %v", err)
	}
}

func TestParseKeepsDefaultsForMissingKeys(t *testing.T) {
	c, err := Parse([]byte("refresh = \"2s\"\nmouse = false\n[panes]\nhidden = []\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.Refresh = Duration(2 * time.Second)
	want.Mouse = false
	want.Panes.Hidden = []Pane{}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got %+v, want %+v", c, want)
	}
	if !c.Panes.Visible(PaneLog) {
		t.Error("hidden = [] still hides the log")
	}
}

func TestEncodeRoundTrips(t *testing.T) {
	c := Default()
	c.Sort, c.Theme, c.Notify = SortIdle, ThemeHighContrast, true
	c.Refresh = Duration(250 * time.Millisecond)
	c.Panes.Order = lastFirst()
	c.Panes.Hidden = []Pane{PaneCompetition}
	b, err := Encode(c)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(b)
	if err != nil {
		t.Fatalf("Parse(Encode(c)): %v\n%s", err, b)
	}
	if !reflect.DeepEqual(back, c) {
		t.Errorf("round trip: got %+v, want %+v\n%s", back, c, b)
	}
}

func TestParseErrorsNameKeyAndLine(t *testing.T) {
	cases := []struct {
		name, doc string
		line      int
		key, msg  string
	}{
		{"unknown top-level key", "refresh = \"1s\"\ncolour = \"red\"\n", 2, "colour", `unknown key "colour"`},
		{"unknown key in a table", "[panes]\norder = " + tomlPanes(AllPanes) + "\nhiden = []\n", 3, "panes.hiden", `unknown key "panes.hiden"`},
		{"unknown table", "\n\n[colors]\nok = \"green\"\n", 3, "colors", `unknown key "colors`},
		{"several unknown keys", "a = 1\nb = 2\n", 1, "a", `unknown key "a"; also "b" (line 2)`},
		{"unknown key in an inline table", "panes = { hiden = [] }\n", 1, "panes.hiden", `unknown key "panes.hiden"`},
		{"dotted unknown key", "panes.ordr = []\n", 1, "panes.ordr", `unknown key "panes.ordr"`},
		{"bool as text", "\nmouse = \"yes\"\n", 2, "mouse", `mouse: want true or false (no quotes), not "yes"`},
		{"duration as number", "refresh = 5\n", 1, "refresh", `refresh: want a duration in quotes, such as "1s" or "500ms", not 5`},
		{"theme as bool", "theme = true\n", 1, "theme", `theme: want a theme in quotes: "auto", "dark"`},
		{"panes as text", "panes = \"all\"\n", 1, "panes", `panes: want a table, not "all"`},
		{"order of numbers", "[panes]\norder = [1, 2]\n", 2, "panes.order", `panes.order: want a list of pane names in quotes`},
		{"table for a value", "[mouse]\n", 1, "mouse", `[mouse]: want true or false`},
		{"wrong type", "mouse = \"yes\"\n", 1, "mouse", "mouse:"},
		{"bad duration", "\nrefresh = \"soon\"\n", 2, "refresh", "not a duration"},
		{"refresh too short", "\n\nrefresh = \"10ms\"\n", 3, "refresh", "from 100ms"},
		{"unknown sort", "# c\nsort = \"size\"\n", 2, "sort", "want one of urgent, recent, idle, project, started"},
		{"unknown theme", "theme = \"solarized\"\n", 1, "theme", "high-contrast"},
		{"unknown pane", "[panes]\n\norder = [\"sessions\", \"graph\"]\n", 3, "panes.order", `unknown pane "graph"`},
		{"pane twice", "[panes]\norder = [\"sessions\", \"sessions\"]\n", 2, "panes.order", "twice"},
		{"every pane hidden", "[panes]\nhidden = " + tomlPanes(AllPanes) + "\n", 2, "panes.hidden", "keep one"},
		{"syntax", "sort = \n", 1, "", "unexpected character"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.doc))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("Parse: %v (%T), want *Error", err, err)
			}
			if ce.Line != tc.line || ce.Key != tc.key || !strings.Contains(ce.Error(), tc.msg) {
				t.Errorf("got line %d key %q %q; want line %d key %q containing %q", ce.Line, ce.Key, ce.Error(), tc.line, tc.key, tc.msg)
			}
			for _, leak := range []string{"struct field", "config.", "of type", "TOML string"} {
				if strings.Contains(ce.Error(), leak) {
					t.Errorf("%q speaks Go, not plain words (%q)", ce.Error(), leak)
				}
			}
			if !strings.HasPrefix(ce.Error(), "line ") {
				t.Errorf("%q does not start with its line", ce.Error())
			}
		})
	}
}

func TestPath(t *testing.T) {
	env := func(goos, home string, vars ...string) Env {
		m := map[string]string{}
		for i := 0; i+1 < len(vars); i += 2 {
			m[vars[i]] = vars[i+1]
		}
		return Env{GOOS: goos, Home: home, Getenv: func(k string) string { return m[k] }}
	}
	cases := []struct {
		name string
		env  Env
		want string
	}{
		{"linux xdg", env("linux", "/home/ann", "XDG_CONFIG_HOME", "/home/ann/.cfg"), "/home/ann/.cfg/coworktop/config.toml"},
		{"linux no xdg", env("linux", "/home/ann"), "/home/ann/.config/coworktop/config.toml"},
		{"linux relative xdg ignored", env("linux", "/home/ann", "XDG_CONFIG_HOME", "cfg"), "/home/ann/.config/coworktop/config.toml"},
		{"freebsd", env("freebsd", "/home/ann"), "/home/ann/.config/coworktop/config.toml"},
		{"macos", env("darwin", "/Users/ann", "XDG_CONFIG_HOME", "/elsewhere"), "/Users/ann/Library/Application Support/coworktop/config.toml"},
		{"windows", env("windows", `C:\Users\ann`, "APPDATA", `C:\Users\ann\AppData\Roaming`), `C:\Users\ann\AppData\Roaming\coworktop\config.toml`},
		{"override", env("darwin", "/Users/ann", EnvVar, "/etc/cw.toml"), "/etc/cw.toml"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Path(tc.env)
			if err != nil || got != tc.want {
				t.Errorf("Path = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
	for _, e := range []Env{env("windows", `C:\Users\ann`), env("darwin", ""), env("linux", "")} {
		if p, err := Path(e); err == nil {
			t.Errorf("Path(%s, no home) = %q, want an error", e.GOOS, p)
		}
	}
}
