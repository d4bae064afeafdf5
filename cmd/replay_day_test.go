package cmd

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// TestReplayStreamsADay: a day's logs, more events than replay holds, are
// played (streamed from the files) instead of refused ("more than 200000
// events"): every event delivered once, in time order, every file done.
func TestReplayStreamsADay(t *testing.T) {
	dir := t.TempDir()
	start := time.Date(2026, 3, 8, 0, 0, 0, 0, time.Local)
	total := maxReplayEvents + 40_000
	for i, name := range []string{"main1.log", "main.log"} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		for n := i * total / 2; n < (i+1)*total/2; n++ {
			at := start.Add(time.Duration(n*86400/total) * time.Second)
			fmt.Fprintf(w, "%s [info] [CliGovernor] replay day seq=%d\n", at.Format("2006-01-02 15:04:05"), n)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	src, err := readReplay([]string{dir})
	if err != nil {
		t.Fatalf("a day refused: %v", err)
	}
	if src.held != nil || src.stream == nil {
		t.Fatalf("%d events held in memory, want them streamed", len(src.held))
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pb := newPlayback(src.first, src.end, 4096)
	pb.jumpTo(src.end) // everything is due
	updates := make(chan governor.Update)
	go feedReplay(ctx, pb, src, updates)
	seen, last := 0, time.Time{}
	state := governor.New(governor.DefaultLimits())
	for u := range updates {
		for _, e := range u.Events {
			var n int
			if _, err := fmt.Sscanf(e.Text, "replay day seq=%d", &n); err != nil || n != seen {
				t.Fatalf("event %d: %q (want seq=%d)", seen, e.Text, seen)
			}
			if e.Time.Before(last) {
				t.Fatalf("event %d at %v, before %v", seen, e.Time, last)
			}
			seen, last = seen+1, e.Time
		}
		u.Events = nil
		state.ApplyUpdate(u)
	}
	if seen != total {
		t.Errorf("%d events played, want %d", seen, total)
	}
	for _, f := range state.Snapshot(time.Now()).Files {
		if f.State != event.FileDone {
			t.Errorf("after playing, %s is %q, want done", f.Name, f.State)
		}
	}
}
