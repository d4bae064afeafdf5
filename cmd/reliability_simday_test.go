//go:build linux

package cmd

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The simulated day: the live view (in tmux), `serve` and `events --follow`
// run as real processes on the shared clock (COWORKTOP_CLOCK) at 300× the
// wall clock, while a writer appends a day's log in real line shapes on the
// same clock: sessions started, paused, evicted by the governor, 12,000
// numbered lines a simulated hour (about a real day's 280,000) among the
// ordinary chatter, rotated like the app (main.log → main1.log →
// main2.log), and an app restart every six simulated hours (every two in
// runs under 12). Each session's records (the desktop app's and Claude
// Code's) are created, changed while it works and waits, and deleted when
// it goes. Each numbered line comes back in exactly one event, so lost and
// repeated lines are counted exactly. `coworktop statusline` is called
// every five wall seconds or five simulated minutes, whichever comes
// first, at most once a second, with a five-hour quota window that fills
// and resets, so the quota state it keeps changes; serve reads it. A row
// per simulated hour (per ten minutes below 60×): lines written and read,
// lost, repeated, and per process its resident memory, Go heap,
// goroutines, CPU, threads and descriptors, and what serve's model holds.
// COWORKTOP_SIMDAY=24 runs the whole day; without it three simulated hours
// run, as CI does. COWORKTOP_SIMDAY_SPEED=1 is the real-time soak
// (scripts/soak-day.sh), COWORKTOP_SIMDAY_RESTART the restart period.

const (
	simLinesPerHour = 12000
	simLineLen      = 160
	simTicksPerHour = 240 // writer ticks per simulated hour
)

var simProcs = []string{"live", "serve", "events"}

type simRow struct {
	at                time.Duration // simulated time since the start
	written, read     int
	lost, repeated    int
	liveLines         int
	rssKiB, heapMB    map[string]int // VmRSS: the median over the row's span (simMemory); heap: after the latest GC
	anonKiB, fileKiB  map[string]int // VmRSS's parts: RssAnon, RssFile, medians too
	goroutines        map[string]int
	cpu               map[string]time.Duration // since the last row
	ref               time.Duration            // the host reference's median over the row (reliability_simday_hostref_test.go)
	threads, fds      map[string]int
	sessions, evicted string
	waiting, losses   string
	quota, weekly     string // five-hour (and its source) and weekly (desktop) quota
}

// simSettings reads the run's length, speed and restart period.
func simSettings(t *testing.T) (hours int, speed float64, restart time.Duration) {
	hours, speed, restart = 3, 300, 6*time.Hour
	if v := os.Getenv("COWORKTOP_SIMDAY"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 240 {
			t.Fatalf("COWORKTOP_SIMDAY=%q: want simulated hours, 1–240", v)
		}
		hours = n
	}
	if v := os.Getenv("COWORKTOP_SIMDAY_SPEED"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 1 || f > 3600 {
			t.Fatalf("COWORKTOP_SIMDAY_SPEED=%q: want 1–3600", v)
		}
		speed = f
	}
	if hours < 12 {
		restart = 2 * time.Hour // the short form sees a restart too
	}
	if v := os.Getenv("COWORKTOP_SIMDAY_RESTART"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Minute {
			t.Fatalf("COWORKTOP_SIMDAY_RESTART=%q: want a duration of a minute or more", v)
		}
		restart = d
	}
	return hours, speed, restart
}

func TestSimulatedDay(t *testing.T) {
	t.Parallel() // a process test: runs beside the others
	hours, speed, restartEvery := simSettings(t)
	wallHour := time.Duration(float64(time.Hour) / speed) // one simulated hour
	rowTicks := simTicksPerHour                           // a row per simulated hour,
	if speed < 60 {
		rowTicks = simTicksPerHour / 6 // or per ten minutes when that is long
	}
	start := time.Date(2026, 3, 8, 0, 0, 0, 0, time.UTC)
	bin := buildCoworktop(t)
	dir := t.TempDir()
	recs := t.TempDir()
	errs := t.TempDir()
	if keep := os.Getenv("COWORKTOP_SIMDAY_STDERR"); keep != "" { // keep the processes' stderr (gctrace) for a look
		errs = keep
	}

	port := freePort(t)
	appConfig := t.TempDir() // the desktop app's folder: its quota history
	// The status line's state in a cache shared with serve.
	env := append(os.Environ(), "TZ=UTC", "XDG_CACHE_HOME="+t.TempDir(), "XDG_CONFIG_HOME="+appConfig)
	// Every process reads the writer's clock: the same start, speed and
	// wall anchor.
	wallStart := time.Now()
	simNow := func() time.Time { return start.Add(time.Duration(float64(time.Since(wallStart)) * speed)) }
	clock := fmt.Sprintf("%s=%s,%g,%s", envClock, start.Format(time.RFC3339), speed, wallStart.Format(time.RFC3339Nano))
	rowWall := wallHour * time.Duration(rowTicks) / simTicksPerHour
	procEnv := append(env, clock, simGODEBUG(rowWall/4))
	events := exec.Command(bin, "events", "--follow", "--records-dir", recs, dir)
	events.Env = procEnv
	stdout, err := events.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	serve := exec.Command(bin, "serve", "--records-dir", recs, "--metrics-addr", "127.0.0.1:"+port, "--refresh", "1s", dir)
	serve.Env = procEnv
	procs := map[string]*exec.Cmd{"events": events, "serve": serve}
	tails := map[string]*runtimeTail{}
	for name, c := range procs {
		tails[name] = &runtimeTail{path: filepath.Join(errs, name+".stderr")}
		f, err := os.Create(tails[name].path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		c.Stderr = f
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	defer func() {
		for _, c := range procs {
			_ = c.Process.Kill()
		}
	}()
	pids := map[string]int{"events": events.Process.Pid, "serve": serve.Process.Pid}
	tui := startSimTUI(t, bin, dir, recs, procEnv, filepath.Join(errs, "live.stderr"))
	if tui != nil {
		pids["live"], tails["live"] = tui.pid, tui.rt
	}
	var counts atomic.Pointer[[]int32]
	seqs := make([]int32, simLinesPerHour*(hours+1))
	counts.Store(&seqs)
	var read, probed atomic.Int64
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var ev struct{ Text string }
			if json.Unmarshal(sc.Bytes(), &ev) != nil {
				continue
			}
			if strings.Contains(ev.Text, "simday probe") {
				probed.Store(1)
			}
			if i := strings.Index(ev.Text, "simday seq="); i >= 0 {
				var n int
				if _, err := fmt.Sscanf(ev.Text[i:], "simday seq=%d", &n); err == nil && n < len(seqs) {
					atomic.AddInt32(&seqs[n], 1)
					read.Add(1)
				}
			}
		}
	}()
	w := newSimWriter(t, dir, recs, appConfig, simNow, restartEvery)
	defer w.close()
	eventually(t, 30*time.Second, "events --follow never printed a probe line", func() bool {
		w.line("[info] [CliGovernor] simday probe")
		w.flush()
		return probed.Load() == 1
	})
	stopStatus := simStatusLines(t, bin, append(env, clock), simNow, speed)

	var rows []simRow
	lastCPU := map[string]time.Duration{}
	for name, pid := range pids {
		lastCPU[name] = procCPU(pid)
	}
	tick := time.NewTicker(wallHour / simTicksPerHour)
	defer tick.Stop()
	mem := simMemory{}
	var ref hostRef
	for k := 1; k <= hours*simTicksPerHour; k++ {
		<-tick.C
		w.tick()
		if k%simMemEvery == 0 && k%rowTicks != 0 {
			mem.sample(pids)
		}
		if k%(simMemEvery*hostRefEvery) == 0 {
			ref.sample()
		}
		if k%rowTicks != 0 {
			continue
		}
		// Let the followers catch up to the row's last line before the row.
		waitFor(5*time.Second, func() bool { return read.Load() >= int64(w.seq) })
		r := simRow{at: time.Duration(k) * time.Hour / simTicksPerHour, written: w.seq, read: int(read.Load()), liveLines: -1,
			rssKiB: map[string]int{}, anonKiB: map[string]int{}, fileKiB: map[string]int{}, heapMB: map[string]int{}, goroutines: map[string]int{}, cpu: map[string]time.Duration{},
			threads: map[string]int{}, fds: map[string]int{}}
		for i := range w.seq {
			switch n := atomic.LoadInt32(&seqs[i]); {
			case n == 0:
				r.lost++
			case n > 1:
				r.repeated += int(n - 1)
			}
		}
		for name, pid := range pids {
			s := mem.median(name, readProc(pid))
			cpu := procCPU(pid)
			tails[name].read()
			r.rssKiB[name], r.threads[name], r.fds[name] = s.rssKiB, s.threads, procFDs(pid)
			r.anonKiB[name], r.fileKiB[name] = s.anonKiB, s.fileKiB
			r.heapMB[name], r.goroutines[name] = tails[name].heapMB, tails[name].goroutines
			r.cpu[name], lastCPU[name] = cpu-lastCPU[name], cpu
		}
		if tui != nil {
			r.liveLines = tui.lines()
		}
		m := scrape(port)
		r.sessions, r.evicted = m["coworktop_sessions"], m["coworktop_evictions_total"]
		r.waiting, r.losses = m["coworktop_sessions_waiting"], m["coworktop_session_losses_total"]
		for _, src := range []string{"statusline", "desktop"} { // the fresher source is shown
			if v := m[`coworktop_quota_used_percent{scope="",source="`+src+`",window="five_hour"}`]; v != "" {
				r.quota = v + "% (" + src + ")"
			}
		}
		r.weekly = m[`coworktop_quota_used_percent{scope="",source="desktop",window="seven_day"}`]
		mem.reset()
		r.ref = ref.median()
		ref.reset()
		rows = append(rows, r)
		t.Logf("RELIABILITY simday %s", r.describe(w, pids))
	}
	stopStatus()
	if tui != nil {
		tui.quit()
		if !waitFor(10*time.Second, func() bool { return syscall.Kill(tui.pid, 0) != nil }) {
			t.Errorf("the live view still runs 10 s after q")
		}
	}
	for name, c := range procs {
		_ = c.Process.Signal(syscall.SIGTERM)
		if err := c.Wait(); err != nil {
			t.Errorf("%s exit after SIGTERM: %v", name, err)
		}
	}
	checkSimDay(t, rows, w, pids, hours)
}

// describe is a row's log line.
func (r simRow) describe(w *simWriter, pids map[string]int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%2d:%02d: lines %d written %d read, %d lost, %d repeated, rotations %d, restarts %d, record writes %d deletes %d, quota writes %d",
		int(r.at.Hours()), int(r.at.Minutes())%60, r.written, r.read, r.lost, r.repeated, w.rotations, w.restarts, w.recordWrites, w.recordDeletes, w.quotaWrites)
	for _, name := range simProcs {
		if _, ok := pids[name]; !ok {
			continue
		}
		fmt.Fprintf(&b, "; %s RSS %d MB (anon %d, file %d) heap %d MB goroutines %d CPU %v threads %d fds %d", name,
			r.rssKiB[name]>>10, r.anonKiB[name]>>10, r.fileKiB[name]>>10, r.heapMB[name], r.goroutines[name], r.cpu[name].Round(time.Millisecond), r.threads[name], r.fds[name])
		if name == "live" {
			fmt.Fprintf(&b, " lines %d", r.liveLines)
		}
	}
	fmt.Fprintf(&b, "; serve holds sessions %s waiting %s evictions %s losses %s, quota 5 h %s 7 d %s%% (desktop)",
		r.sessions, r.waiting, r.evicted, r.losses, r.quota, r.weekly)
	fmt.Fprintf(&b, "; host reference %v, CPU in references:", r.ref.Round(100*time.Microsecond))
	for _, name := range simProcs {
		if _, ok := pids[name]; ok {
			fmt.Fprintf(&b, " %s %.1f", name, inRefs(r.cpu[name], r.ref))
		}
	}
	return b.String()
}

// checkSimDay judges the rows: nothing lost or repeated, rotations and
// records exercised, threads, descriptors and goroutines flat, and on runs
// of 12 simulated hours or more memory and CPU flat.
func checkSimDay(t *testing.T, rows []simRow, w *simWriter, pids map[string]int, hours int) {
	t.Helper()
	first, last := rows[0], rows[len(rows)-1]
	if last.lost != 0 || last.repeated != 0 {
		t.Errorf("%d lines written, %d lost, %d repeated", last.written, last.lost, last.repeated)
	}
	if w.rotations < hours {
		t.Errorf("only %d rotations in %d simulated hours: the day did not exercise rotation", w.rotations, hours)
	}
	if w.recordDeletes == 0 || w.recordWrites <= w.nextSession*2 {
		t.Errorf("records: %d written, %d deleted for %d sessions: none changed or deleted", w.recordWrites, w.recordDeletes, w.nextSession)
	}
	// The quota figures serve exports change with the day (the weekly one
	// is missing in the rows at a five-hour reset, so each is judged over
	// every row).
	fives, weeks := map[string]bool{}, map[string]bool{}
	for _, r := range rows {
		fives[r.quota], weeks[r.weekly] = true, true
	}
	delete(fives, "")
	delete(weeks, "")
	if want := min(2, len(rows)); len(fives) < want || len(weeks) < want {
		t.Errorf("serve's quota: five-hour figures %v, weekly %v: missing or unchanged", fives, weeks)
	}
	if _, ok := pids["live"]; ok && last.liveLines < 0 {
		t.Errorf("the live view's status line never said how many lines it read")
	}
	for name := range pids {
		if last.threads[name] > first.threads[name]+3 || last.fds[name] > first.fds[name]+3 {
			t.Errorf("%s: threads %d→%d, descriptors %d→%d", name, first.threads[name], last.threads[name], first.fds[name], last.fds[name])
		}
		if first.goroutines[name] == 0 || last.goroutines[name] > first.goroutines[name]+5 {
			t.Errorf("%s: goroutines %d→%d", name, first.goroutines[name], last.goroutines[name])
		}
	}
	// Memory and CPU flat: the last simulated hour within 10 % of the third
	// (the first two are start-up and the first rotations), on runs long
	// enough for that to mean something. CPU is counted in 10 ms ticks, about
	// 150 a simulated hour, so it is compared as three hours' sums: the third
	// to the fifth against the last three.
	if hours < 12 || len(rows) != hours {
		return
	}
	third := rows[2]
	cpu3 := func(rs []simRow, name string) (d time.Duration) {
		for _, r := range rs {
			d += r.cpu[name]
		}
		return d
	}
	for name := range pids {
		if g := growth(third.rssKiB[name], last.rssKiB[name]); g > 10 {
			t.Errorf("%s: RSS %d → %d KiB from the third to the last simulated hour (+%.1f%%)", name, third.rssKiB[name], last.rssKiB[name], g)
		}
		early, late := cpu3(rows[2:5], name), cpu3(rows[len(rows)-3:], name)
		t.Logf("RELIABILITY simday %s: RSS %d → %d MB, heap %d → %d MB and CPU %v → %v from the third to the last simulated hours", name,
			third.rssKiB[name]>>10, last.rssKiB[name]>>10, third.heapMB[name], last.heapMB[name], early, late)
		// Reported only: the host reference's units take out what moves
		// every process's CPU together; the raw figure above is judged.
		ue, ul := refs3(rows[2:5], name), refs3(rows[len(rows)-3:], name)
		t.Logf("RELIABILITY simday %s: CPU in host references %.1f → %.1f (%+.1f%%), raw %+.1f%% (judged)", name, ue, ul, 100*(ul/max(ue, 1e-9)-1), growth(int(early), int(late)))
		if g := growth(int(early), int(late)); g > 10 {
			t.Errorf("%s: CPU %v in simulated hours 3–5, %v in the last three (+%.1f%%)", name, early, late, g)
		}
	}
}

func growth(from, to int) float64 {
	if from <= 0 {
		return 0
	}
	return 100 * float64(to-from) / float64(from)
}

// simStatusLines calls the status line as Claude Code does, every few
// seconds (every five simulated minutes at most), until the returned stop.
func simStatusLines(t *testing.T, bin string, env []string, now func() time.Time, speed float64) (stop func()) {
	period := max(time.Second, min(5*time.Second, time.Duration(float64(5*time.Minute)/speed)))
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(period)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				statusline(t, bin, env, now())
			}
		}
	}()
	return func() { close(done); <-finished }
}

// statusline runs `coworktop statusline` as Claude Code would, with a
// five-hour window that fills over its five simulated hours.
func statusline(t *testing.T, bin string, env []string, now time.Time) {
	window := time.Unix(now.Unix()/(5*3600)*(5*3600), 0) // windows from midnight UTC
	used := int(100 * now.Sub(window) / (5 * time.Hour))
	c := exec.Command(bin, "statusline")
	c.Env = env
	c.Stdin = strings.NewReader(fmt.Sprintf(`{"model":{"display_name":"Opus 4.7"},"rate_limits":{"five_hour":{"used_percentage":%d,"resets_at":%d}}}`,
		used, window.Add(5*time.Hour).Unix()))
	if out, err := c.CombinedOutput(); err != nil {
		t.Errorf("statusline: %v\n%s", err, out)
	}
}

func freePort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// scrape reads serve's metrics: each name's value summed over its labels,
// and each labelled series as written.
func scrape(port string) map[string]string {
	out := map[string]string{}
	resp, err := http.Get("http://127.0.0.1:" + port + "/metrics")
	if err != nil {
		return out
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	sums := map[string]float64{}
	for _, l := range strings.Split(string(b), "\n") {
		if l == "" || l[0] == '#' {
			continue
		}
		name, rest, _ := strings.Cut(l, " ")
		name, _, _ = strings.Cut(name, "{")
		if i := strings.LastIndex(l, " "); i >= 0 {
			rest = l[i+1:]
		}
		if v, err := strconv.ParseFloat(rest, 64); err == nil {
			sums[name] += v
			if labelled, _, _ := strings.Cut(l, " "); labelled != name {
				out[labelled] = rest
			}
		}
	}
	for k, v := range sums {
		out[k] = strconv.FormatFloat(v, 'f', -1, 64)
	}
	return out
}

// procCPU is the process's user and system time so far.
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.Atoi(f[11])
	k, _ := strconv.Atoi(f[12])
	return time.Duration(u+k) * time.Second / 100 // USER_HZ
}

func procFDs(pid int) int {
	es, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	return len(es)
}
