package launch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
)

func TestDesktopFlagInHelp(t *testing.T) {
	for help, want := range map[string]bool{
		"  --desktop   Open in the desktop app\n":             true,
		"Options:\n  -d, --desktop, --continue\n":             true,
		"  --resume [id]\n  --desktop-notifications  bells\n": false,
		"  claude --desktop-mode\n":                           false,
		"":                                                    false,
		"  [--desktop]":                                       true,
	} {
		if got := desktopFlag.MatchString(help); got != want {
			t.Errorf("%q: %v, want %v", help, got, want)
		}
	}
}

func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"2.1.309", "2.1.285", 1}, {"2.1.29", "2.1.285", -1}, {"2.1.285", "2.1.285", 0}, {"2.10.0", "2.9.999", 1}} {
		if got := CompareVersions(c.a, c.b); got != c.want {
			t.Errorf("%s vs %s: %d", c.a, c.b, got)
		}
	}
}

// Nothing runs for an id that is not a UUID, or when no CLI takes the
// flag; a failing command says how it failed.
func TestOpenRefusesAndReports(t *testing.T) {
	started := 0
	start := func(argv []string) (func() (string, error), error) {
		started++
		return func() (string, error) { return "Error: session not found\nmore", errors.New("exit status 1") }, nil
	}
	f := Finder{LookPath: func(string) (string, error) { return "/bin/claude", nil },
		Output: func(_ context.Context, _ string, args ...string) ([]byte, error) {
			if args[0] == "--version" {
				return []byte("2.1.309 (Claude Code)\n"), nil
			}
			return []byte("  --desktop  open in the app\n"), nil
		}}
	o := Opener{Finder: f, Start: start, Wait: time.Second}
	if r := o.Open(context.Background(), "--help"); r.Ran || r.Command != "" || started != 0 {
		t.Fatalf("a bad id: %+v, %d started", r, started)
	}
	r := o.Open(context.Background(), "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f")
	if r.Ran || started != 1 || !strings.Contains(r.Why, "exit status 1: Error: session not found") || strings.Contains(r.Why, "more") {
		t.Fatalf("a failing claude: %+v", r)
	}
	if r.CLI.Version != "2.1.309" || r.CLI.VersionFrom != "claude --version" {
		t.Fatalf("version %+v", r.CLI)
	}
	o.Finder.LookPath = func(string) (string, error) { return "", errors.New("not found") }
	if r := o.Open(context.Background(), "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f"); r.Ran || !strings.Contains(r.Why, "no Claude Code CLI found") ||
		r.Command != "claude --desktop --resume 6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f" || started != 1 {
		t.Fatalf("no CLI: %+v", r)
	}
}

// The app's claude-code/<version>/ folders, in each OS's layout, newest
// version first; a folder that is not a version, or holds no program, is
// not a CLI.
func TestAppCLIsLayouts(t *testing.T) {
	dir := testfs.TempDir(t) // removable under Wine too
	write := func(rel string) {
		p := filepath.Join(append([]string{dir, "claude-code"}, strings.Split(rel, "/")...)...)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("2.1.309/claude.app/Contents/MacOS/claude") // macOS
	write("2.1.40/claude.exe")                        // Windows
	write("2.1.285/claude")                           // Linux
	write("latest/claude")                            // not a version
	// A version folder with no program in it.
	if err := os.MkdirAll(filepath.Join(dir, "claude-code", "2.1.400"), 0o755); err != nil {
		t.Fatal(err)
	}
	got := appCLIs([]string{dir, filepath.Join(dir, "missing")})
	var versions []string
	for _, c := range got {
		versions = append(versions, c.version)
	}
	if strings.Join(versions, " ") != "2.1.309 2.1.285 2.1.40" {
		t.Fatalf("versions %q", versions)
	}
	if !strings.HasSuffix(got[0].path, filepath.Join("claude.app", "Contents", "MacOS", "claude")) || !strings.HasSuffix(got[2].path, "claude.exe") {
		t.Fatalf("paths %+v", got)
	}
}

// A second probe of an unchanged program runs nothing; a changed one
// (another size or time: an update) is probed again.
func TestProbeCache(t *testing.T) {
	dir := testfs.TempDir(t)
	p := filepath.Join(dir, "claude")
	if err := os.WriteFile(p, []byte("v1"), 0o755); err != nil {
		t.Fatal(err)
	}
	runs := 0
	f := Finder{LookPath: func(string) (string, error) { return p, nil }, Cache: &ProbeCache{},
		Output: func(_ context.Context, _ string, args ...string) ([]byte, error) {
			runs++
			if args[0] == "--version" {
				return []byte("2.1.309 (Claude Code)"), nil
			}
			return []byte("  --desktop"), nil
		}}
	f.Find(context.Background())
	if c := f.Find(context.Background()); runs != 2 || !c[0].Desktop || c[0].Version != "2.1.309" {
		t.Fatalf("%d runs, %+v", runs, c)
	}
	if err := os.WriteFile(p, []byte("v2, updated"), 0o755); err != nil {
		t.Fatal(err)
	}
	f.Find(context.Background())
	if runs != 4 {
		t.Fatalf("a changed program was not probed again: %d runs", runs)
	}
}
