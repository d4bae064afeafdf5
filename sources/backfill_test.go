package sources

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/internal/testfs"
	"github.com/coworktop/coworktop/sources/follow"
)

func expect(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Fatalf("%s: got %q, want %q", what, got, want)
	}
}

func appendBytes(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runBackfill runs a plan and returns the lines per file, in order, and the
// number of batches.
func runBackfill(t *testing.T, b *Backfill, maxLines int) ([]string, int) {
	t.Helper()
	out := make(chan follow.LineBatch)
	errc := make(chan error, 1)
	go func() { errc <- b.Run(context.Background(), out, maxLines); close(out) }()
	var got []string
	n := 0
	for batch := range out {
		n++
		if batch.Status.State != event.FileBackfill {
			t.Fatalf("status %+v", batch.Status)
		}
		for _, l := range batch.Lines {
			got = append(got, filepath.Base(batch.File)+":"+string(l))
		}
	}
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	return got, n
}

const appStart = "2026-08-30 20:35:17 [info] Starting app {\n  appVersion: '1.40609.0'\n}\n"

func TestBackfillFromLastAppStart(t *testing.T) {
	dir := testfs.TempDir(t)
	writeFile(t, filepath.Join(dir, "main2.log"), "2026-08-29 10:00:00 [info] ancient\n")
	writeFile(t, filepath.Join(dir, "main1.log"), appStart+"2026-08-30 20:35:18 [info] a\n"+
		"  note: '2026-08-30 20:35:19 [info] Starting app {'\n"+ // quoted, not at line start
		"2026-08-30 20:35:19 [info] Starting app {\n  v: 2\n}\n2026-08-30 20:35:20 [info] b\n")
	writeFile(t, filepath.Join(dir, "main.log"), "2026-08-30 21:00:00 [info] c\npart")
	writeFile(t, filepath.Join(dir, "cowork_vm_node.log"), "vm1\nvm2\n")
	b, err := PlanBackfill(dir, nil, appStarts)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := runBackfill(t, b, 0)
	want := "main1.log:2026-08-30 20:35:19 [info] Starting app {|main1.log:  v: 2|main1.log:}|main1.log:2026-08-30 20:35:20 [info] b|" +
		"main.log:2026-08-30 21:00:00 [info] c|cowork_vm_node.log:vm1|cowork_vm_node.log:vm2"
	expect(t, "lines", strings.Join(got, "|"), want)
	if len(b.Follow) != 3 {
		t.Fatalf("follow %+v", b.Follow)
	}
	m := b.Follow[0]
	if m.Path != filepath.Join(dir, "main.log") || m.Start == nil || m.StartAt != int64(len("2026-08-30 21:00:00 [info] c\n")) {
		t.Fatalf("main handoff %+v", m)
	}
	if sw := b.Follow[1]; sw.Start != nil || sw.Path != filepath.Join(dir, "cowork_vm_swift.log") || sw.StartAt != 0 {
		t.Fatalf("swift handoff %+v", sw)
	}
	b.Close()
}

func TestBackfillByteBoundAcrossGenerations(t *testing.T) {
	dir := testfs.TempDir(t)
	var one, cur strings.Builder
	for i := range 100 {
		fmt.Fprintf(&one, "2026-08-30 10:00:00 [info] line %03d\n", i) // 36 bytes each
	}
	for i := 100; i < 110; i++ {
		fmt.Fprintf(&cur, "2026-08-30 10:00:00 [info] line %03d\n", i)
	}
	writeFile(t, filepath.Join(dir, "main1.log"), one.String())
	writeFile(t, filepath.Join(dir, "main.log"), cur.String())
	// 10 lines in main.log, and 20.5 lines' worth of main1.log: the cut
	// falls inside line 079, so main1.log starts at line 080.
	b, err := planBackfill(dir, nil, 30*36+18, appStarts)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := runBackfill(t, b, 0)
	if len(got) != 30 || !strings.HasSuffix(got[0], "line 080") || !strings.HasSuffix(got[29], "line 109") {
		t.Fatalf("got %d lines: %v … %v", len(got), got[0], got[len(got)-1])
	}
	b.Close()
}

func TestBackfillBatchesBeforeTheEnd(t *testing.T) {
	dir := testfs.TempDir(t)
	writeFile(t, filepath.Join(dir, "main.log"), strings.Repeat("2026-08-30 10:00:00 [info] x\n", 1000))
	b, err := PlanBackfill(dir, nil, appStarts)
	if err != nil {
		t.Fatal(err)
	}
	got, batches := runBackfill(t, b, 100)
	if len(got) != 1000 || batches != 10 {
		t.Fatalf("%d lines in %d batches", len(got), batches)
	}
	b.Close()
}

// The handoff loses and repeats nothing, even when the app rotates main.log
// between the backfill and the first poll.
func TestBackfillThenFollowAcrossRotation(t *testing.T) {
	dir := testfs.TempDir(t)
	writeFile(t, filepath.Join(dir, "main.log"), "one\ntw")
	b, err := PlanBackfill(dir, nil, appStarts)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := runBackfill(t, b, 0)
	expect(t, "backfill", strings.Join(got, "|"), "main.log:one")
	if err := appendBytes(filepath.Join(dir, "main.log"), []byte("o\nthree\n")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "main.log"), filepath.Join(dir, "main1.log")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "main.log"), "four\n")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := make(chan follow.LineBatch, 64)
	tick := time.NewTicker(time.Second) // the live view's default beat
	defer tick.Stop()
	go follow.FollowAllOn(ctx, []follow.FollowConfig{b.Follow[0]}, tick.C, out)
	var lines []string
	deadline := time.After(10 * time.Second)
	for len(lines) < 3 {
		select {
		case batch := <-out:
			for _, l := range batch.Lines {
				lines = append(lines, string(l))
			}
		case <-deadline:
			t.Fatalf("got %q", lines)
		}
	}
	expect(t, "follow", strings.Join(lines, "|"), "two|three|four")
	select {
	case batch := <-out:
		if len(batch.Lines) > 0 {
			t.Fatalf("extra lines %q", batch.Lines)
		}
	case <-time.After(600 * time.Millisecond):
	}
}

func TestLastAppStartAcrossChunks(t *testing.T) {
	dir := testfs.TempDir(t)
	p := filepath.Join(dir, "main.log")
	head := strings.Repeat("2026-08-30 10:00:00 [info] filler filler filler\n", 30000)
	for _, d := range []int{-1, 0, 1, 10, 19, 25, 40, 70, 71, 200} {
		// The marker sits about 1 MiB before the end, d bytes off: where the
		// scan once began its last read back from the end, so each d put
		// that read's start inside, at or beside the marker line. Reads are
		// page-aligned tiles now (and mapped windows on Unix), whose
		// boundaries TestBackfillStartAtAChunkBoundary and
		// TestBackfillWindowReadsOnce cover; these stay as marker positions.
		tail := strings.Repeat("z", 1<<20-len(appStart)+d-1) + "\n"
		body := head + appStart + tail
		writeFile(t, p, body)
		f, err := follow.OpenLog(p)
		if err != nil {
			t.Fatal(err)
		}
		pos, ok := lastAppStart(f, 0, int64(len(body)), appStarts)
		f.Close()
		if want := int64(len(head)); !ok || pos != want {
			t.Fatalf("d=%d: got %d %v, want %d", d, pos, ok, want)
		}
	}
	// A marker quoted inside a continuation line is not an app start.
	writeFile(t, p, head+"  x: '2026-08-30 20:35:19 [info] Starting app {'\n")
	f, err := follow.OpenLog(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if pos, ok := lastAppStart(f, 0, int64(len(head)+60), appStarts); ok {
		t.Fatalf("quoted marker matched at %d", pos)
	}
}

// BenchmarkBackfill32MB measures a full-budget backfill: a main.log larger
// than BackfillMaxBytes with no app start in it, read and batched. With
// COWORKTOP_BENCH_LOG_DIR set it uses that folder instead (bench/backfill.sh
// does, to compare with grep on the same bytes).
func BenchmarkBackfill32MB(b *testing.B) {
	dir := os.Getenv("COWORKTOP_BENCH_LOG_DIR")
	if dir == "" {
		dir = b.TempDir()
		line := "2026-08-30 20:35:14 [info] [process-memory] sys_free=1234MB total=16384MB sys_free_raw=429MB children=7\n" +
			"2026-08-30 20:35:15 [info] [CliGovernor] acquire(warm) effective=3/6\n"
		data := strings.Repeat(line, (40<<20)/len(line))
		if err := os.WriteFile(filepath.Join(dir, "main.log"), []byte(data), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(BackfillMaxBytes)
	for b.Loop() {
		bf, err := PlanBackfill(dir, nil, appStartsHour) // as the live view plans it
		if err != nil {
			b.Fatal(err)
		}
		out := make(chan follow.LineBatch, 8)
		done := make(chan int)
		go func() {
			n := 0
			for batch := range out {
				n += len(batch.Lines)
			}
			done <- n
		}()
		if err := bf.Run(context.Background(), out, 0); err != nil {
			b.Fatal(err)
		}
		close(out)
		<-done
		bf.Close()
	}
}

// appStarts is the app-start finder the command wires in (ingest's).
var appStarts = StartFinder{Last: ingest.LastAppStart, Span: ingest.AppStartSpan}

// A rotated generation's last batch says so (follow.LineBatch.Last), even when
// its lines ended on a batch cut and the last batch is then empty, so the
// consumer drops its state for that file; the current file's never does.
func TestBackfillMarksARotatedFilesLastBatch(t *testing.T) {
	dir := testfs.TempDir(t)
	line := "2026-08-30 10:00:00 [info] x\n"
	writeFile(t, filepath.Join(dir, "main2.log"), strings.Repeat(line, 250))
	writeFile(t, filepath.Join(dir, "main1.log"), strings.Repeat(line, 200))
	writeFile(t, filepath.Join(dir, "main.log"), strings.Repeat(line, 100))
	b, err := PlanBackfill(dir, nil, appStarts)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	out := make(chan follow.LineBatch, 64)
	if err := b.Run(context.Background(), out, 100); err != nil {
		t.Fatal(err)
	}
	close(out)
	var got []string
	for batch := range out {
		s := fmt.Sprintf("%s:%d", filepath.Base(batch.File), len(batch.Lines))
		if batch.Partial {
			s += "p"
		}
		if batch.Last {
			s += "L"
		}
		got = append(got, s)
	}
	want := "main2.log:100p main2.log:100p main2.log:50L main1.log:100p main1.log:100p main1.log:0L main.log:100p"
	if strings.Join(got, " ") != want {
		t.Fatalf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
}
