package journal

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/internal/testfs"
	"github.com/coworktop/coworktop/words"
)

func TestRoundTripKeepsEveryFieldRedacted(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "journal")
	w, err := Open(testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	in := testEvents(200, testStart)
	code := 137
	in[7].Detail = &event.EventDetail{Signal: "SIGKILL", ExitCode: &code, Version: "1.2.3"}
	w.Add(in)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got, st := readAll(t, dir)
	if len(got) != len(in) || st.Damaged != 0 || st.Unknown != 0 {
		t.Fatalf("read %d events (%+v), want %d", len(got), st, len(in))
	}
	for i := range in {
		want := redactEvent(in[i], testOptions("").Redact)
		wb, _ := words.MarshalEvent(want)
		gb, _ := words.MarshalEvent(got[i])
		if string(wb) != string(gb) {
			t.Fatalf("event %d:\n got %s\nwant %s", i, gb, wb)
		}
		if !got[i].Time.Equal(in[i].Time) {
			t.Fatalf("event %d at %v, want %v", i, got[i].Time, in[i].Time)
		}
	}
	days, _ := listDays(dir)
	for _, d := range days {
		b, _ := os.ReadFile(filepath.Join(dir, d.name))
		for _, leak := range []string{"bob", "/Users/", "00000001-0000-4000"} {
			if strings.Contains(string(b), leak) {
				t.Errorf("%s keeps %q: the journal holds only what --redact leaves", d.name, leak)
			}
		}
	}
}

func TestFolderIsTheUsersAlone(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix permissions")
	}
	dir := filepath.Join(testfs.TempDir(t), "state", "coworktop", "journal")
	if err := os.MkdirAll(dir, 0o755); err != nil { // as another program might have left it
		t.Fatal(err)
	}
	w, err := Open(testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	w.Add(testEvents(3, testStart))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(dir)
	if st.Mode().Perm() != 0o700 {
		t.Errorf("folder %v, want 0700", st.Mode().Perm())
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		fi, _ := e.Info()
		if fi.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s is %v: readable by others", e.Name(), fi.Mode().Perm())
		}
	}
}

func TestTwoWritersKeepEachEventOnce(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "journal")
	a, err := Open(testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open(testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	evs := testEvents(1000, testStart)
	// Each reads the same lines, in batches that do not line up.
	for i := 0; i < len(evs); i += 70 {
		a.Add(evs[i:min(i+70, len(evs))])
		if err := a.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < len(evs); i += 130 {
		b.Add(evs[i:min(i+130, len(evs))])
		if i%260 == 0 {
			if err := b.Flush(); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, w := range []*Writer{a, b} {
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if n := lineCount(t, dir); n != len(evs) {
		t.Errorf("%d lines stored for %d events", n, len(evs))
	}
	got, _ := readAll(t, dir)
	if len(got) != len(evs) {
		t.Errorf("read %d events, want %d", len(got), len(evs))
	}
	if wa, _ := a.Counts(); wa != len(evs) {
		t.Errorf("the first writer wrote %d, want all %d", wa, len(evs))
	}
	if wb, kept := b.Counts(); wb != 0 || kept != len(evs) {
		t.Errorf("the second writer wrote %d and found %d kept, want 0 and %d", wb, kept, len(evs))
	}
}

func TestARenamedGenerationKeepsItsKey(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "journal")
	w, err := Open(testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	evs := testEvents(50, testStart)
	w.Add(evs)
	rotated := make([]event.Event, len(evs))
	for i, e := range evs {
		e.File = "/logs/main1.log" // the same lines, read after the rotation
		rotated[i] = e
	}
	w.Add(rotated)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if n := lineCount(t, dir); n != len(evs) {
		t.Errorf("%d lines for %d events read twice", n, len(evs))
	}
}

func TestACutLineIsSealedAndSkipped(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "journal")
	w, err := Open(testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	evs := testEvents(10, testStart)
	w.Add(evs[:5])
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	days, _ := listDays(dir)
	p := filepath.Join(dir, days[0].name)
	b, _ := os.ReadFile(p)
	// A power cut in the middle of the next write: half a line, no newline.
	cut := appendLine(nil, 42, KindEvent, []byte(`{"at":"2026-12-01T00:00:00Z","event":{}}`))
	if err := os.WriteFile(p, append(b, cut[:len(cut)/2]...), 0o600); err != nil {
		t.Fatal(err)
	}
	w, err = Open(testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	w.Add(evs)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got, st := readAll(t, dir)
	if len(got) != len(evs) || st.Damaged != 1 {
		t.Errorf("read %d events and %d damaged lines, want %d and 1", len(got), st.Damaged, len(evs))
	}
}

func TestNewerJournalIsRefusedUntouched(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "journal")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, formatFile), []byte("coworktop journal format 7\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	day := filepath.Join(dir, "2026-12-01"+dayExt)
	if err := os.WriteFile(day, []byte("what a newer one wrote\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(testOptions(dir))
	var ne *NewerError
	if !errors.As(err, &ne) || !errors.Is(err, ErrNewer) || ne.Found != 7 {
		t.Fatalf("Open: %v, want a NewerError for format 7", err)
	}
	if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "newer coworktop") {
		t.Errorf("not one clear line: %q", err)
	}
	if _, err := Read(dir, Span{}, time.Local, func(Record) {}); !errors.Is(err, ErrNewer) {
		t.Errorf("Read: %v, want ErrNewer", err)
	}
	if _, err := Prune(dir, time.Hour, 1, time.Now()); !errors.Is(err, ErrNewer) {
		t.Errorf("Prune: %v, want ErrNewer", err)
	}
	if b, _ := os.ReadFile(day); string(b) != "what a newer one wrote\n" {
		t.Errorf("the newer journal was changed: %q", b)
	}
}

func TestUnknownRecordsOfANewerMinorAreSkipped(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "journal")
	w, err := Open(testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	w.Add(testEvents(3, testStart))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	days, _ := listDays(dir)
	p := filepath.Join(dir, days[0].name)
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	_, _ = f.Write(appendLine(nil, 9, 'z', []byte(`{"at":"`+testStart.Format(time.RFC3339Nano)+`","new":1}`)))
	f.Close()
	got, st := readAll(t, dir)
	if len(got) != 3 || st.Unknown != 1 {
		t.Errorf("read %d events, %d unknown; want 3 and 1", len(got), st.Unknown)
	}
}

func TestBoundHoldsOnAMonth(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "journal")
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	opts := testOptions(dir)
	opts.Now = func() time.Time { return now }
	opts.MaxAge = 30 * 24 * time.Hour
	w, err := Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	// 45 days, an event every 30 s: a month and a half of a busy log.
	start := now.Add(-45 * 24 * time.Hour)
	for d := range 45 {
		w.Add(testEvents(2880, start.Add(time.Duration(d)*24*time.Hour)))
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := Prune(dir, opts.MaxAge, 0, now); err != nil {
		t.Fatal(err)
	}
	in, err := Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if in.First.Before(now.Add(-opts.MaxAge - 24*time.Hour)) {
		t.Errorf("oldest record %v: older than the bound of %v", in.First, opts.MaxAge)
	}
	if in.Files > 31 || in.Files < 29 {
		t.Errorf("%d day files kept, want about 30", in.Files)
	}
	limit := in.Bytes / 3
	p, err := Prune(dir, opts.MaxAge, limit, now)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := Stat(dir)
	if after.Bytes > limit || p.Files == 0 || after.Last.Before(in.Last) {
		t.Errorf("after pruning to %d bytes: %d bytes in %d files (removed %+v), newest %v (was %v)", limit, after.Bytes, after.Files, p, after.Last, in.Last)
	}
}

// TestADayPrunedAndBegunAgainIsReadAfresh: a writer that knew a day's file
// reads it from its start once it has been pruned and written again by
// another writer, however long the new file has grown (the file system
// may give the new file the old one's identity).
func TestADayPrunedAndBegunAgainIsReadAfresh(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "journal")
	a, err := Open(testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	evs := testEvents(40, testStart)
	a.Add(evs[30:]) // a knows the keys of the last ten
	if err := a.Flush(); err != nil {
		t.Fatal(err)
	}
	if p, err := Prune(dir, time.Hour, 1, time.Now().Add(365*24*time.Hour)); err != nil || p.Files != 1 {
		t.Fatalf("pruned %+v, %v", p, err)
	}
	b, err := Open(testOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	b.Add(evs) // a longer file than the one a knew
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	a.Add(evs[:30])
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if n := lineCount(t, dir); n != len(evs) {
		t.Errorf("%d lines for %d events", n, len(evs))
	}
}
