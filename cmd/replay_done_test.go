package cmd

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// TestReplayMarksFilesDoneWhenPlayed: a replayed file is "following" while
// its events play and "done" only once its last event is delivered (issue
// 23 #5: replay marked every file done at the start).
func TestReplayMarksFilesDoneWhenPlayed(t *testing.T) {
	src, err := readReplay([]string{filepath.Join(testdataDir, "logs", "macos")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pb := newPlayback(src.first, src.end, 4096)
	pb.SetPaused(true)
	updates := make(chan governor.Update)
	go feedReplay(ctx, pb, src, updates)
	state := governor.New(governor.DefaultLimits())
	state.ApplyUpdate(<-updates)
	stateOf := func(name string) event.FileState {
		for _, f := range state.Snapshot(time.Now()).Files {
			if f.Name == name {
				return f.State
			}
		}
		return event.FileStateNone
	}
	if got := stateOf("main.log"); got != event.FileFollowing {
		t.Fatalf("before playing, main.log is %q, want following", got)
	}
	pb.SetPaused(false)
	for u := range updates {
		state.ApplyUpdate(u)
	}
	for _, f := range state.Snapshot(time.Now()).Files {
		if f.State != event.FileDone {
			t.Errorf("after playing, %s is %q, want done", f.Name, f.State)
		}
	}
}
