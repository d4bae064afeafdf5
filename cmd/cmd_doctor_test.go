package cmd

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/notify"
	"github.com/coworktop/coworktop/sources"
)

func TestDoctorFound(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.log"), bytes.Repeat([]byte("x"), 2048), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main1.log"), []byte("y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"doctor", "--log-dir", dir}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"from --log-dir; found", "main.log", "2.0 KiB", "main1.log", "opens read-only", "using: " + dir} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if strings.Index(s, "main1.log") > strings.Index(s, "main.log ") {
		t.Errorf("rotated generation should be listed first:\n%s", s)
	}
}

func TestDoctorEnvOverrideAndMissing(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope\x1b[2J")
	t.Setenv("COWORKTOP_LOG_DIR", missing)
	var out, errb bytes.Buffer
	code := run([]string{"doctor"}, &out, &errb)
	if code == 0 {
		t.Fatalf("exit 0 with no folder:\n%s", out.String())
	}
	if strings.Contains(out.String()+errb.String(), "\x1b") {
		t.Fatalf("escape sequence reached the terminal: %q %q", out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "from COWORKTOP_LOG_DIR; not usable: missing") {
		t.Fatalf("stdout:\n%s", out.String())
	}
	if e := errb.String(); strings.Count(e, "\n") != 1 || !strings.Contains(e, "missing") {
		t.Fatalf("stderr should be one line with the reason: %q", e)
	}
}

// doctor lists the Claude Code daemon's log from CLAUDE_CONFIG_DIR, and
// says it is read with a hand-set log folder only because that names it.
func TestDoctorListsTheDaemonLog(t *testing.T) {
	logs, claude := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(logs, "main.log"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"daemon.log", "daemon.log.1", "settings.json"} {
		if err := os.WriteFile(filepath.Join(claude, n), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("CLAUDE_CONFIG_DIR", claude)
	var out, errb bytes.Buffer
	if code := run([]string{"doctor", "--log-dir", logs}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"claude code daemon log:", claude, "from CLAUDE_CONFIG_DIR", "daemon.log.1", "read with the app's logs"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "settings.json") || strings.Index(s, "daemon.log.1") > strings.Index(s, "daemon.log ") {
		t.Errorf("only the daemon's logs, oldest first:\n%s", s)
	}
	t.Setenv("CLAUDE_CONFIG_DIR", t.TempDir()) // there, but the daemon has written nothing yet
	out.Reset()
	run([]string{"doctor", "--log-dir", logs}, &out, &errb)
	if !strings.Contains(out.String(), "not read yet: no daemon.log there yet") || !strings.Contains(out.String(), "when it appears") {
		t.Errorf("an empty daemon folder: doctor says the log is followed once it appears:\n%s", out.String())
	}
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	t.Setenv("HOME", t.TempDir())
	out.Reset()
	run([]string{"doctor", "--log-dir", logs}, &out, &errb)
	if !strings.Contains(out.String(), "not read:") {
		t.Errorf("no daemon log: doctor says why it is not read:\n%s", out.String())
	}
}

// On Windows, doctor lists every folder probed with why it was or was not
// used, and the Cowork VM service's folder; its log is read with the app's.
func TestDoctorWindowsFolders(t *testing.T) {
	root := t.TempDir()
	local, roaming, data := filepath.Join(root, "Local"), filepath.Join(root, "Roaming"), filepath.Join(root, "ProgramData")
	write := func(p string, age time.Duration) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		mt := time.Now().Add(-age)
		if err := os.Chtimes(p, mt, mt); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(local, "Claude", "Logs", "main.log"), time.Minute)
	write(filepath.Join(roaming, "Claude", "logs", "main.log"), 30*24*time.Hour)
	write(filepath.Join(data, "Claude", "Logs", "cowork-service.log"), time.Minute)
	env := map[string]string{"LOCALAPPDATA": local, "APPDATA": roaming, "PROGRAMDATA": data}
	d := sources.DiscoverWith(sources.DiscoverInput{GOOS: "windows", Home: root, Join: filepath.Join,
		Getenv: func(k string) string { return env[k] }})
	var out bytes.Buffer
	printDiscovery(&out, d, time.Now())
	s := out.String()
	for _, want := range []string{
		"from %LOCALAPPDATA%; found\n    main.log", "    used\n",
		"from %APPDATA%; found\n    main.log", "    not used: its newest log was written",
		"Claude_pzs8sxrjxfjjc", "LocalCache\\Roaming (builds before the 2026-08-21 move); not usable: missing",
		"(Cowork on 3P); not usable: missing",
		"cowork vm service log:", "from %ProgramData% (the Cowork VM service)", "cowork-service.log",
		"read with the app's logs", "coworkd: 0 log(s); missing",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("doctor lacks %q:\n%s", want, s)
		}
	}
	paths := discoveredPaths(d)
	if len(paths) != 2 || paths[0] != filepath.Join(local, "Claude", "Logs") || filepath.Base(paths[1]) != "cowork-service.log" {
		t.Fatalf("read: %v, want the Local folder and the service's log", paths)
	}
}

// doctor names the notifier --notify would use and how to allow it.
func TestDoctorNotifier(t *testing.T) {
	on := func(progs ...string) func(string) (string, error) {
		return func(p string) (string, error) {
			for _, q := range progs {
				if p == q {
					return "/opt/homebrew/bin/" + p, nil
				}
			}
			return "", exec.ErrNotFound
		}
	}
	for _, c := range []struct {
		goos  string
		progs []string
		want  []string
	}{
		{"darwin", []string{"terminal-notifier", "osascript"}, []string{"notifications (--notify): terminal-notifier (/opt/homebrew/bin/terminal-notifier)", "System Settings > Notifications > terminal-notifier"}},
		{"darwin", []string{"osascript"}, []string{"notifications (--notify): osascript", "System Settings > Notifications > Script Editor", "brew install terminal-notifier"}},
		{"windows", nil, []string{"notifications (--notify): none: desktop notifications are not supported on this OS"}},
	} {
		var out bytes.Buffer
		b, err := notify.Choose(c.goos, on(c.progs...))
		printNotifier(&out, b, err)
		for _, want := range c.want {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%s %v: lacks %q:\n%s", c.goos, c.progs, want, out.String())
			}
		}
	}
}
