//go:build unix

package cmd

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coworktop/coworktop/config"
	"github.com/coworktop/coworktop/ui"
)

// TestConfigNotARegularFile: /dev/zero and a FIFO as the config file get a
// one-line error at once, where the first grew until killed and the second
// hung (issue 29 #2).
func TestConfigNotARegularFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "config.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	big := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(big, []byte(strings.Repeat("# padding\n", config.MaxFileSize/10+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{
		"/dev/zero": "not a regular file (a character device)",
		fifo:        "not a regular file (a named pipe)",
		big:         "over the 1024 KiB a config file may hold",
	} {
		t.Setenv(config.EnvVar, p)
		done := make(chan string, 1)
		go func() {
			code, _, errs := runOut(t, "report", filepath.Join(testdataDir, "logs", "macos"))
			done <- strconv.Itoa(code) + " " + errs
		}()
		select {
		case got := <-done:
			if !strings.HasPrefix(got, "2 coworktop: config "+p+": ") || !strings.Contains(got, want) || strings.Count(got, "\n") != 1 {
				t.Errorf("config %s: %q, want exit 2 and one line with %q", p, got, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("config %s: still reading after 10 s", p)
		}
		// doctor, the tool for finding the problem, runs and names it.
		code, out, errs := runOut(t, "doctor", filepath.Join(testdataDir, "logs", "macos"))
		if code != 0 || errs != "" || !strings.Contains(out, "config file: "+p+"\n  ") || !strings.Contains(out, want) {
			t.Errorf("doctor with config %s: exit %d %q\n%s", p, code, errs, out)
		}
	}
}

// TestSaveKeepsModeAndLinks: S keeps a 0600 file 0600, and writes through
// a symlink whose target does not exist yet instead of replacing the link
// with a plain file (issue 29 #11).
func TestSaveKeepsModeAndLinks(t *testing.T) {
	p := withConfig(t, "refresh = \"2s\"\n")
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	g := &globalOptions{cfgPath: p}
	v := ui.View{Sort: config.SortIdle, Panes: config.Default().Panes, Theme: config.ThemeDark}
	if _, err := g.saveView(v); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("after S the file is %v (%v), want -rw-------", st.Mode(), err)
	}

	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles", "coworktop.toml")
	link := filepath.Join(dir, "config.toml")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	g = &globalOptions{cfgPath: link}
	if _, err := g.saveView(v); err != nil {
		t.Fatalf("S through a dangling link: %v", err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", st.Mode(), err)
	}
	if l, found, err := readConfig(target); err != nil || !found || l.Config.Sort != config.SortIdle {
		t.Errorf("the link's target: %+v found=%v %v", l.Config, found, err)
	}
}

// TestStartCleansOrphanTemps: a save killed between create and rename
// leaves a temporary file; the next start removes it, and leaves a live
// writer's (issue 29 #11).
func TestStartCleansOrphanTemps(t *testing.T) {
	p := withConfig(t, "refresh = \"2s\"\n")
	dir := filepath.Dir(p)
	orphan := filepath.Join(dir, ".config-999999999-123.toml") // no such process
	old := filepath.Join(dir, ".config-4567.toml")             // an older release's name
	live := filepath.Join(dir, ".config-"+strconv.Itoa(os.Getppid())+"-9.toml")
	other := filepath.Join(dir, "notes.toml")
	for _, f := range []string{orphan, old, live, other} {
		if err := os.WriteFile(f, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, errs := runOut(t, "config", "show"); code != 0 {
		t.Fatalf("config show: %d %s", code, errs)
	}
	for f, want := range map[string]bool{orphan: false, old: false, live: true, other: true, p: true} {
		if _, err := os.Stat(f); (err == nil) != want {
			t.Errorf("%s: exists=%v, want %v", filepath.Base(f), err == nil, want)
		}
	}
}
