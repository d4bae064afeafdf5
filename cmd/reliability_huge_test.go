//go:build linux

package cmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coworktop/coworktop/render"
)

// Malformed and huge input through the real binary: each input is generated
// in a temporary folder, `coworktop report --json` must exit 0, count what
// is well-formed correctly, and stay under maxRSS resident (the child's peak,
// from the kernel's rusage). The full sizes of the issue (50 MB of random
// bytes, a 20 MB line, a million unknown lines) run when
// COWORKTOP_RELIABILITY=full (scripts/reliability.sh sets it); the default
// run uses a fifth of each so `go test` stays quick.

const maxRSSKiB = 100 << 10

// hugeInput writes one log folder and says what report must count in it.
type hugeInput struct {
	name  string
	write func(t *testing.T, w *bufio.Writer, scale int)
	check func(r render.Report) string // "" when the counts are right
}

// wellFormed is appended to every input: whatever came before, these lines
// must still be read.
const wellFormed = "2026-09-30 12:00:00 [info] [CliGovernor] at cap=8; evicting local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc (idle 671s) for warm spawn\n" +
	"2026-09-30 12:00:01 [warn] [CliGovernor] memory pressure (critical): would evict 2 idle session(s), 8 effective\n"

func tailCounted(r render.Report) string {
	if len(r.Evictions) != 1 || r.Evictions[0].Cause != "warm" || r.Governor.Pressure.Critical != 1 || r.Governor.Cap != 8 {
		return fmt.Sprintf("the well-formed tail was not counted: evictions %+v governor %+v", r.Evictions, r.Governor)
	}
	return ""
}

var hugeInputs = []hugeInput{
	{"random bytes (50 MB)", func(t *testing.T, w *bufio.Writer, scale int) {
		rng := rand.New(rand.NewPCG(1, 2))
		buf := make([]byte, 1<<20)
		for range 10 * scale {
			for i := range buf {
				buf[i] = byte(rng.Uint32())
			}
			w.Write(buf)
		}
		w.WriteString("\n")
	}, tailCounted},
	{"one 20 MB line", func(t *testing.T, w *bufio.Writer, scale int) {
		w.WriteString("2026-09-30 11:00:00 [info] [CliGovernor] ")
		w.Write(bytes.Repeat([]byte("x\x1b[2J"), 4*scale<<20/5))
		w.WriteString("\n")
	}, func(r render.Report) string {
		if r.Lines.Cut != 1 {
			return fmt.Sprintf("the long line was not counted as cut: %+v", r.Lines)
		}
		return tailCounted(r)
	}},
	{"NULs (50 MB)", func(t *testing.T, w *bufio.Writer, scale int) {
		zeros := make([]byte, 1<<20)
		for range 10 * scale {
			w.Write(zeros)
		}
		w.WriteString("\n")
	}, tailCounted},
	{"truncated multi-line objects", func(t *testing.T, w *bufio.Writer, scale int) {
		for i := range 20000 * scale {
			fmt.Fprintf(w, "2026-09-30 11:%02d:%02d [info] Starting app {\n  appVersion: '1.%d.0',\n  platf", i/60%60, i%60, i)
			if i%2 == 0 {
				w.WriteString("\n") // cut mid-object, the next entry starts
			}
		}
		w.WriteString("\n")
	}, tailCounted},
	{"timestamps out of order and repeated (DST)", func(t *testing.T, w *bufio.Writer, scale int) {
		// 02:00-03:00 twice, as a fall-back night writes it, then a jump back.
		for pass := range 2 {
			for s := 0; s < 3600; s += 10 {
				fmt.Fprintf(w, "2026-10-25 02:%02d:%02d [info] Starting local session local_%08x-0000-4000-8000-%012x in /p\n", s/60, s%60, pass, s)
			}
		}
		w.WriteString("2026-10-24 23:00:00 [info] [CliGovernor] at cap=8; evicting local_00000000-0000-4000-8000-000000000000 (idle 90s) for user spawn\n")
	}, func(r render.Report) string {
		if r.Sessions.Started != 720 || r.Governor.AtCap.Evicting != 2 {
			return fmt.Sprintf("sessions %+v at cap %+v, want 720 started and 2 evicting", r.Sessions, r.Governor.AtCap)
		}
		return ""
	}},
	{"a million unknown [CliGovernor] lines", func(t *testing.T, w *bufio.Writer, scale int) {
		for i := range 200000 * scale {
			fmt.Fprintf(w, "2026-09-30 11:%02d:%02d [info] [CliGovernor] reconsidering quota %d of the fleet\n", i/60%60, i%60, i)
		}
	}, func(r render.Report) string {
		return tailCounted(r)
	}},
}

func TestHugeInputsBoundedMemory(t *testing.T) {
	scale := 1
	if os.Getenv("COWORKTOP_RELIABILITY") == "full" {
		scale = 5
	}
	bin := buildCoworktop(t)
	for _, in := range hugeInputs {
		t.Run(in.name, func(t *testing.T) {
			dir := t.TempDir()
			f, err := os.Create(filepath.Join(dir, "main.log"))
			if err != nil {
				t.Fatal(err)
			}
			w := bufio.NewWriterSize(f, 1<<20)
			in.write(t, w, scale)
			w.WriteString(wellFormed)
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			f.Close()
			fi, _ := os.Stat(filepath.Join(dir, "main.log"))
			start := time.Now()
			out, rss := runMeasured(t, bin, "report", "--json", dir)
			var r render.Report
			if err := json.Unmarshal(out, &r); err != nil {
				t.Fatalf("report --json: %v", err)
			}
			if in.name == "a million unknown [CliGovernor] lines" && r.Governor.Unknown != 200000*scale {
				t.Errorf("unknown lines %d, want %d", r.Governor.Unknown, 200000*scale)
			}
			if msg := in.check(r); msg != "" {
				t.Error(msg)
			}
			if rss > maxRSSKiB {
				t.Errorf("max RSS %d KiB, over %d KiB", rss, maxRSSKiB)
			}
			// The figure docs/reliability.md quotes.
			t.Logf("RELIABILITY %s: %s MB input, max RSS %d MB, %v, exit 0", in.name,
				strconv.FormatFloat(float64(fi.Size())/(1<<20), 'f', 1, 64), rss>>10, time.Since(start).Round(time.Millisecond))
		})
	}
}

// runMeasured runs bin with args and returns its stdout and its peak
// resident memory in KiB. Go starts children with CLONE_VM, and Linux
// carries the parent's peak RSS across exec into the child's rusage, so
// measuring from this (large) test process would report the test's own
// memory. The child is started from a fresh copy of the test binary instead
// (TestRSSLauncher), whose own peak (about 10 MB) is then the floor of the
// figure: an overestimate, never an underestimate.
func runMeasured(t *testing.T, bin string, args ...string) ([]byte, int64) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^TestRSSLauncher$", "--", bin}, args...)...)
	cmd.Env = append(os.Environ(), "COWORKTOP_RSS_LAUNCHER=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %v: %s", args, err, errb.String())
	}
	var rss int64
	if _, err := fmt.Sscanf(errb.String()[strings.LastIndex(errb.String(), "maxrss_kib="):], "maxrss_kib=%d", &rss); err != nil {
		t.Fatalf("no maxrss from the launcher: %q", errb.String())
	}
	// The launcher's own test framework prints PASS after the child's output.
	return bytes.TrimSuffix(out.Bytes(), []byte("PASS\n")), rss
}

// TestRSSLauncher is not a test: runMeasured runs it in a fresh process to
// start a child from a small parent and report the child's peak RSS.
func TestRSSLauncher(t *testing.T) {
	if os.Getenv("COWORKTOP_RSS_LAUNCHER") != "1" {
		t.Skip("helper process for runMeasured")
	}
	args := flag.Args()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	err := cmd.Run()
	fmt.Fprintf(os.Stderr, "maxrss_kib=%d\n", cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)
	if err != nil {
		os.Exit(1)
	}
}
