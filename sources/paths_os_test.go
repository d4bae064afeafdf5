package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
)

// probedBySource finds the probed folder whose source starts with src.
func probedBySource(t *testing.T, d Discovery, src string) ProbedDir {
	t.Helper()
	for _, p := range d.Probed {
		if strings.HasPrefix(p.Source, src) {
			return p
		}
	}
	t.Fatalf("no folder probed from %q: %+v", src, d.Probed)
	return ProbedDir{}
}

// Every Windows folder the app is known to log to is probed, the MSIX
// package is found by its name's prefix whatever its publisher hash, the
// newest main.log wins, and each other folder says why it was not used.
func TestDiscoverWindowsEveryFolder(t *testing.T) {
	root := testfs.TempDir(t)
	local, roaming := filepath.Join(root, "Local"), filepath.Join(root, "Roaming")
	pkg := filepath.Join(local, "Packages", "CLAUDE_otherhash", "LocalCache")
	writeAged(t, filepath.Join(local, "Claude", "Logs", "main.log"), 10, 72*time.Hour)
	writeAged(t, filepath.Join(pkg, "Roaming", "Claude", "logs", "main.log"), 10, time.Hour)
	writeAged(t, filepath.Join(pkg, "Roaming", "Claude", "logs", "main1.log"), 10, 5*time.Hour)
	writeAged(t, filepath.Join(pkg, "Local", "Claude-3p", "logs", "main.log"), 10, 48*time.Hour)
	writeAged(t, filepath.Join(local, "Packages", "NotClaude_x", "LocalCache", "Roaming", "Claude", "logs", "main.log"), 10, 0)
	if err := os.MkdirAll(filepath.Join(roaming, "Claude-3p", "logs"), 0o755); err != nil {
		t.Fatal(err)
	}
	in := DiscoverInput{GOOS: "windows", Home: root, Join: filepath.Join,
		Getenv: envOf(map[string]string{"LOCALAPPDATA": local, "APPDATA": roaming})}
	d := DiscoverWith(in)
	want := filepath.Join(pkg, "Roaming", "Claude", "logs")
	if d.Chosen != want || !strings.Contains(d.Reason, "newest main.log of 4 folders found") {
		t.Fatalf("chose %q (%s), want the MSIX Roaming folder", d.Chosen, d.Reason)
	}
	if len(d.Probed) != 7 {
		t.Fatalf("probed %d folders, want 7 (Local, Roaming, three of the package, Roaming and Local 3P): %+v", len(d.Probed), d.Probed)
	}
	for _, c := range []struct{ src, use string }{
		{"MSIX package CLAUDE_otherhash, LocalCache\\Roaming", "used"},
		{"%LOCALAPPDATA%", "not used: its newest log was written"},
		{"MSIX package CLAUDE_otherhash, LocalCache\\Local (Cowork on 3P)", "not used: its newest log was written"},
		{"MSIX package CLAUDE_otherhash, LocalCache\\Local", "not used"},
		{"%APPDATA% (Cowork on 3P)", "not used: no known logs"},
		{"%LOCALAPPDATA% (Cowork on 3P)", "not used: missing"},
		{"%APPDATA%", "not used: missing"},
	} {
		if p := probedBySource(t, d, c.src); !strings.HasPrefix(p.Use, c.use) {
			t.Errorf("%s: use %q, want %q…", c.src, p.Use, c.use)
		}
	}
	if p := probedBySource(t, d, "%LOCALAPPDATA%"); !strings.Contains(p.Use, "older history") {
		t.Errorf("an older folder should say it may hold older history: %q", p.Use)
	}
	for _, p := range d.Probed {
		if strings.Contains(p.Path, "NotClaude") || strings.Contains(p.Source, msixPackage) {
			t.Errorf("probed %s (%s): only the packages found are probed", p.Path, p.Source)
		}
	}
}

// Cowork on third-party platforms logs to ~/Library/Logs/Claude-3p on
// macOS; it is used when the app's own folder is missing.
func TestDiscoverDarwinClaude3p(t *testing.T) {
	home := testfs.TempDir(t)
	third := filepath.Join(home, "Library", "Logs", "Claude-3p")
	writeAged(t, filepath.Join(third, "main.log"), 10, time.Minute)
	d := DiscoverWith(DiscoverInput{GOOS: "darwin", Home: home, Join: filepath.Join})
	if d.Chosen != third || d.Reason != "the only folder found" {
		t.Fatalf("chose %q (%s)", d.Chosen, d.Reason)
	}
	if p := probedBySource(t, d, "macOS default"); p.Use != "not used: missing" {
		t.Fatalf("the app's own folder: %q", p.Use)
	}
	if d.Service.Path != "" {
		t.Fatalf("no service folder on macOS: %+v", d.Service)
	}
	// Both there: the newer main.log wins, so a 3P install beside a
	// current app does not hide the app's folder.
	own := filepath.Join(home, "Library", "Logs", "Claude")
	writeAged(t, filepath.Join(own, "main.log"), 10, 0)
	if d := DiscoverWith(DiscoverInput{GOOS: "darwin", Home: home, Join: filepath.Join}); d.Chosen != own {
		t.Fatalf("chose %q", d.Chosen)
	}
}

// The Windows Cowork VM service writes cowork-service.log to
// %ProgramData%\Claude\Logs; only that family is read from there, oldest
// generation first, and the coworkd folder beside it is listed.
func TestDiscoverServiceLog(t *testing.T) {
	root := testfs.TempDir(t)
	logs := filepath.Join(root, "ProgramData", "Claude", "Logs")
	writeAged(t, filepath.Join(logs, "cowork-service.log"), 10, 0)
	writeAged(t, filepath.Join(logs, "cowork-service1.log"), 10, time.Hour)
	writeAged(t, filepath.Join(logs, "main.log"), 10, 0)
	writeAged(t, filepath.Join(logs, "coworkd", "user-S-1-5-21-1-2-3-1001.log"), 10, 0)
	writeAged(t, filepath.Join(logs, "coworkd", "notes.txt"), 10, 0)
	in := DiscoverInput{GOOS: "windows", Home: root, Join: filepath.Join,
		Getenv: envOf(map[string]string{"PROGRAMDATA": filepath.Join(root, "ProgramData")})}
	s := DiscoverWith(in).Service
	if !s.Used || s.Path != logs || !strings.HasPrefix(s.Source, "%ProgramData%") {
		t.Fatalf("service log not used: %+v", s)
	}
	got := s.Paths()
	if len(got) != 2 || filepath.Base(got[0]) != "cowork-service1.log" || filepath.Base(got[1]) != "cowork-service.log" {
		t.Fatalf("only the service's logs, oldest first: %v", got)
	}
	if s.CoworkdLogs != 1 || !strings.Contains(s.CoworkdWhy, "not read") {
		t.Fatalf("coworkd: %d (%s)", s.CoworkdLogs, s.CoworkdWhy)
	}
	// A log folder set by hand is not mixed with this machine's service log.
	in.FlagDir = filepath.Join(root, "saved")
	if s := DiscoverWith(in).Service; s.Used || s.Paths() != nil || !strings.Contains(s.Why, "set by hand") {
		t.Fatalf("overridden: %+v", s)
	}
	// No service log: said so.
	in.FlagDir = ""
	in.Getenv = envOf(map[string]string{"PROGRAMDATA": filepath.Join(root, "elsewhere")})
	if s := DiscoverWith(in).Service; s.Used || s.Why != "missing" || s.CoworkdWhy != "missing" {
		t.Fatalf("missing: %+v", s)
	}
	// PROGRAMDATA unset: the usual place.
	if c := ServiceCandidate(DiscoverInput{GOOS: "windows"}); c.Path != `C:\ProgramData\Claude\Logs` || !strings.Contains(c.Source, "PROGRAMDATA unset") {
		t.Fatalf("unset: %+v", c)
	}
}

// With six folders and none there, the error stays one readable line.
func TestDiscoverNoneOfManyFolders(t *testing.T) {
	root := testfs.TempDir(t)
	d := DiscoverWith(DiscoverInput{GOOS: "windows", Home: root, Join: filepath.Join})
	want := "no Claude log folder found: 7 folders probed (7 missing), the first " + filepath.Join(root, "AppData", "Local", "Claude", "Logs")
	if d.Chosen != "" || d.Reason != want {
		t.Fatalf("reason %q, want %q", d.Reason, want)
	}
}
