package ingest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// runOf makes a Lines of the given lines.
func runOf(file, gen string, first int64, partial bool, lines ...string) Lines {
	in := Lines{File: file, Gen: gen, First: first, Partial: partial}
	for _, l := range lines {
		in.Lines = append(in.Lines, []byte(l))
	}
	return in
}

// cites writes each event as kind@file:line.
func cites(evs []event.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "%s@%s:%d ", e.Kind, e.File, e.Line)
	}
	return strings.TrimSpace(b.String())
}

// A run cut for size inside an entry keeps it open: its continuation lines
// in the next run still belong to it (the rate-limit signal two runs on).
func TestStreamKeepsAnEntryOpenAcrossAPartialRun(t *testing.T) {
	s := NewStream(time.UTC)
	p := s.Feed(runOf("/logs/main.log", "", 0, true,
		"2026-09-30 10:00:02 [error] request failed {",
		"    at frame"))
	if len(p.Events) != 0 {
		t.Fatalf("an open entry gave events: %s", cites(p.Events))
	}
	p = s.Feed(runOf("/logs/main.log", "", 0, false,
		"    status: 429",
		"}"))
	if got := cites(p.Events); got != "api.rate_limit@main.log:1" {
		t.Fatalf("got %q", got)
	}
}

// A run that is not partial ends on an entry boundary: its last entry is
// delivered with it, not when the next entry comes.
func TestStreamFlushesAWholeRun(t *testing.T) {
	s := NewStream(time.UTC)
	p := s.Feed(runOf("main.log", "", 0, false,
		"2026-09-30 10:00:03 [info] [CliGovernor] at cap; yielding warm spawn"))
	if got := cites(p.Events); got != "governor.yield@main.log:1" {
		t.Fatalf("got %q", got)
	}
}

// Lines are numbered within their generation and cited under the name the
// generation had when they were read; a rotation starts the count again,
// and files never share an assembler.
func TestStreamNumbersLinesPerGeneration(t *testing.T) {
	s := NewStream(time.UTC)
	yield := "2026-09-30 10:00:%02d [info] [CliGovernor] at cap; yielding warm spawn"
	var got []string
	for _, in := range []Lines{
		runOf("/l/main.log", "main.log", 40, false, fmt.Sprintf(yield, 1), fmt.Sprintf(yield, 2)),
		// the same generation, renamed by a rotation since
		runOf("/l/main.log", "main1.log", 42, false, fmt.Sprintf(yield, 3)),
		// the new main.log
		runOf("/l/main.log", "main.log", 1, false, fmt.Sprintf(yield, 4)),
		// another file, its own numbering
		runOf("/l/mcp.log", "", 0, false, "2026-09-30T10:00:05.000Z [info] nothing"),
		runOf("/l/main.log", "main.log", 2, false, fmt.Sprintf(yield, 6)),
	} {
		got = append(got, cites(s.Feed(in).Events))
	}
	want := "governor.yield@main.log:40 governor.yield@main.log:41|governor.yield@main1.log:42|governor.yield@main.log:1||governor.yield@main.log:2"
	if strings.Join(got, "|") != want {
		t.Fatalf("got  %s\nwant %s", strings.Join(got, "|"), want)
	}
}

// One quit is one app.quit across runs, and the runs' unreadable lines and
// bad stamps are counted run by run.
func TestStreamFoldsQuitsAndCountsPerRun(t *testing.T) {
	s := NewStream(time.UTC)
	p := s.Feed(runOf("main.log", "", 0, false,
		"stray line before any entry",
		"0000-00-00 00:00:00 [info] no date",
		"2026-08-30 20:35:11 [info] beforeQuit: handler fired, going down"))
	if got := cites(p.Events); got != "app.quit@main.log:3" || p.Unreadable != 1 || p.BadStamps != 1 {
		t.Fatalf("got %q, unreadable %d, bad stamps %d", got, p.Unreadable, p.BadStamps)
	}
	p = s.Feed(runOf("main.log", "", 0, false,
		"2026-08-30 20:35:14 [info] willQuit: handler is ready for quit, so quitting"))
	if len(p.Events) != 0 || p.Unreadable != 0 || p.BadStamps != 0 {
		t.Fatalf("the same quit again: %q, unreadable %d, bad stamps %d", cites(p.Events), p.Unreadable, p.BadStamps)
	}
}

// A file's last run (a rotated generation read to its end) closes its open
// entry and drops its assembler; a run with no lines for a file the stream
// does not know keeps nothing (issue 29 #5: 20 000 generations held 20 000
// assemblers).
func TestStreamDropsAFileAfterItsLastRun(t *testing.T) {
	s := NewStream(time.UTC)
	p := s.Feed(runOf("/l/main2.log", "", 0, true,
		"2026-09-30 10:00:02 [error] request failed {",
		"    status: 429"))
	if len(p.Events) != 0 || s.Files() != 1 {
		t.Fatalf("events %q, files %d", cites(p.Events), s.Files())
	}
	last := runOf("/l/main2.log", "", 0, true, "}") // Last overrides Partial: nothing continues it
	last.Last = true
	if got := cites(s.Feed(last).Events); got != "api.rate_limit@main2.log:1" || s.Files() != 0 {
		t.Fatalf("got %q, files %d", got, s.Files())
	}
	if p := s.Feed(Lines{File: "/l/main2.log"}); len(p.Events) != 0 || s.Files() != 0 {
		t.Fatalf("a status run kept state: files %d", s.Files())
	}
}
