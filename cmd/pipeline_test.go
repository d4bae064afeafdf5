package cmd

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// An entry that straddles a batch cut (the backfill sends 4096 lines at a
// time) must stay one entry: its continuation lines are neither unreadable
// nor lost, so a 429 inside them is still a rate-limit hit.
func TestLivePipelineKeepsEntriesWholeAcrossBatches(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("2026-09-30 10:00:00 [info] Starting app {\n  appVersion: '2.9939.4',\n  platform: 'darwin'\n}\n")
	for i := 0; b.Len() > 0 && i < 4090; i++ {
		fmt.Fprintf(&b, "2026-09-30 10:00:01 [info] [ipc] handled %d\n", i)
	}
	b.WriteString("2026-09-30 10:00:02 [error] request failed {\n")
	for i := 0; i < 6; i++ {
		b.WriteString("    at frame\n")
	}
	b.WriteString("    status: 429\n}\n2026-09-30 10:00:03 [info] [CliGovernor] at cap; yielding warm spawn\n")
	if err := os.WriteFile(filepath.Join(dir, "main.log"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	snap := backfilledState(t, dir).Snapshot(time.Date(2026, 9, 30, 10, 1, 0, 0, time.Local))
	c := snap.Counts
	if c.RateLimitHits != 1 || c.Unreadable != 0 || c.Yields != 1 || snap.App.Version != "2.9939.4" {
		t.Fatalf("rate limit %d, unreadable %d, yields %d, app %+v", c.RateLimitHits, c.Unreadable, c.Yields, snap.App)
	}
	for _, f := range snap.Files {
		if f.Name == "main.log" && f.Lines != int64(strings.Count(b.String(), "\n")) {
			t.Fatalf("main.log lines %d", f.Lines)
		}
	}
}

// backfilledState runs the live pipeline over dir without following and
// folds everything it delivers.
func backfilledState(t *testing.T, dir string) *governor.State {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	updates, err := startLive(ctx, liveConfig{paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	state := governor.New(governor.DefaultLimits())
	for u := range updates {
		state.ApplyUpdate(u)
	}
	return state
}

// TestLiveFollowNumbersLinesPerGeneration: events --follow numbers lines
// within each generation of a file, as events does on the saved files, and
// a rotation starts the count again.
func TestLiveFollowNumbersLinesPerGeneration(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "main.log")
	const yield = " [info] [CliGovernor] at cap; yielding warm spawn\n"
	if err := os.WriteFile(path, []byte("2026-09-30 10:00:00 [info] one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	updates, err := startLive(ctx, liveConfig{paths: []string{dir}, follow: true})
	if err != nil {
		t.Fatal(err)
	}
	next := func(what string) event.Event {
		t.Helper()
		for u := range updates {
			if !u.Backfill && len(u.Events) > 0 {
				return u.Events[0]
			}
		}
		t.Fatalf("%s: the feed ended", what)
		return event.Event{}
	}
	appendText := func(text string) {
		t.Helper()
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
	}
	for following := false; !following; {
		u, ok := <-updates
		if !ok {
			t.Fatal("the feed ended before following")
		}
		for _, f := range u.Files {
			following = following || f.State == event.FileFollowing
		}
	}
	appendText("2026-09-30 10:00:01 [info] two\n2026-09-30 10:00:02" + yield)
	if e := next("first generation"); e.File != "main.log" || e.Line != 3 {
		t.Fatalf("first generation: %s:%d", e.File, e.Line)
	}
	if err := os.Rename(path, filepath.Join(dir, "main1.log")); err != nil {
		t.Fatal(err)
	}
	appendText("2026-09-30 10:00:03" + yield)
	if e := next("second generation"); e.File != "main.log" || e.Line != 1 {
		t.Fatalf("second generation: %s:%d", e.File, e.Line)
	}
}

// TestLiveFollowCitesTheNameAtReadTime: a line of a generation read after
// its rotation is cited under the name it has then (main1.log:4), as
// report on the saved files cites it, not main.log:4 (issue 23 #2).
func TestLiveFollowCitesTheNameAtReadTime(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "main.log")
	const yield = " [info] [CliGovernor] at cap; yielding warm spawn\n"
	write := func(name, text string) {
		t.Helper()
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
	}
	write("main.log", "2026-09-30 10:00:00 [info] one\n2026-09-30 10:00:01 [info] two\n2026-09-30 10:00:02"+yield)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	updates, err := startLive(ctx, liveConfig{paths: []string{dir}, follow: true})
	if err != nil {
		t.Fatal(err)
	}
	for following := false; !following; {
		u, ok := <-updates
		if !ok {
			t.Fatal("the feed ended before following")
		}
		for _, f := range u.Files {
			following = following || f.State == event.FileFollowing
		}
	}
	// The app rotates, and a straggler lands in what is now main1.log
	// before the follower has read it; then the new main.log gets a line.
	if err := os.Rename(path, filepath.Join(dir, "main1.log")); err != nil {
		t.Fatal(err)
	}
	write("main1.log", "2026-09-30 10:00:03"+yield)
	write("main.log", "2026-09-30 10:00:04"+yield)
	var got []string
	for u := range updates {
		for _, e := range u.Events {
			if !u.Backfill {
				got = append(got, fmt.Sprintf("%s:%d", e.File, e.Line))
			}
		}
		if len(got) >= 2 {
			break
		}
	}
	if strings.Join(got, " ") != "main1.log:4 main.log:1" {
		t.Fatalf("cited %v, want main1.log:4 main.log:1", got)
	}
}
