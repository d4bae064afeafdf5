package launch

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
		if got := desktopFlag().MatchString(help); got != want {
			t.Errorf("%q: %v, want %v", help, got, want)
		}
	}
}

func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"2.1.309", "2.1.285", 1}, {"2.1.29", "2.1.285", -1}, {"2.1.285", "2.1.285", 0}, {"2.10.0", "2.9.999", 1},
		{"99999999999999999999.0.0", "2.1.309", -1}, // issue 53: no int holds it; it sorted first
	} {
		if got := CompareVersions(c.a, c.b); got != c.want {
			t.Errorf("%s vs %s: %d", c.a, c.b, got)
		}
	}
}

// Nothing is prepared for an id that is not a UUID, or when no CLI takes
// the flag; while one o is preparing or running, another is told so and
// runs nothing; its end lets the next one run.
func TestPrepareRefusesAndReports(t *testing.T) {
	probes := 0
	f := Finder{LookPath: func(string) (string, error) { return "/bin/claude", nil },
		Output: func(_ context.Context, _ string, args ...string) ([]byte, error) {
			probes++
			if args[0] == "--version" {
				return []byte("2.1.309 (Claude Code)\n"), nil
			}
			return []byte("  --desktop  open in the app\n"), nil
		}}
	o := &Opener{Finder: f}
	if run, r := o.Prepare(context.Background(), "--help"); run != nil || r.Command != "" || probes != 0 {
		t.Fatalf("a bad id: %+v, %d probes", r, probes)
	}
	id := "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f"
	run, r := o.Prepare(context.Background(), id)
	if run == nil || strings.Join(run.Argv(), " ") != "/bin/claude --desktop --resume "+id || r.CLI.Version != "2.1.309" || r.CLI.VersionFrom != "claude --version" {
		t.Fatalf("prepared %v, %+v", run, r)
	}
	if again, r := o.Prepare(context.Background(), id); again != nil || r.Why != ErrBusy.Error() || probes != 2 {
		t.Fatalf("a second o while the first runs: %v, %+v, %d probes", again, r, probes)
	}
	if res := run.Result(errors.New("no terminal")); res.Ran || !strings.Contains(res.Why, "it did not run: no terminal") {
		t.Fatalf("a run that never ran: %+v", res)
	}
	if again, _ := o.Prepare(context.Background(), id); again == nil {
		t.Fatal("after the first ended, o is still refused")
	}
	o = &Opener{Finder: f}
	o.Finder.LookPath = func(string) (string, error) { return "", errors.New("not found") }
	if run, r := o.Prepare(context.Background(), id); run != nil || !strings.Contains(r.Why, "no Claude Code CLI found") ||
		r.Command != "claude --desktop --resume "+id {
		t.Fatalf("no CLI: %+v", r)
	}
	if run, _ := o.Prepare(context.Background(), id); run != nil {
		t.Fatal("a failed prepare kept the opener busy")
	}
}

// A claude in a relative PATH entry is never run, and the reason says
// where it is instead of "not on PATH".
func TestRelativePathEntryIsSaid(t *testing.T) {
	f := Finder{LookPath: func(string) (string, error) { return filepath.Join("bin", "claude"), exec.ErrDot },
		Output: func(context.Context, string, ...string) ([]byte, error) {
			t.Fatal("a claude found through a relative PATH entry was run")
			return nil, nil
		}}
	_, err := Choose(f.Find(context.Background()))
	if err == nil || !strings.Contains(err.Error(), "relative PATH entry (bin)") || strings.Contains(err.Error(), "not on PATH") {
		t.Fatalf("Choose: %v", err)
	}
}

// The command to copy on Windows pastes into PowerShell (the call
// operator before a quoted path) and, apart, into cmd.exe.
func TestCopyCommandWindows(t *testing.T) {
	id := "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f"
	ps, cmd := CopyCommand("windows", `C:\Users\Jane Doe\AppData\Roaming\Claude\claude-code\2.1.332\claude.exe`, id)
	if ps != `& 'C:\Users\Jane Doe\AppData\Roaming\Claude\claude-code\2.1.332\claude.exe' --desktop --resume `+id {
		t.Errorf("PowerShell: %s", ps)
	}
	if cmd != `"C:\Users\Jane Doe\AppData\Roaming\Claude\claude-code\2.1.332\claude.exe" --desktop --resume `+id {
		t.Errorf("cmd: %s", cmd)
	}
	if ps, _ := CopyCommand("windows", `C:\Users\o'neil x\claude.exe`, id); !strings.HasPrefix(ps, `& 'C:\Users\o''neil x\claude.exe'`) {
		t.Errorf("a quote in the path: %s", ps)
	}
	if sh, cmd := CopyCommand("darwin", "/Users/jane/Library/Application Support/Claude/claude-code/2.1.332/claude.app/Contents/MacOS/claude", id); cmd != "" ||
		sh != "'/Users/jane/Library/Application Support/Claude/claude-code/2.1.332/claude.app/Contents/MacOS/claude' --desktop --resume "+id {
		t.Errorf("macOS: %q, %q", sh, cmd)
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

// A probe that failed is remembered: pressing o again within
// FailureMemory runs nothing, and says when it was found.
func TestProbeFailureRemembered(t *testing.T) {
	dir := testfs.TempDir(t)
	p := filepath.Join(dir, "claude")
	if err := os.WriteFile(p, []byte("v1"), 0o755); err != nil {
		t.Fatal(err)
	}
	runs := 0
	f := Finder{LookPath: func(string) (string, error) { return p, nil }, Cache: &ProbeCache{},
		Output: func(_ context.Context, _ string, args ...string) ([]byte, error) {
			runs++
			return nil, errors.New("claude " + args[0] + ": signal: killed")
		}}
	for range 50 {
		f.Find(context.Background())
	}
	c := f.Find(context.Background())
	if runs != 2 || c[0].HelpErr == nil || !strings.Contains(c[0].HelpErr.Error(), "tried again after 1m0s") {
		t.Fatalf("%d runs for 51 presses, %+v", runs, c)
	}
}
