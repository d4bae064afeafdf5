package demo

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed demo_scenario.txt
var demoScenario string

// Demo writes coworktop's built-in scenario into a folder as real-shaped
// Claude logs (main.log, cowork_vm_node.log), on the real clock, so that the
// live pipeline can follow it exactly as it follows the app. History (the
// scenario's negative offsets) is written at once by WriteHistory; Play then
// writes the rest as its time comes, followed by a quiet steady tail.
type Demo struct {
	dir   string
	now   func() time.Time
	start time.Time
	steps []demoStep
	mem   []demoKey
	last  map[string]time.Time // session → last activity, for {idle S}
	next  int                  // first step not written
	// memAt is the time of the last [process-memory] sample written.
	memAt time.Time
	files map[string]*os.File
	// scans are the scenario's "OFFSET scan STATE" lines: what the
	// simulated process scan finds from then on (Groups).
	scans []demoScan
	// recordsBegun and nextRecord: the session records written so far
	// (records.go).
	recordsBegun bool
	nextRecord   int
}

// demoScan is a change of what the simulated scan finds.
type demoScan struct {
	at    time.Duration
	state string // scanAfterQuit | scanApp
}

type demoStep struct {
	at    time.Duration
	file  string // main | vm
	level string
	body  string
	cont  []string
}

type demoKey struct {
	at     time.Duration
	freeMB int
}

// demoTotalMB is the demo machine's RAM: 24 GiB, which the app's formula
// turns into a cap of 8.
const demoTotalMB = 24576

// NewDemo prepares the scenario to be written into dir (which must exist)
// on the given clock.
func NewDemo(dir string, now func() time.Time) (*Demo, error) {
	d := &Demo{dir: dir, now: now, last: map[string]time.Time{}, files: map[string]*os.File{}}
	if err := d.parse(demoScenario); err != nil {
		return nil, err
	}
	d.start = now().Truncate(time.Second)
	return d, nil
}

func (d *Demo) parse(script string) error {
	for n, line := range strings.Split(script, "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.TrimSpace(line) == "", strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "|"):
			if len(d.steps) == 0 {
				return fmt.Errorf("demo scenario line %d: continuation without an entry", n+1)
			}
			s := &d.steps[len(d.steps)-1]
			s.cont = append(s.cont, line[1:])
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 {
			return fmt.Errorf("demo scenario line %d: want OFFSET FILE LEVEL BODY", n+1)
		}
		at, err := time.ParseDuration(strings.TrimPrefix(f[0], "+"))
		if err != nil {
			return fmt.Errorf("demo scenario line %d: %w", n+1, err)
		}
		if f[1] == "scan" {
			if f[2] != scanAfterQuit && f[2] != scanApp {
				return fmt.Errorf("demo scenario line %d: scan %q, want %s or %s", n+1, f[2], scanAfterQuit, scanApp)
			}
			d.scans = append(d.scans, demoScan{at, f[2]})
			continue
		}
		if f[1] == "mem" {
			mb, err := strconv.Atoi(f[2])
			if err != nil {
				return fmt.Errorf("demo scenario line %d: %w", n+1, err)
			}
			d.mem = append(d.mem, demoKey{at, mb})
			continue
		}
		if len(f) < 4 {
			return fmt.Errorf("demo scenario line %d: want OFFSET FILE LEVEL BODY", n+1)
		}
		rest := strings.TrimSpace(line)
		for range 3 {
			rest = strings.TrimSpace(rest[strings.IndexAny(rest, " \t"):])
		}
		d.steps = append(d.steps, demoStep{at: at, file: f[1], level: f[2], body: rest})
	}
	sort.SliceStable(d.steps, func(i, j int) bool { return d.steps[i].at < d.steps[j].at })
	sort.SliceStable(d.mem, func(i, j int) bool { return d.mem[i].at < d.mem[j].at })
	sort.SliceStable(d.scans, func(i, j int) bool { return d.scans[i].at < d.scans[j].at })
	return nil
}

// WriteHistory writes every entry dated before the demo's start.
func (d *Demo) WriteHistory() error { return d.writeUntil(0) }

// WriteUntil writes every entry due by offset upTo from the start, as Play
// would by then: for tests that step the demo on their own clock.
func (d *Demo) WriteUntil(upTo time.Duration) error { return d.writeUntil(upTo) }

// Start is the demo's time zero (its clock at NewDemo, to the second).
func (d *Demo) Start() time.Time { return d.start }

// Play writes the scenario as its time comes, then a steady tail, until ctx
// is done. Files are closed on return.
func (d *Demo) Play(ctx context.Context) error {
	defer d.Close()
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		if err := d.writeUntil(d.now().Sub(d.start)); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Close closes the files written so far.
func (d *Demo) Close() {
	for name, f := range d.files {
		f.Close()
		delete(d.files, name)
	}
}

// writeUntil writes the steps and memory samples due by offset upTo.
func (d *Demo) writeUntil(upTo time.Duration) error {
	if err := d.recordsUntil(upTo); err != nil {
		return err
	}
	for d.next < len(d.steps) && d.steps[d.next].at <= upTo {
		s := d.steps[d.next]
		if err := d.memoryUntil(s.at); err != nil {
			return err
		}
		if err := d.write(s); err != nil {
			return err
		}
		d.next++
	}
	if d.next == len(d.steps) {
		if err := d.tail(upTo); err != nil {
			return err
		}
	}
	return d.memoryUntil(upTo)
}

// tail keeps the scenario alive after its end: a turn ends every 20 s
// (rotating over the live sessions) and a warm spawn yields every 90 s.
func (d *Demo) tail(upTo time.Duration) error {
	end := d.steps[len(d.steps)-1].at
	live := []string{"S5", "S6", "S7", "S8", "S9", "S10", "S4"}
	for {
		last := end
		if d.next > len(d.steps) {
			last = end + time.Duration(d.next-len(d.steps))*20*time.Second
		}
		at := last + 20*time.Second
		if at > upTo {
			return nil
		}
		i := d.next - len(d.steps)
		if err := d.memoryUntil(at); err != nil {
			return err
		}
		step := demoStep{at: at, file: "main", level: "info", body: "[Stop hook] Query completed for session {" + live[i%len(live)] + "}"}
		if i%9 == 4 {
			step.body = "[CliGovernor] at cap; yielding warm spawn"
		}
		if err := d.write(step); err != nil {
			return err
		}
		d.next++
	}
}

// memoryUntil writes [process-memory] samples up to offset upTo, every 10 s
// in history and every 5 s live, interpolating the keyframes.
func (d *Demo) memoryUntil(upTo time.Duration) error {
	if len(d.mem) == 0 {
		return nil
	}
	for {
		at := d.mem[0].at
		if !d.memAt.IsZero() {
			step := 10 * time.Second
			if d.memAt.Sub(d.start) >= 0 {
				step = 5 * time.Second
			}
			at = d.memAt.Sub(d.start) + step
		}
		if at > upTo {
			return nil
		}
		free := d.freeAt(at)
		tree := 5200 + (demoTotalMB-free)/4
		body := fmt.Sprintf("[process-memory] trigger=interval tree_rss_sum=%dMB tree_footprint_sum=%dMB electron(5)=%dMB children(%d)=%dMB "+
			"top=[electron_main:4242:%dMB electron_renderer:4310:%dMB child:5120:%dMB child:5188:%dMB child:5240:%dMB] sys_free=%dMB/%dMB sys_free_raw=%dMB",
			tree, tree*2/5, 910, 48, tree-910, 420, 260, 380, 350, 310, free, demoTotalMB, free)
		if err := d.write(demoStep{at: at, file: "main", level: "info", body: body}); err != nil {
			return err
		}
		d.memAt = d.start.Add(at)
	}
}

// freeAt interpolates free memory between keyframes; after the last one it
// wanders gently so the timeline stays alive.
func (d *Demo) freeAt(at time.Duration) int {
	k := d.mem
	if at <= k[0].at {
		return k[0].freeMB
	}
	for i := 1; i < len(k); i++ {
		if at <= k[i].at {
			f := float64(at-k[i-1].at) / float64(k[i].at-k[i-1].at)
			return k[i-1].freeMB + int(f*float64(k[i].freeMB-k[i-1].freeMB))
		}
	}
	wobble := []int{0, 300, 550, 300, 0, -350, -600, -350}
	return k[len(k)-1].freeMB + wobble[int((at-k[len(k)-1].at)/(10*time.Second))%len(wobble)]
}

// write appends one entry, stamped with the scenario time, in one write.
func (d *Demo) write(s demoStep) error {
	t := d.start.Add(s.at)
	body := d.expand(s.body, t)
	var sb strings.Builder
	sb.WriteString(t.Format("2006-01-02 15:04:05") + " [" + s.level + "] " + body + "\n")
	for _, c := range s.cont {
		sb.WriteString(c + "\n")
	}
	d.noteActivity(body, t)
	f, err := d.file(s.file)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(sb.String()); err != nil {
		return fmt.Errorf("demo: writing %s: %w", filepath.Base(f.Name()), err)
	}
	return nil
}

func (d *Demo) file(which string) (*os.File, error) {
	name := "main.log"
	if which == "vm" {
		name = "cowork_vm_node.log"
	}
	if f := d.files[name]; f != nil {
		return f, nil
	}
	f, err := os.OpenFile(filepath.Join(d.dir, name), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	d.files[name] = f
	return f, nil
}

// expand fills {S3} with a session id and {idle S3} with its idle seconds.
func (d *Demo) expand(body string, t time.Time) string {
	for {
		i := strings.IndexByte(body, '{')
		if i < 0 {
			return body
		}
		j := strings.IndexByte(body[i:], '}')
		if j < 0 {
			return body
		}
		key := body[i+1 : i+j]
		val := demoSessionID(key)
		if name, ok := strings.CutPrefix(key, "idle "); ok {
			val = strconv.Itoa(int(t.Sub(d.last[demoSessionID(name)]) / time.Second))
		}
		body = body[:i] + val + body[i+j+1:]
	}
}

// noteActivity tracks what the governor counts as activity, so {idle S}
// agrees with the model.
func (d *Demo) noteActivity(body string, t time.Time) {
	for _, p := range []string{"Starting local session ", "Query completed for session ", "setFocusedSession: sessionId=", "Warming session "} {
		if i := strings.Index(body, p); i >= 0 {
			id, _, _ := strings.Cut(body[i+len(p):], " ")
			d.last[id] = t
		}
	}
}

// demoSessionID turns S3 into a stable local_<uuid>.
func demoSessionID(name string) string {
	h := sha256.Sum256([]byte("coworktop demo " + name))
	x := hex.EncodeToString(h[:16])
	return "local_" + x[0:8] + "-" + x[8:12] + "-4" + x[13:16] + "-8" + x[17:20] + "-" + x[20:32]
}
