//go:build unix

package journal

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/internal/testfs"
	"github.com/coworktop/coworktop/words"
)

// writerCmd is this test binary as a writer of n events, batch at a time.
func writerCmd(t *testing.T, dir string, n, batch int) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c := exec.Command(exe)
	c.Env = append(os.Environ(), childEnv+"=1", childDir+"="+dir, childCount+"="+strconv.Itoa(n), childBatch+"="+strconv.Itoa(batch), childStart+"="+testStart.Format(time.RFC3339Nano))
	c.Stderr = os.Stderr
	return c
}

// TestSIGKILLLosesNothingSynced kills a writer at a different moment each
// round: every event it said was synced is there, none twice, and the
// journal reads; a last writer then completes it, and it holds each event
// once.
func TestSIGKILLLosesNothingSynced(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "journal")
	const n, rounds = 3000, 25
	evs := testEvents(n, testStart)
	for round := range rounds {
		c := writerCmd(t, dir, n, 7)
		out, err := c.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		synced := 0
		var mu sync.Mutex
		done := make(chan struct{})
		go func() {
			defer close(done)
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if v, ok := strings.CutPrefix(sc.Text(), "synced "); ok {
					k, _ := strconv.Atoi(v)
					mu.Lock()
					synced = k
					mu.Unlock()
				}
			}
		}()
		time.Sleep(time.Duration(5+round*7%60) * time.Millisecond)
		_ = c.Process.Signal(syscall.SIGKILL)
		<-done
		_ = c.Wait()
		mu.Lock()
		s := synced
		mu.Unlock()
		got, _ := readAll(t, dir)
		if have := lineCount(t, dir); have != len(got) {
			t.Fatalf("round %d: %d lines stored, %d events read: doubled", round, have, len(got))
		}
		keys := map[string]bool{}
		for _, e := range got {
			b, _ := words.MarshalEvent(e)
			keys[string(b)] = true
		}
		for i := range s {
			want := redactEvent(evs[i], testOptions("").Redact)
			want.File = "main.log"
			b, _ := words.MarshalEvent(want)
			if !keys[string(b)] {
				t.Fatalf("round %d: event %d of %d synced is lost: %s (have %d, first %s)", round, i, s, b, len(got), mustJSON(got[0]))
			}
		}
	}
	c := writerCmd(t, dir, n, 500)
	c.Stdout = nil
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	got, st := readAll(t, dir)
	if len(got) != n || lineCount(t, dir) != n {
		t.Fatalf("after %d kills and a last writer: %d events read, %d lines, want %d (%+v)", rounds, len(got), lineCount(t, dir), n, st)
	}
}

// TestTwoProcessesKeepEachEventOnce runs two writers of the same events at
// once, as a live view and serve side by side.
func TestTwoProcessesKeepEachEventOnce(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "journal")
	const n = 4000
	a, b := writerCmd(t, dir, n, 13), writerCmd(t, dir, n, 29)
	for _, c := range []*exec.Cmd{a, b} {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []*exec.Cmd{a, b} {
		if err := c.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := readAll(t, dir)
	if lines := lineCount(t, dir); len(got) != n || lines != n {
		t.Fatalf("two writers of %d events: %d read, %d lines stored", n, len(got), lines)
	}
}

func mustJSON(e event.Event) string {
	b, _ := words.MarshalEvent(e)
	return string(b)
}
