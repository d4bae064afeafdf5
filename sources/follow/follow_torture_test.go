package follow

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
)

// The torture test runs the writer in a separate process, as the app is, so
// the follower sees real cross-process file system behaviour. The writer is
// this test binary re-executed into TestTortureWriterProcess.

const (
	envTortureDir   = "COWORKTOP_TORTURE_DIR"
	envTortureLines = "COWORKTOP_TORTURE_LINES"
	envTorturePace  = "COWORKTOP_TORTURE_PACE" // lines between the writer's 2 ms pauses
)

// tortureLine is line i's text without its newline; the checker parses the
// number back.
func tortureLine(i int) string {
	r := rand.New(rand.NewPCG(uint64(i), 7))
	pad := make([]byte, 10+r.IntN(130))
	for j := range pad {
		pad[j] = 'a' + byte(r.IntN(26))
	}
	return fmt.Sprintf("%06d %s", i, pad)
}

// tortureEvent is what the writer does before writing line i, if anything.
func tortureEvent(i, n int) string {
	const events = 54
	step := n / (events + 1)
	if step == 0 || i == 0 || i%step != 0 || i/step > events {
		return ""
	}
	switch i / step {
	case 10:
		return "old"
	case 20, 40:
		return "crop"
	case 30:
		return "delete"
	}
	return "rotate"
}

func TestTortureWriterProcess(t *testing.T) {
	dir := os.Getenv(envTortureDir)
	if dir == "" {
		t.Skip("helper process for the follow torture tests")
	}
	n, _ := strconv.Atoi(os.Getenv(envTortureLines))
	pace, _ := strconv.Atoi(os.Getenv(envTorturePace))
	if err := tortureWrite(dir, n, max(pace, 1)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}

func appendBytes(path string, b []byte) error {
	// Open-append-close per write, as electron-log does.
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

func tortureWrite(dir string, n, pace int) error {
	main := filepath.Join(dir, "main.log")
	var removed []string
	for i := range n {
		switch tortureEvent(i, n) {
		case "rotate":
			if _, err := os.Stat(filepath.Join(dir, "main1.log")); err == nil {
				if err := os.Rename(filepath.Join(dir, "main1.log"), filepath.Join(dir, "main2.log")); err != nil {
					return err
				}
			}
			if err := os.Rename(main, filepath.Join(dir, "main1.log")); err != nil {
				return err
			}
		case "old":
			if err := os.Rename(main, filepath.Join(dir, "main.old.log")); err != nil {
				return err
			}
		case "delete":
			if err := os.Remove(main); err != nil {
				return err
			}
			time.Sleep(time.Second)
		case "crop":
			time.Sleep(20 * time.Millisecond)
			gone, err := tortureCrop(main)
			if err != nil {
				return err
			}
			removed = append(removed, gone...)
		}
		line := []byte(tortureLine(i) + "\n")
		if i%7 == 3 {
			// Several partial writes: the follower must carry the head.
			// Every tenth such line pauses between pieces long enough for
			// a poll to land in the middle.
			a, b := len(line)/3, 2*len(line)/3
			for _, part := range [][]byte{line[:a], line[a:b], line[b:]} {
				if err := appendBytes(main, part); err != nil {
					return err
				}
				if i%70 == 3 {
					time.Sleep(time.Millisecond)
				}
			}
		} else if err := appendBytes(main, line); err != nil {
			return err
		}
		if i%pace == pace-1 {
			time.Sleep(2 * time.Millisecond) // pace the writer like a busy app
		}
	}
	return os.WriteFile(filepath.Join(dir, "removed.txt"), []byte(strings.Join(removed, "\n")), 0o644)
}

// tortureCrop does what electron-log's crop fallback does: truncate in place
// and write "[log cropped]" plus the last third of the old content, cut
// inside a line. It returns the numbers of lines it removed wholly or partly.
func tortureCrop(path string) ([]string, error) {
	old, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	cut := len(old) - len(old)/3
	if cut > 0 && old[cut-1] == '\n' {
		cut++ // keep the cut inside a line, see the checker's rule
	}
	var removed []string
	for start := 0; start < cut; {
		end := strings.IndexByte(string(old[start:]), '\n')
		if end < 0 {
			break
		}
		if num, _, ok := strings.Cut(string(old[start:start+end]), " "); ok && len(num) == 6 {
			removed = append(removed, num)
		}
		start += end + 1
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(append([]byte(cropHeader+"\n"), old[cut:]...)); err != nil {
		f.Close()
		return nil, err
	}
	return removed, f.Close()
}

// tortureResult is the checker's verdict.
type tortureResult struct {
	Written, Delivered, Lost, Repeated, OutOfOrder, Garbage, Removed, RemovedMissing int
	Elapsed                                                                          time.Duration
}

func (r tortureResult) String() string {
	return fmt.Sprintf("written %d, delivered %d, lost %d, repeated %d, out of order %d, garbage %d, crop-removed %d (of which never delivered %d), %s",
		r.Written, r.Delivered, r.Lost, r.Repeated, r.OutOfOrder, r.Garbage, r.Removed, r.RemovedMissing, r.Elapsed.Round(time.Millisecond))
}

// followFunc starts a follower on path and streams its lines until ctx ends.
type followFunc func(ctx context.Context, t *testing.T, path string) <-chan string

// runTorture starts the follower, then the writer process, and compares what
// was delivered with what was written.
func runTorture(t *testing.T, n int, follow followFunc) tortureResult {
	t.Helper()
	dir := testfs.TempDir(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	lines := follow(ctx, t, filepath.Join(dir, "main.log"))
	start := time.Now()
	cmd := exec.Command(os.Args[0], "-test.run=^TestTortureWriterProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), envTortureDir+"="+dir, envTortureLines+"="+strconv.Itoa(n),
		// The short run's generations are a tenth as long: pause ten
		// times as often, so each still lives as long as a full run's
		// (about 0.1 s). A follower starved of the CPU for longer than
		// the writer keeps a generation (three of them here) cannot see
		// it, and no follower can.
		envTorturePace+"="+strconv.Itoa(max(5, n/2000)))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	writerDone := make(chan error, 1)
	go func() { writerDone <- cmd.Wait() }()

	var got []string
	last := tortureLine(n - 1)
	var deadline <-chan time.Time
	for collecting := true; collecting; {
		select {
		case l, ok := <-lines:
			if !ok {
				collecting = false
				break
			}
			got = append(got, l)
			if l == last {
				// Allow stragglers (repeats) to arrive before judging.
				deadline = time.After(300 * time.Millisecond)
			}
		case err := <-writerDone:
			if err != nil {
				t.Fatalf("writer: %v", err)
			}
			writerDone = nil
			if deadline == nil {
				deadline = time.After(20 * time.Second)
			}
		case <-deadline:
			collecting = false
		}
	}
	elapsed := time.Since(start)
	cancel()
	if writerDone != nil {
		<-writerDone
	}
	res := judge(t, n, got, filepath.Join(dir, "removed.txt"))
	res.Elapsed = elapsed
	return res
}

func judge(t *testing.T, n int, got []string, removedFile string) tortureResult {
	t.Helper()
	removed := map[int]bool{}
	if b, err := os.ReadFile(removedFile); err == nil {
		sc := bufio.NewScanner(strings.NewReader(string(b)))
		for sc.Scan() {
			if v, err := strconv.Atoi(sc.Text()); err == nil {
				removed[v] = true
			}
		}
	} else {
		t.Fatalf("writer left no manifest: %v", err)
	}
	res := tortureResult{Written: n, Delivered: len(got), Removed: len(removed)}
	count := make([]int, n)
	prev := -1
	for _, l := range got {
		num, _, _ := strings.Cut(l, " ")
		v, err := strconv.Atoi(num)
		if err != nil || v < 0 || v >= n || l != tortureLine(v) {
			res.Garbage++
			continue
		}
		if v <= prev {
			res.OutOfOrder++
		}
		prev = v
		count[v]++
	}
	for v, c := range count {
		switch {
		case c == 0 && removed[v]:
			res.RemovedMissing++
		case c == 0:
			res.Lost++
		case c > 1:
			res.Repeated += c - 1
		}
	}
	return res
}

func followOurs(ctx context.Context, t *testing.T, path string) <-chan string {
	batches := make(chan LineBatch, 16)
	out := make(chan string, 1024)
	// The live view's default settings: file notifications, and the
	// safety-net checks on a beat at the default 1 s refresh.
	beat := NewBeat(DefaultPoll)
	ticks := beat.Tick()
	go beat.Run(ctx)
	go func() {
		if err := FollowAllOn(ctx, []FollowConfig{{Path: path, StartAt: 0}}, ticks, batches); err != nil {
			t.Errorf("Follow: %v", err)
		}
		close(batches)
	}()
	// The first check says the file is not there yet: only then may the
	// writer start, or a generation it rotated before that check would be
	// history from before the start, which is not followed.
	first := <-batches
	go func() {
		defer close(out)
		for _, l := range first.Lines {
			out <- string(l)
		}
		for b := range batches {
			for _, l := range b.Lines {
				select {
				case out <- string(l):
				case <-ctx.Done():
				}
			}
		}
	}()
	return out
}

func TestFollowTorture(t *testing.T) {
	testfs.SkipUnderWine(t, "its writer rotates every 0.1 s, faster than the follower closes a drained generation (one safety poll), so Windows (and Wine) refuse its rename onto a main2.log still held; TestFollowNodeRotationOntoHeld is the Windows proof, at a pace the follower meets")
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	res := runTorture(t, n, followOurs)
	t.Logf("ours: %s", res)
	if res.Lost != 0 || res.Repeated != 0 || res.OutOfOrder != 0 || res.Garbage != 0 {
		t.Fatalf("follower not lossless: %s", res)
	}
}
