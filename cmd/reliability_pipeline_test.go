package cmd

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// TestPipelineHistoryBoundedAndGoroutinesFlat drives the live pipeline the
// TUI and serve use (backfill, then follow across rotations, parse, fold
// into a State with the default limits) over thousands of sessions that
// start, get evicted and end. The state must keep no more than its limits,
// the goroutine count must stay flat while lines keep arriving, and every
// goroutine must be gone once the pipeline is cancelled.
func TestPipelineHistoryBoundedAndGoroutinesFlat(t *testing.T) {
	const sessions = 3000
	dir := t.TempDir()
	main := filepath.Join(dir, "main.log")
	var b strings.Builder
	write := func(from, to int) {
		b.Reset()
		for i := from; i < to; i++ {
			id := fmt.Sprintf("local_%08x-0000-4000-8000-%012x", i, i)
			at := time.Date(2026, 9, 30, 10, 0, 0, 0, time.Local).Add(time.Duration(i) * time.Second).Format("2006-01-02 15:04:05")
			fmt.Fprintf(&b, "%s [info] Starting local session %s in /p/%d\n", at, id, i)
			fmt.Fprintf(&b, "%s [info] [CliGovernor] at cap=6; evicting %s (idle 70s) for warm spawn\n", at, id)
			fmt.Fprintf(&b, "%s [info] Pausing session %s (governor_evict)\n", at, id)
			fmt.Fprintf(&b, "%s [info] [CliGovernor] unknown shape %d\n", at, i)
		}
		if err := appendBytesTo(main, b.String()); err != nil {
			t.Fatal(err)
		}
	}
	write(0, sessions/2)

	base := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	updates, err := startLive(ctx, liveConfig{paths: []string{dir}, follow: true})
	if err != nil {
		t.Fatal(err)
	}
	limits := governor.DefaultLimits()
	st := governor.New(limits)
	var peak []int
	deadline := time.After(6 * time.Second)
	wrote := false
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
loop:
	for {
		select {
		case u := <-updates:
			st.ApplyUpdate(u)
		case <-tick.C:
			peak = append(peak, runtime.NumGoroutine())
			if !wrote && len(peak) == 4 {
				// The second half arrives live, across a rotation.
				if err := os.Rename(main, filepath.Join(dir, "main1.log")); err != nil {
					t.Fatal(err)
				}
				write(sessions/2, sessions)
				wrote = true
			}
		case <-deadline:
			break loop
		}
	}
	snap := st.Snapshot(time.Date(2026, 9, 30, 12, 0, 0, 0, time.Local))
	evs, older := st.Evictions()
	t.Logf("RELIABILITY pipeline: %d sessions through: %d kept, %d outcomes, %d log lines, %d evictions listed (+%d counted), goroutines %v",
		sessions, len(snap.Sessions), len(snap.Outcomes), len(snap.Log), len(evs), older, peak)
	if len(evs)+older != sessions {
		t.Errorf("evictions %d listed + %d older, want %d in all: lines were lost", len(evs), older, sessions)
	}
	if len(snap.Sessions) > limits.EndedSessions || len(snap.Outcomes) > limits.Outcomes || len(snap.Log) > limits.LogLines || len(evs) > limits.Evictions {
		t.Errorf("history not bounded: %d sessions (limit %d), %d outcomes (%d), %d log (%d), %d evictions (%d)",
			len(snap.Sessions), limits.EndedSessions, len(snap.Outcomes), limits.Outcomes, len(snap.Log), limits.LogLines, len(evs), limits.Evictions)
	}
	if first, last := peak[1], peak[len(peak)-1]; last > first {
		t.Errorf("goroutines grew while following: %v", peak)
	}
	cancel()
	for range updates { // drains until every producer has stopped
	}
	end := time.Now().Add(3 * time.Second)
	for runtime.NumGoroutine() > base && time.Now().Before(end) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > base {
		t.Errorf("%d goroutines after cancel, %d before start", n, base)
	}
}

func appendBytesTo(path, text string) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("append %s: %w", path, err)
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
