package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"

	"github.com/coworktop/coworktop/sources/follow"
)

func TestClassifyDaemonLogNames(t *testing.T) {
	for name, want := range map[string]int{"daemon.log": 0, "daemon.log.1": 1, "DAEMON.LOG.2": 2} {
		fam, gen, _, ok := follow.ClassifyLogName(name)
		if !ok || fam != follow.FamilyDaemon || gen != want {
			t.Errorf("%s: %q %d %v, want daemon %d", name, fam, gen, ok, want)
		}
	}
	for _, name := range []string{"daemon.log.0", "daemon.log.01", "daemon.log.x", "daemon.log1", "daemon1.log.1", "daemon.log."} {
		if fam, _, _, ok := follow.ClassifyLogName(name); ok {
			t.Errorf("%s classified as %q", name, fam)
		}
	}
}

func TestDiscoverDaemonLog(t *testing.T) {
	home := testfs.TempDir(t)
	cfg := filepath.Join(home, ".claude")
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	in := DiscoverInput{GOOS: "linux", Home: home}
	if d := discoverDaemon(in); d.Used || !strings.Contains(d.Why, "no daemon.log") || d.Await() != filepath.Join(cfg, "daemon.log") {
		t.Fatalf("empty folder: the daemon's log is awaited: %+v", d)
	}
	overridden := in
	overridden.FlagDir = "/saved/logs"
	if d := discoverDaemon(overridden); d.Awaited || d.Await() != "" {
		t.Fatalf("empty folder, log folder set by hand: nothing awaited: %+v", d)
	}
	for _, n := range []string{"daemon.log", "daemon.log.1", "settings.json", "main.log"} {
		if err := os.WriteFile(filepath.Join(cfg, n), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d := discoverDaemon(in)
	if !d.Used || d.Source != "Claude Code default (~/.claude)" {
		t.Fatalf("found: %+v", d)
	}
	got := d.Paths()
	if len(got) != 2 || filepath.Base(got[0]) != "daemon.log.1" || filepath.Base(got[1]) != "daemon.log" {
		t.Fatalf("only the daemon's logs, oldest first: %v", got)
	}
	// An overridden log folder does not pull in this machine's daemon log…
	in.FlagDir = "/saved/logs"
	if d := discoverDaemon(in); d.Used || d.Paths() != nil || !strings.Contains(d.Why, EnvClaudeConfigDir) {
		t.Fatalf("overridden: %+v", d)
	}
	// …unless CLAUDE_CONFIG_DIR names it too.
	moved := testfs.TempDir(t)
	if err := os.WriteFile(filepath.Join(moved, "daemon.log"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	in.Getenv = envOf(map[string]string{EnvClaudeConfigDir: moved})
	if d := discoverDaemon(in); !d.Used || d.Source != EnvClaudeConfigDir || len(d.Paths()) != 1 {
		t.Fatalf("CLAUDE_CONFIG_DIR: %+v", d)
	}
}

// Only a rotated daemon.log.1 there: it is read, and daemon.log is awaited
// (found in review: it was read by nothing when the daemon wrote it again).
// With no home folder, no ./.claude is looked in.
func TestDiscoverDaemonAwaitsTheCurrentLog(t *testing.T) {
	home := testfs.TempDir(t)
	cfg := filepath.Join(home, ".claude")
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg, "daemon.log.1"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d := discoverDaemon(DiscoverInput{GOOS: "linux", Home: home})
	if !d.Used || len(d.Paths()) != 1 || d.Await() != filepath.Join(cfg, "daemon.log") {
		t.Fatalf("daemon.log.1 only: read it and await daemon.log: %+v", d)
	}
	if err := os.WriteFile(filepath.Join(cfg, "daemon.log"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d := discoverDaemon(DiscoverInput{GOOS: "linux", Home: home}); d.Await() != "" || len(d.Paths()) != 2 {
		t.Fatalf("both there: nothing awaited: %+v", d)
	}
	if d := discoverDaemon(DiscoverInput{GOOS: "linux"}); d.Used || d.Awaited || d.Why != "no home folder to look in" {
		t.Fatalf("no home: %+v", d)
	}
}
