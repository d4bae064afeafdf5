package journal

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/redact"
)

// childEnv makes the test binary a writer (TestMain): it writes the
// events of testEvents(n) to the folder in childDir, a few at a time,
// printing how many are synced after each flush.
const (
	childEnv   = "COWORKTOP_JOURNAL_TEST_WRITER"
	childDir   = "COWORKTOP_JOURNAL_TEST_DIR"
	childCount = "COWORKTOP_JOURNAL_TEST_COUNT"
	childBatch = "COWORKTOP_JOURNAL_TEST_BATCH"
	childStart = "COWORKTOP_JOURNAL_TEST_START"
)

func childWriter() int {
	n, _ := strconv.Atoi(os.Getenv(childCount))
	batch, _ := strconv.Atoi(os.Getenv(childBatch))
	batch = max(batch, 1)
	w, err := Open(testOptions(os.Getenv(childDir)))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	start, err := time.Parse(time.RFC3339Nano, os.Getenv(childStart))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	evs := testEvents(n, start.In(time.Local))
	for i := 0; i < len(evs); i += batch {
		w.Add(evs[i:min(i+batch, len(evs))])
		if err := w.Flush(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Printf("synced %d\n", min(i+batch, len(evs)))
	}
	if err := w.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// testStart is the first test event's time: recent, so the bound keeps it.
var testStart = time.Now().Add(-50 * time.Hour).Truncate(time.Millisecond)

func testOptions(dir string) Options {
	return Options{Dir: dir, Redact: redact.New("bob").String, Family: testFamily}
}

// testFamily is the log a file name is a generation of (the command
// passes sources/follow's own).
func testFamily(name string) string {
	stem := strings.TrimSuffix(name, ".log")
	return strings.TrimRight(stem, "0123456789")
}

// testEvents are n events in the shapes a day of main.log gives: starts,
// idle timers, memory samples, evictions at the cap, one a second apart
// (with a pair alike in every field at one instant, as a log may hold).
func testEvents(n int, start time.Time) []event.Event {
	out := make([]event.Event, 0, n)
	for i := range n {
		t := start.Add(time.Duration(i) * time.Second)
		sess := fmt.Sprintf("local_%08x-0000-4000-8000-%012x", i%7, i%7)
		e := event.Event{Time: t, File: "main.log", Line: i + 1, Session: sess}
		switch i % 5 {
		case 0:
			e.Kind, e.Cwd = event.KindSessionStart, fmt.Sprintf("/Users/bob/src/proj%d", i%7)
		case 1:
			e.Kind, e.TimeoutS = event.KindIdleTimer, 600
		case 2:
			e.Kind = event.KindMemorySample
			e.Memory = &event.MemorySample{Trigger: "interval", TreeRSSMB: 1000 + i, SysFreeMB: 400, TotalMB: 16384}
		case 3:
			e.Kind, e.Cap, e.Effective, e.IdleS, e.Reason, e.Verb = event.KindAtCap, 4, 4, 300+i, event.ReasonWarm, event.VerbEvicting
		case 4:
			e.Kind, e.Text = event.KindTurnEnd, "[Stop hook] Query completed for session "+sess
			if i%50 == 4 && len(out) > 0 {
				e.Time = out[len(out)-1].Time // two lines of one instant
				e.Kind, e.Text, e.Cwd = event.KindTurnEnd, "same", ""
				out = append(out, e)
				e.Line++
			}
		}
		out = append(out, e)
		if len(out) >= n {
			break
		}
	}
	return out[:n]
}

// readAll reads every event of the journal in dir.
func readAll(t *testing.T, dir string) ([]event.Event, ReadStats) {
	t.Helper()
	var evs []event.Event
	st, err := Read(dir, Span{}, time.Local, func(r Record) {
		if r.Event != nil {
			evs = append(evs, *r.Event)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return evs, st
}

// lineCount counts the lines of every day file: what is stored, doubled
// or not.
func lineCount(t *testing.T, dir string) int {
	t.Helper()
	days, err := listDays(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range days {
		b, err := os.ReadFile(filepath.Join(dir, d.name))
		if err != nil {
			t.Fatal(err)
		}
		eachLine(b, func(line []byte) {
			if _, _, _, ok := parseLine(line); ok {
				n++
			}
		})
	}
	return n
}
