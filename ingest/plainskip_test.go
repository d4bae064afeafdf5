package ingest

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// The plain-entry skip (FeedLine's openPlain) turns away a line of the last
// minute, at any level, whose body no shape can read, before any parser
// sees it. These tests hold it to the parsers: no line it skips is one a
// parser makes an event of or one whose shape keeps continuation lines, on
// every real line of the repository's logs and on every shape's examples.

// levels are main.log's four level tags.
var levels = []string{"info", "warn", "error", "debug"}

// repoLogLines are the lines of every log under a testdata folder of the
// repository (third_party aside), CRs stripped.
func repoLogLines(t testing.TB) map[string][]string {
	t.Helper()
	files := map[string][]string{}
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "third_party" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".log") || !strings.Contains(filepath.ToSlash(p), "/testdata/") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		lines := strings.Split(string(data), "\n")
		for i := range lines {
			lines[i] = strings.TrimSuffix(lines[i], "\r")
		}
		files[p] = lines
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("only %d logs under testdata: the repository's logs were not found", len(files))
	}
	return files
}

// skipper is one assembler for skipped, reset for each line.
var skipper = newAssembler("main.log", time.UTC, func(*entry) {})

// skipped says whether FeedLine opens line, a line of the minute of the
// line before it with no signal, as a plain entry (skips its parsing).
func skipped(line string) bool {
	a := skipper
	a.Reset(nil)
	a.FeedLine([]byte("2026-09-30 10:00:00 [info] the minute's first line"), false)
	a.FeedLine([]byte(line), false)
	skip := a.lazy && a.lazyNo == 2
	a.Flush()
	return skip
}

// checkSkip fails if the skip turns away body at a level where a parser
// reads it, or where its shape keeps continuation lines; it says at how
// many levels, and at which other than info, it skipped it.
func checkSkip(t *testing.T, body string) (skips int, nonInfo bool) {
	t.Helper()
	for _, level := range levels {
		line := "2026-09-30 10:00:01 [" + level + "] " + body
		if !skipped(line) {
			continue
		}
		skips++
		nonInfo = nonInfo || level != "info"
		_, _, b, ok := splitEntry([]byte(line))
		if !ok {
			t.Fatalf("%q: skipped, yet no entry start", line)
		}
		if n := parsedEvents(string(b)); n > 0 {
			t.Fatalf("%q: a parser makes %d events of it, the plain-entry skip turns it away", line, n)
		}
		if wantsContinuation(b) {
			t.Fatalf("%q: its shape keeps continuation lines, the plain-entry skip turns it away", line)
		}
	}
	return skips, nonInfo
}

// TestPlainSkipAgreesWithParse: every real line in the repository's logs,
// and every shape's example mutated in each of its first eight bytes, at
// each level.
func TestPlainSkipAgreesWithParse(t *testing.T) {
	loadTables()
	skips, nonInfo := 0, 0
	for _, lines := range repoLogLines(t) {
		for _, line := range lines {
			body := line
			if _, _, b, ok := splitEntry([]byte(line)); ok {
				body = string(b)
			}
			n, other := checkSkip(t, body)
			if n > 0 {
				skips++
			}
			if other {
				nonInfo++
			}
		}
	}
	// The test can fail only if the skip is taken, at every level.
	if skips < 100 || nonInfo < 100 {
		t.Fatalf("the plain-entry skip took %d real lines (%d at a level other than info): too few to hold it to the parsers", skips, nonInfo)
	}
	for _, s := range shapes {
		for _, ex := range s.examples {
			for _, body := range []string{ex, "[CCD] " + ex, "  " + ex, "[CCD]  " + ex} {
				for c := 0; c < 256; c++ {
					for pos := 0; pos < 8 && pos < len(body); pos++ {
						b := []byte(body)
						b[pos] = byte(c)
						checkSkip(t, string(b))
					}
				}
			}
		}
	}
}

// oneMinute is lines with every main.log stamp moved into one minute (its
// seconds kept): the skip takes only lines of the last stamp's minute, and
// the fixture logs' lines are minutes apart.
func oneMinute(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if len(l) > 19 && l[19] == ' ' && isStamp19([]byte(l)) {
			l = "2026-09-30 10:00" + l[16:]
		}
		out[i] = l
	}
	return out
}

// TestPlainSkipKeepsEvents: each log under testdata, as it is and with its
// stamps moved into one minute, gives the same events whether its lines may
// take the skip (no signal promised where none can be) or not (every line
// searched and opened in full).
func TestPlainSkipKeepsEvents(t *testing.T) {
	lazy, events := 0, 0
	logs := map[string][]string{}
	for name, lines := range repoLogLines(t) {
		logs[name], logs[name+" (one minute)"] = lines, oneMinute(lines)
	}
	for name, lines := range logs {
		var full, fast []event.Event
		a := newSinkAssembler(filepath.Base(name), time.UTC, &full)
		b := newSinkAssembler(filepath.Base(name), time.UTC, &fast)
		for _, line := range lines {
			a.Feed([]byte(line))
			b.FeedLine([]byte(line), mayHoldSignal([]byte(line)))
			if b.lazy && b.lazyNo == b.lineNo {
				lazy++
			}
		}
		a.Flush()
		b.Flush()
		if !reflect.DeepEqual(full, fast) {
			t.Errorf("%s: %d events with every line opened in full, %d with the plain-entry skip, or they differ", name, len(full), len(fast))
		}
		events += len(full)
	}
	// The test can fail only if the skip is taken, among lines that say something.
	if lazy < 10 || events < 500 {
		t.Fatalf("%d lines skipped among %d events: too few to hold the skip to the parsers", lazy, events)
	}
}

// FuzzPlainSkip: any body, at each level.
func FuzzPlainSkip(f *testing.F) {
	loadTables()
	for _, s := range shapes {
		for _, ex := range s.examples {
			f.Add(ex)
			f.Add("[CCD] " + ex)
		}
	}
	f.Add("[ipc] handled claude.settings.get in 2ms")
	f.Add("[CCD] Binary preflight: .verified marker missing")
	f.Fuzz(func(t *testing.T, body string) {
		if strings.ContainsAny(body, "\n\r") {
			return
		}
		checkSkip(t, body)
	})
}
