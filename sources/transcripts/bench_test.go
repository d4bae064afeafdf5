package transcripts

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// benchTree writes 5,000 transcripts in 50 project folders: one of
// bigMB MB (replies over the last 30 days, the newest a minute old),
// 4,999 of about 20 KB each, of which 9 more are live. It returns the
// root and the live session ids.
func benchTree(b *testing.B, bigMB int) (string, []string) {
	b.Helper()
	root := b.TempDir()
	now := time.Now()
	var live []string
	for i := range 5000 {
		proj := filepath.Join(root, "-home-u-proj"+strconv.Itoa(i%50))
		if err := os.MkdirAll(proj, 0o755); err != nil {
			b.Fatal(err)
		}
		id := fmt.Sprintf("0b7c1d2e-0000-4000-8000-%012d", i)
		if i%500 == 0 {
			live = append(live, id)
		}
		f, err := os.Create(filepath.Join(proj, id+".jsonl"))
		if err != nil {
			b.Fatal(err)
		}
		w := bufio.NewWriterSize(f, 1<<20)
		size := int64(20 << 10)
		if i == 0 {
			size = int64(bigMB) << 20
		}
		one := int64(len(equalReplies("x", 1, now)[0].lines(id, "/home/u/p")))
		n := max(1, size/one)
		span := 30 * 24 * time.Hour
		if i != 0 {
			span = 30 * time.Minute
		}
		for k := range n {
			at := now.Add(-time.Minute - span + span/time.Duration(n)*time.Duration(k))
			r := reply{at: at, msg: "msg_" + strconv.FormatInt(k, 10), req: "req_" + strconv.FormatInt(k, 10),
				model: "claude-opus-5", in: 5, cw: 300, cr: 40000, out: 400, blocks: 2}
			if _, err := w.WriteString(r.lines(id, "/home/u/p")); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
	return root, live
}

func heapMB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapInuse) / (1 << 20)
}

// BenchmarkTranscriptsIdle is the reader at rest: 10 live sessions among
// 5,000 transcripts, one of them 500 MB (COWORKTOP_BENCH_BIG_MB, 50 by
// default), nothing changing. An op is one tick (every 5 s in the live
// view); first_read_ms is the first reading of them all; heap_MB what the
// reader holds after it.
func BenchmarkTranscriptsIdle(b *testing.B) {
	big := 50
	if s := os.Getenv("COWORKTOP_BENCH_BIG_MB"); s != "" {
		big, _ = strconv.Atoi(s)
	}
	root, live := benchTree(b, big)
	base := heapMB()
	r := NewReader([]string{root})
	t0 := time.Now()
	rd, _ := r.Read(live)
	first := time.Since(t0)
	rows := 0
	for _, s := range rd.Sessions {
		rows += len(s.Rows)
	}
	held := heapMB() - base
	b.ResetTimer()
	for range b.N {
		r.Read(live)
	}
	b.StopTimer()
	perTick := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(first.Milliseconds()), "first_read_ms")
	b.ReportMetric(float64(r.Bytes)/(1<<20), "first_read_MB")
	b.ReportMetric(held, "heap_MB")
	b.ReportMetric(float64(rows), "rows")
	b.ReportMetric(100*perTick.Seconds()/5, "core_%_at_5s")
}
