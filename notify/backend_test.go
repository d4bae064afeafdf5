package notify

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// fakePath makes a folder holding stand-in programs and puts only it on
// PATH, so exec.LookPath finds exactly those.
func fakePath(t *testing.T, programs ...string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in programs are shell scripts")
	}
	dir := t.TempDir()
	for _, p := range programs {
		if err := os.WriteFile(filepath.Join(dir, p), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
	return dir
}

func TestChooseMacOSPrefersTerminalNotifier(t *testing.T) {
	dir := fakePath(t, "terminal-notifier", "osascript")
	b, err := Choose("darwin", exec.LookPath)
	if err != nil || b.Name != "terminal-notifier" || b.Path != filepath.Join(dir, "terminal-notifier") {
		t.Fatalf("both on PATH: %+v %v", b, err)
	}
	if argv := b.Command(Note{Title: "t", Message: "m"}); argv[0] != "terminal-notifier" {
		t.Fatalf("command %q", argv)
	}
	if !strings.Contains(b.Allow, "System Settings > Notifications > terminal-notifier") {
		t.Fatalf("advice %q", b.Allow)
	}

	fakePath(t, "osascript")
	b, err = Choose("darwin", exec.LookPath)
	if err != nil || b.Name != "osascript" {
		t.Fatalf("osascript only: %+v %v", b, err)
	}
	if argv := b.Command(Note{Title: "t", Message: "m"}); argv[0] != "osascript" {
		t.Fatalf("command %q", argv)
	}
	for _, want := range []string{"Script Editor", "System Settings > Notifications > Script Editor", "brew install terminal-notifier"} {
		if !strings.Contains(b.Allow, want) {
			t.Errorf("advice lacks %q: %s", want, b.Allow)
		}
	}

	fakePath(t)
	if _, err := Choose("darwin", exec.LookPath); err == nil || !strings.Contains(err.Error(), "terminal-notifier nor osascript") {
		t.Fatalf("neither: %v", err)
	}
}

func TestChooseOtherSystems(t *testing.T) {
	fakePath(t, "notify-send", "terminal-notifier")
	if b, err := Choose("linux", exec.LookPath); err != nil || b.Name != "notify-send" {
		t.Fatalf("linux: %+v %v", b, err)
	}
	if _, err := Choose("windows", exec.LookPath); err != ErrUnsupported {
		t.Fatalf("windows: %v", err)
	}
	fakePath(t)
	if _, err := Choose("linux", exec.LookPath); err == nil || !strings.Contains(err.Error(), "libnotify-bin") {
		t.Fatalf("linux without notify-send: %v", err)
	}
}

// terminal-notifier gets the cleaned title and message as the values of
// its -title and -message options, never as an option or a property list.
func TestTerminalNotifierArguments(t *testing.T) {
	rec := &recorder{}
	n := NewWith(TerminalNotifierCommand, rec.exec)
	st := governor.New(governor.DefaultLimits())
	if err := n.Observe(context.Background(), st.Snapshot(t0), false); err != nil {
		t.Fatal(err)
	}
	for i, id := range hostile {
		at := t0.Add(time.Duration(i+1) * time.Minute)
		evict(st, id, at)
		if err := n.Observe(context.Background(), st.Snapshot(at.Add(2*time.Second)), false); err != nil {
			t.Fatal(err)
		}
	}
	if len(rec.calls) != len(hostile) {
		t.Fatalf("%d notifications for %d evictions", len(rec.calls), len(hostile))
	}
	for i, argv := range rec.calls {
		if len(argv) != 5 || argv[0] != "terminal-notifier" || argv[1] != "-title" || argv[3] != "-message" {
			t.Fatalf("call %d: %q", i, argv)
		}
		for _, v := range []string{argv[2], argv[4]} {
			assertClean(t, v)
			if v == "" || strings.HasPrefix(v, "(") {
				t.Errorf("call %d: value %q", i, v)
			}
		}
	}
	if got := TerminalNotifierCommand(Note{Title: "((x) y", Message: "( "}); got[2] != "x) y" || got[4] != "coworktop" {
		t.Fatalf("property-list openings: %q", got)
	}
}
