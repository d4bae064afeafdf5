package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/render"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/words"
)

// TestSummaryTextsChangeNoReport: report reads its logs with
// ingest.ReadSummary, which leaves out the texts only the event log shows
// (event.Kind.LogOnlyText). On every fixture folder the report, as JSON
// and as text, is what reading every text gives; and the texts left out are
// real ones (the fixtures hold each such kind with a text).
func TestSummaryTextsChangeNoReport(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(testdataDir, "logs", "*"))
	if err != nil || len(dirs) < 10 {
		t.Fatalf("fixture folders: %v, %v", dirs, err)
	}
	dropped := map[event.Kind]int{}
	for _, dir := range dirs {
		files, err := sources.ExpandPaths([]string{dir})
		if err != nil {
			t.Fatal(err)
		}
		all := reportBytes(t, files, ingest.ReadEach)
		summary := reportBytes(t, files, ingest.ReadSummary)
		if !bytes.Equal(all, summary) {
			t.Errorf("%s: the report differs when texts only the event log shows are left out:\n%s", filepath.Base(dir), firstDiff(all, summary))
		}
		if a, s := snapshotBytes(t, files, ingest.ReadEach), snapshotBytes(t, files, ingest.ReadSummary); !bytes.Equal(a, s) {
			t.Errorf("%s: the state without an event log differs when texts only the log shows are left out:\n%s", filepath.Base(dir), firstDiff(a, s))
		}
		countDropped(t, files, dropped)
	}
	for k := event.Kind(1); k.String() != ""; k++ {
		if k.LogOnlyText() && dropped[k] == 0 {
			t.Errorf("%s: no fixture event of this kind has a text to leave out", k)
		}
	}
}

// reportBytes is the report of files, read with read, as JSON then text.
func reportBytes(t *testing.T, files []sources.LogFile, read logReader) []byte {
	t.Helper()
	r, err := buildReportFrom(files, 0, false, record.Reading{}, read)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := render.WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	if err := render.WriteText(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// snapshotBytes is the snapshot, as JSON, of a state without an event log
// (report's limits) fed files read with read: LogOnlyText is a claim about
// all of State, not only what report prints of it.
func snapshotBytes(t *testing.T, files []sources.LogFile, read logReader) []byte {
	t.Helper()
	limits := governor.DefaultLimits()
	limits.LogLines = 0
	st := governor.New(limits)
	readEventsWith(files, time.UTC, read, st.ApplyEvent)
	st.Finish()
	b, err := words.MarshalSnapshot(st.Snapshot(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// countDropped adds, by kind, the events that have a text when every text
// is read and none when read as a summary; any other difference between the
// two reads fails.
func countDropped(t *testing.T, files []sources.LogFile, dropped map[event.Kind]int) {
	t.Helper()
	for _, lf := range files {
		all, summary := readWith(t, lf, ingest.ReadEach), readWith(t, lf, ingest.ReadSummary)
		if len(all) != len(summary) {
			t.Fatalf("%s: %d events, %d as a summary", lf.Name, len(all), len(summary))
		}
		for i := range all {
			a, s := all[i], summary[i]
			if a.Text != "" && s.Text == "" && a.Kind.LogOnlyText() {
				dropped[a.Kind]++
				s.Text = a.Text
			}
			aj, _ := words.MarshalEvent(a)
			sj, _ := words.MarshalEvent(s)
			if !bytes.Equal(aj, sj) {
				t.Errorf("%s: event %d differs beyond a log-only text:\n%s\n%s", lf.Name, i, aj, sj)
			}
		}
	}
}

func readWith(t *testing.T, lf sources.LogFile, read logReader) []event.Event {
	t.Helper()
	f, err := os.Open(lf.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var evs []event.Event
	if _, err := read(f, lf.Name, time.UTC, func(e *event.Event) { evs = append(evs, *e) }); err != nil {
		t.Fatal(err)
	}
	return evs
}

// firstDiff shows where two outputs part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	return "…" + string(a[from:min(len(a), i+80)]) + "\n---\n…" + string(b[from:min(len(b), i+80)])
}
