package cmd

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// The live view backfills and follows the Claude Code daemon's log from its
// own folder beside the app's log folder, as discovery hands them over.
func TestLiveFollowsTheDaemonLog(t *testing.T) {
	logs, claude := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(logs, "main.log"), []byte("2026-09-30 10:00:00 [info] [CliGovernor] at cap; yielding warm spawn\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	daemon := filepath.Join(claude, "daemon.log")
	if err := os.WriteFile(daemon, []byte("[2026-09-30T10:00:00.100Z] [supervisor] ─── daemon start ─── version=2.1.263 pid=1 origin=transient\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	updates, err := startLive(ctx, liveConfig{paths: []string{logs, daemon}, follow: true})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[event.Kind]bool{}
	following := map[string]bool{}
	for !(seen[event.KindYield] && seen[event.KindDaemonStart] && following["daemon.log"] && following["main.log"]) {
		u, ok := <-updates
		if !ok {
			t.Fatalf("the feed ended: seen %v, following %v", seen, following)
		}
		for _, e := range u.Events {
			seen[e.Kind] = true
		}
		for _, f := range u.Files {
			following[f.Name] = following[f.Name] || f.State == event.FileFollowing
		}
	}
	f, err := os.OpenFile(daemon, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("[2026-09-30T10:01:00.000Z] [bg] bg settled 9d903e04 (crashed): exit 1 within 5s of spawn ×3\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for u := range updates {
		for _, e := range u.Events {
			if e.Kind == event.KindDaemonSettled {
				if e.File != "daemon.log" || e.Line != 2 || e.Count != 3 {
					t.Fatalf("followed: %+v", e)
				}
				return
			}
		}
	}
	t.Fatal("the feed ended before the daemon's new line")
}

// A daemon log that is not there at start (the daemon starts with the
// first background task, often long after the app) is followed from its
// first line once it appears.
func TestLiveFollowsADaemonLogThatAppearsLater(t *testing.T) {
	logs, claude := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(logs, "main.log"), []byte("2026-09-30 10:00:00 [info] [CliGovernor] at cap; yielding warm spawn\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	daemon := filepath.Join(claude, "daemon.log")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	following := make(chan struct{})
	updates, err := startLive(ctx, liveConfig{paths: []string{logs}, await: []string{daemon}, follow: true, following: func() { close(following) }})
	if err != nil {
		t.Fatal(err)
	}
	states := map[string]event.FileState{}
	go func() {
		<-following
		if err := os.WriteFile(daemon, []byte("[2026-09-30T10:00:00.100Z] [supervisor] ─── daemon start ─── version=2.1.263 pid=1 origin=transient\n"+
			"[2026-09-30T10:01:00.000Z] [bg] bg settled 9d903e04 (crashed): exit 1 within 5s of spawn ×3\n"), 0o644); err != nil {
			t.Error(err)
		}
	}()
	for u := range updates {
		for _, f := range u.Files {
			states[f.Name] = f.State
		}
		for _, e := range u.Events {
			if e.Kind == event.KindDaemonSettled {
				if e.File != "daemon.log" || e.Line != 2 || e.Count != 3 {
					t.Fatalf("followed: %+v", e)
				}
				if states["daemon.log"] != event.FileFollowing {
					t.Fatalf("daemon.log is %q, want following (states %v)", states["daemon.log"], states)
				}
				return
			}
		}
	}
	t.Fatalf("the feed ended before the daemon's first lines (states %v)", states)
}
