package main

// The realistic log (-real): a month of one person's use, drawn from the
// shapes of every fixture in testdata/logs. main.log holds app runs that
// start every few MB and end in a quit, an update restart (the updater's
// lines, the quit handlers, a new version) or a relaunch without a quit
// line; 1.x versions write untagged session lines and 2.x ones the [CCD]
// tags; a second instance now and then says "Not main instance" at once.
// Sessions live minutes to days; [process-memory] samples come every five
// minutes of the log's clock; multi-line { … } objects follow app starts,
// oauth config and query errors. Beside it, the VM logs (cowork_vm_node,
// and cowork_vm_swift on macOS or cowork-service on Windows) boot at each
// app start, and daemon.log writes its runs and workers. Windows lines end
// in CRLF.

import (
	"bufio"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// realOpts are -real's settings.
type realOpts struct {
	dir      string
	mb       int64
	every    float64 // one session or governor entry per this many entries
	ids      int     // a new session every this many entries (0: sessions live minutes to days)
	goos     string  // darwin, win32 or linux
	appEvery float64 // MiB of main.log between app starts
	rotate   int64   // MiB at which main.log rotates to main1.log… (0: one file)
	seed     int64
	start    time.Time // the month's first instant (zero: 2026-09-01 08:00 UTC)
}

// realNoise is the chatter of a real main.log, from the fixtures and the
// old generator: lines no parser turns into an event (the Remote Control
// states, stalls and VM notes that the fixtures also hold are signal()'s;
// lines written once per app start or session start are appStart's and
// startSession's).
var realNoise = []string{
	"[info] [MCP] Using MCP server command: /usr/local/bin/node with path: /Users/dev/.nvm/versions/node/v22.3.0/bin",
	"[info] Received permission response for 7d1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b: once (tool: Bash)",
	"[info] [oauth] refreshed access token, expires in 28800s",
	"[debug] [ipc] handled claude.settings.get in 2ms",
	"[info] [WorktreePool] Released worktree wt-42 to pool (was leased by %s)",
	"[info] [CCD start-timing] %s preflight=12ms worktree=80ms | ccd_overhead=140ms total_to_init=820ms total_to_assistant=2210ms cache_hit=true worktree=true mcp_count=4",
	"[warn] [CCD] Binary preflight: .verified marker missing but binary exists. Proceeding with spawn.",
	"[info] [oauth] loaded token cache from disk with 3 entries",
	"[debug] [ipc] handled claude.sessions.list in 5ms",
}

// realMultiline are the multi-line objects real logs carry, some quoting
// governor text inside them (which must not count).
var realMultiline = []string{
	"[info] using oauth config {\n  clientId: '9d1c250a-e61b-44d9-88ed-5944d1962f5e',\n  apiBaseUrl: 'https://api.example.invalid'\n}",
	"[error] Failed to get commands from temporary query { error: Error: spawn failed\n    at ChildProcess._handle.onexit (node:internal/child_process:286:19)\n    message: '[CliGovernor] at cap=8; evicting local_ffffffff-0000-4000-8000-000000000000 (idle 999s) for warm spawn'\n    Starting local session local_eeeeeeee-0000-4000-8000-000000000000 in /tmp/fake\n    status: 'sys_free_raw=429MB'\n  }",
	"[warn] [CliGovernor] getFreeMemoryRatio failed; treating memory pressure as clear {\n  err: Error: ENOENT: no such file or directory, open '/proc/meminfo'\n      at Object.openSync (node:fs:573:18)\n}",
}

// realSession is a session the generator keeps live.
type realSession struct {
	id, cwd string
	end     time.Time // when it ends, on the log's clock
	armed   bool      // its idle timer is running
	rc      bool      // remote control on
}

// realGen writes one month of logs.
type realGen struct {
	o       realOpts
	rng     *rand.Rand
	eol     string
	main    *rotWriter
	vmNode  *bufio.Writer
	vmSide  *bufio.Writer // cowork_vm_swift.log (macOS) or cowork-service.log (Windows)
	daemon  *bufio.Writer
	files   []*os.File
	t       time.Time
	start   time.Time
	month   time.Duration
	live    []*realSession
	nextID  int
	entries int
	nextApp int64 // main.log bytes at which the app restarts
	major   int   // app version, 1 then 2 after the first update past mid-month
	minor   int
	memAt   time.Time
	cap     int
	daemonV int
	dPID    int
	pending bool // an update is downloaded
}

func runReal(o realOpts) error {
	if err := os.MkdirAll(o.dir, 0o755); err != nil {
		return fmt.Errorf("make %s: %w", o.dir, err)
	}
	g := &realGen{o: o, rng: rand.New(rand.NewSource(o.seed)), eol: "\n", major: 1, minor: 24012, cap: 8, daemonV: 202, dPID: 51200}
	if o.goos == "win32" {
		g.eol = "\r\n"
	}
	g.start = time.Date(2026, 9, 1, 8, 0, 0, 0, time.UTC)
	if !o.start.IsZero() {
		g.start = o.start
	}
	g.t, g.memAt, g.month = g.start, g.start, 30*24*time.Hour
	g.main = newRotWriter(o.dir, o.rotate<<20)
	open := func(name string) (*bufio.Writer, error) {
		f, err := os.Create(filepath.Join(o.dir, name))
		if err != nil {
			return nil, fmt.Errorf("create %s: %w", name, err)
		}
		g.files = append(g.files, f)
		return bufio.NewWriterSize(f, 64<<10), nil
	}
	var err error
	if o.goos != "linux" {
		if g.vmNode, err = open("cowork_vm_node.log"); err != nil {
			return err
		}
		side := "cowork_vm_swift.log"
		if o.goos == "win32" {
			side = "cowork-service.log"
		}
		if g.vmSide, err = open(side); err != nil {
			return err
		}
	}
	if g.daemon, err = open("daemon.log"); err != nil {
		return err
	}
	g.daemonStart("transient")
	g.appStart()
	for g.main.total < o.mb<<20 {
		g.step()
	}
	return g.close()
}

func (g *realGen) close() error {
	for _, w := range []*bufio.Writer{g.vmNode, g.vmSide, g.daemon} {
		if w != nil {
			if err := w.Flush(); err != nil {
				return fmt.Errorf("flush: %w", err)
			}
		}
	}
	for _, f := range g.files {
		if err := f.Close(); err != nil {
			return fmt.Errorf("close: %w", err)
		}
	}
	return g.main.close()
}

// advance moves the clock so that the month ends with the last byte.
func (g *realGen) advance() {
	frac := float64(g.main.total) / float64(g.o.mb<<20)
	at := g.start.Add(time.Duration(frac * float64(g.month)))
	if at.After(g.t) {
		g.t = at.Truncate(time.Second)
	}
}

func (g *realGen) stamp() string { return g.t.Format("2006-01-02 15:04:05") }

// line writes one main.log entry; text may hold "\n" for continuation lines.
func (g *realGen) line(text string) {
	if g.eol != "\n" {
		text = strings.ReplaceAll(text, "\n", g.eol)
	}
	g.main.write(g.stamp() + " " + text + g.eol)
	g.entries++
}

func (g *realGen) tagged() bool { return g.major >= 2 }

// ccd prefixes "[CCD] " on 2.x, where the app tags its session lines.
func (g *realGen) ccd(s string) string {
	if g.tagged() {
		return "[CCD] " + s
	}
	return s
}

func (g *realGen) version() string { return strconv.Itoa(g.major) + "." + strconv.Itoa(g.minor) + ".0" }

func (g *realGen) platform() (plat, arch string) {
	switch g.o.goos {
	case "win32":
		return "win32", "x64"
	case "linux":
		return "linux", "x64"
	}
	return "darwin", "arm64"
}

func (g *realGen) cwd(n int) string {
	projects := []string{"billing-api", "web-frontend", "infra", "mobile-app", "ml-eval", "docs-site", "search", "data-pipeline"}
	p := projects[n%len(projects)]
	switch g.o.goos {
	case "win32":
		return `C:\Users\dev\source\repos\` + p
	case "linux":
		return "/home/dev/work/" + p
	}
	return "/Users/dev/projects/" + p
}

func sessionID(n int) string {
	return fmt.Sprintf("local_%08x-4a5b-4c6d-8e7f-%012x", uint32(n*2654435761), n)
}

// step writes one entry: noise, a session or governor line, a memory
// sample when five minutes have passed, an app restart every few MB.
func (g *realGen) step() {
	g.advance()
	if g.main.total >= g.nextApp {
		if !g.appEnd() { // an update restart starts the new version itself
			g.appStart()
		}
		return
	}
	if g.t.Sub(g.memAt) >= 5*time.Minute {
		g.memAt = g.t
		g.memory()
		return
	}
	if g.o.ids > 0 && g.entries%g.o.ids == 0 {
		g.startSession()
		return
	}
	for _, s := range g.live {
		if !g.t.Before(s.end) {
			g.endSession(s)
			return
		}
	}
	if g.rng.Float64()*g.o.every < 1 {
		g.signal()
		return
	}
	if g.entries%40 == 0 {
		m := realMultiline[g.rng.Intn(len(realMultiline))]
		if strings.Contains(m, "getFreeMemoryRatio") && (g.o.goos != "linux" || g.rng.Intn(8) > 0) {
			m = realMultiline[0] // Linux alone logs it, and seldom
		}
		g.line(m)
		return
	}
	n := realNoise[g.rng.Intn(len(realNoise))]
	if strings.Contains(n, "%s") {
		n = fmt.Sprintf(n, g.some().id)
	}
	g.line(n)
}

// some is a live session, or a stand-in id when none is live.
func (g *realGen) some() *realSession {
	if len(g.live) == 0 {
		return &realSession{id: sessionID(0)}
	}
	return g.live[g.rng.Intn(len(g.live))]
}

// lifetime: minutes to days, log-uniform.
func (g *realGen) lifetime() time.Duration {
	lo, hi := math.Log(float64(2*time.Minute)), math.Log(float64(3*24*time.Hour))
	return time.Duration(math.Exp(lo + g.rng.Float64()*(hi-lo)))
}

func (g *realGen) startSession() {
	if len(g.live) >= 12 { // the oldest goes first when many are live
		g.endSession(g.live[0])
	}
	g.nextID++
	s := &realSession{id: sessionID(g.nextID), cwd: g.cwd(g.nextID), end: g.t.Add(g.lifetime())}
	g.live = append(g.live, s)
	g.line("[info] LocalSessions.start:")
	g.line(fmt.Sprintf("[debug] [CliGovernor] acquire(user) effective=%d/%d", len(g.live)-1, g.cap))
	g.line("[info] " + g.ccd("Starting local session "+s.id+" in "+s.cwd))
	g.line("[info] [CCD] LocalSessions.setFocusedSession: sessionId=" + s.id)
}

func (g *realGen) drop(s *realSession) {
	for i, x := range g.live {
		if x == s {
			g.live = append(g.live[:i], g.live[i+1:]...)
			return
		}
	}
}

// endSession ends a session the way real ones end: an idle timeout, an
// eviction at the cap or under pressure, a crash, a teardown.
func (g *realGen) endSession(s *realSession) {
	g.drop(s)
	switch r := g.rng.Intn(10); {
	case r < 5:
		g.line("[info] [WarmLifecycle:session] Idle timeout reached, disconnecting " + s.id)
		if s.rc {
			g.line("[info] [CCD] Skipping pause for session " + s.id + " - remote control is active (startup-policy bridge)")
		} else {
			g.line("[info] " + g.ccd("Pausing session "+s.id+" (idle_timeout)"))
		}
	case r < 7:
		idle := 60 + g.rng.Intn(2000)
		g.line(fmt.Sprintf("[info] [CliGovernor] at cap=%d; evicting %s (idle %ds) for warm spawn", g.cap, s.id, idle))
		g.line("[info] " + g.ccd("Pausing session "+s.id+" (governor_evict)"))
	case r < 8:
		g.line(fmt.Sprintf("[warn] [CliGovernor] memory pressure (critical): would evict 1 idle session(s), %d effective", len(g.live)+1))
		g.line(fmt.Sprintf("[info] [CliGovernor] pressure evicting %s (idle %ds)", s.id, 60+g.rng.Intn(3000)))
		g.line("[info] " + g.ccd("Pausing session "+s.id+" (governor_evict)"))
	case r < 9:
		g.line("[error] Session " + s.id + " query error: Claude Code process exited with code 143 {\n  stack: 'Error: Claude Code process exited with code 143\\n' +\n    '    at ChildProcess.<anonymous> (file:///Applications/Claude.app/Contents/Resources/app.asar/.vite/build/index.js:12:345)'\n}")
	default:
		g.line("[info] [CCD] Session " + s.id + " torn down with 1 live background task(s) — settling as stopped (exited)")
	}
}

// signal writes one line about a live session or the governor.
func (g *realGen) signal() {
	if len(g.live) < 2 || (g.o.ids == 0 && len(g.live) < 8 && g.rng.Intn(40) == 0) {
		g.startSession()
		return
	}
	s := g.some()
	switch r := g.rng.Intn(24); {
	case r < 4:
		g.line("[info] [Stop hook] Query completed for session " + s.id)
	case r < 7:
		g.line(fmt.Sprintf("[info] [WarmLifecycle:session] Starting idle timeout for %s: 900s", s.id))
		s.armed = true
	case r < 9:
		if g.rng.Intn(3) == 0 { // the window lost focus
			g.line("[info] [CCD] LocalSessions.setFocusedSession: sessionId=null")
		} else {
			g.line("[info] [CCD] LocalSessions.setFocusedSession: sessionId=" + s.id)
		}
	case r < 10:
		g.line("[info] " + g.ccd("Warming session "+s.id))
	case r < 12:
		g.line(fmt.Sprintf("[info] [CliGovernor] at cap=%d; would evict %s (idle %ds) for warm spawn", g.cap, s.id, 60+g.rng.Intn(900)))
		g.line("[info] [CliGovernor] at cap; yielding warm spawn")
	case r < 13:
		g.line(fmt.Sprintf("[warn] [CliGovernor] memory pressure (warning): would evict %d idle session(s), %d effective", g.rng.Intn(3), len(g.live)))
	case r < 14:
		g.line(fmt.Sprintf("[info] [CliGovernor] sweep: %d candidates (%d busy, 0 cron)", g.rng.Intn(3), len(g.live)))
	case r < 15:
		g.line("[info] [CCD CycleHealth] " + s.id + ` api_error (rate_limit): API Error: 429 {"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}`)
	case r < 16:
		if !s.rc {
			s.rc = true
			g.line("[info] Enabling remote control for session " + s.id)
			g.line(`[info] Remote control enabled: "https://claude.ai/code/session_01AbCdEfGh"`)
		} else {
			g.line("[info] [remote-control] bridge_state: \"connected\"")
		}
	case r < 17:
		g.line("[info] Resuming session " + s.id)
	case r < 18:
		g.line(fmt.Sprintf("[debug] [CliGovernor] acquire(warm) effective=%d/%d", len(g.live), g.cap))
	case r < 19:
		g.line("[info] [WarmLifecycle:session] Session " + s.id + " has declined 2 consecutive idle pauses — its process is not being reaped")
	case r < 20:
		g.line("[info] [CCD] Skipping pause for local_" + s.id[6:] + ": remote control is active")
	case r < 21:
		g.line("[info] [remote-control] bridge_state: \"connected\"")
	case r < 22:
		g.line("[info] [rcAutoEnable] verdict: enable=true source=explicit_pref trigger=first_turn")
	case r < 23:
		g.line("[warn] [event-loop-stall] main process blocked for  784ms (total 1,  cumulative   784ms, rss 205MB)")
	default:
		g.line("[info] [KernelBugMonitor] State reset")
	}
}

func (g *realGen) memory() {
	rss := 600 + g.rng.Intn(3000)
	free := 400 + g.rng.Intn(8000)
	g.line(fmt.Sprintf("[info] [process-memory] trigger=interval tree_rss_sum=%dMB tree_footprint_sum=%dMB electron(5)=640MB children(%d)=%dMB top=[electron_main:4120:270MB child:4410:200MB child:4520:190MB child:4601:180MB electron_renderer:4188:170MB] sys_free=%dMB/24576MB sys_free_raw=%dMB",
		rss, rss/2, 2+len(g.live)*5, rss-640, free, free/3))
}

// appEnd ends an app run: half update restarts, a third plain quits, the
// rest relaunches with no quit line (a crash, a kill, a power loss). It
// reports whether it started the next run (an update restart does).
func (g *realGen) appEnd() bool {
	n := len(g.live)
	switch r := g.rng.Intn(6); {
	case r < 3:
		g.pending = true
		next := g.minor + 100 + g.rng.Intn(5000)
		g.line(fmt.Sprintf("[info] [updater] Update downloaded and ready to install { releaseName: 'Claude %d.%d.0' }", g.major, next))
		if r == 0 {
			g.line("[info] [updater] Deferring auto-restart after 100 hours: Claude is working")
			g.line("[info] [updater] Auto-restarting app after update pending for 101 hours")
			g.line(fmt.Sprintf("[info] [CCD] Killing %d PTY process tree(s) on quit", n))
		} else {
			g.line("[info] [stealth-update] Triggering stealth update after idle timeout")
			g.line(fmt.Sprintf("[info] [CCD] Stopping %d active session(s) on quit", n))
			g.line("[info] Session stop before update took 388ms")
		}
		g.line("[info] beforeQuitForUpdate handler fired, going down for update")
		g.line("[info] Successfully run onQuitCleanup: cowork-vm-shutdown")
		g.line("[info] willQuit: handler is ready for quit, so quitting")
		old := g.version()
		g.minor = next
		if g.major == 1 && g.t.Sub(g.start) > g.month/2 {
			g.major, g.minor = 2, 19675
		}
		g.t = g.t.Add(20 * time.Second)
		g.appStartVersionChanged(old)
		return true
	case r < 5:
		g.line("[info] beforeQuit: handler fired, going down")
		g.line(fmt.Sprintf("[info] [CCD] Stopping %d active session(s) on quit", n))
		g.line("[info] willQuit: handler is ready for quit, so quitting")
		g.t = g.t.Add(time.Duration(1+g.rng.Intn(600)) * time.Minute)
	}
	g.live = g.live[:0]
	return false
}

// appStartVersionChanged: the start after an update, which names both
// versions, restores its navigation and resumes sessions.
func (g *realGen) appStartVersionChanged(old string) {
	g.live = g.live[:0]
	g.appStart()
	g.line("[info] [update-restart] Detected nav-restore marker, launching normally")
	g.line("[info] [updater] Version changed since last launch: " + old + " → " + g.version())
	g.line("[info] [stealth-relaunch] Restoring navigation (50 entries, active=49, dropped=0)")
	g.line("[info] [CCD] Relaunch auto-resume: ran — warmed 2 of 2 eligible (2 marked)")
	g.pending = false
}

func (g *realGen) appStart() {
	g.live = g.live[:0]
	g.nextApp = g.main.total + int64((0.5+g.rng.Float64())*g.o.appEvery*(1<<20))
	plat, arch := g.platform()
	g.line(fmt.Sprintf("[info] Starting app {\n  appVersion: '%s',\n  isPackaged: true,\n  platform: '%s',\n  arch: '%s',\n  nodeVersion: '24.18.1'\n}", g.version(), plat, arch))
	if g.rng.Intn(10) == 0 { // a second copy, which exits at once
		g.line("[info] Not main instance, returning early from app ready")
	}
	g.line("[info] [LocalSessionManager] Initialization succeeded — accountId=3f2b9c1e-8a47-4d2e-9b6a-1c0d5e7f8a90, orgId=7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d, existingSessions=0")
	g.line("[info] [WarmLifecycle:session] Initialized (arm=when-hidden)")
	g.line("[info] [WarmLifecycle:preview] Initialized (arm=when-hidden)")
	g.daemonV++
	g.line(fmt.Sprintf("[info] [CCD] Initialized with version 2.1.%d", g.daemonV))
	g.vmBoot()
	if g.rng.Intn(3) == 0 {
		g.daemonRestart()
	}
	g.daemonWork()
}

// vmBoot writes a VM start to the VM logs, a failed one now and then.
func (g *realGen) vmBoot() {
	if g.vmNode == nil {
		return
	}
	st := g.stamp()
	w := func(s string) { g.vmNode.WriteString(st + " " + s + g.eol) }
	if g.o.goos == "win32" {
		g.vmSide.WriteString(g.t.Format("2006/01/02 15:04:05.000000") + " Starting CoworkVMService as Windows service" + g.eol)
		g.vmSide.WriteString(g.t.Format("2006/01/02 15:04:05.000000") + " [VM] VM started successfully" + g.eol)
	} else {
		g.vmSide.WriteString("[VM] " + st + " [info] startVM called for /Users/dev/Library/Application Support/Claude/vm_bundles/claudevm.bundle with memoryGB=4 cpuCount=auto networkMode=gvisor" + g.eol)
		g.vmSide.WriteString("[VM] " + st + " [info]   - Memory: 4GB" + g.eol)
		g.vmSide.WriteString("[VM] " + st + " [info] VM startup step: vm_boot started" + g.eol)
	}
	w("[info] [VM:start] memory=4GB tier=flat")
	w("[info] [VM:steps] vm_boot started")
	w("[info] [VM:steps] vm_boot completed (197ms)")
	w("[info] [VM:steps] guest_vsock_connect started")
	if g.rng.Intn(8) == 0 {
		w("[warn] [VM:start] Connection timeout, last completed step: vm_boot")
		w("[error] [VM:start] Startup failed: Error: guest connection timed out")
		return
	}
	w("[info] [VM:steps] guest_vsock_connect completed (5120ms)")
	w("[info] [VM:start] Startup complete, total time: 5766ms")
	w("[info] [VM] API reachability: REACHABLE")
}

func (g *realGen) dstamp() string { return g.t.Format("[2006-01-02T15:04:05.000Z]") }

func (g *realGen) daemonStart(origin string) {
	g.dPID += 1 + g.rng.Intn(900)
	fmt.Fprintf(g.daemon, "%s [supervisor] ─── daemon start ─── version=2.1.%d pid=%d origin=%s\n", g.dstamp(), g.daemonV, g.dPID, origin)
	fmt.Fprintf(g.daemon, "%s [bg] bg adopt: adopted=%d respawned=0 dead=0\n", g.dstamp(), g.rng.Intn(4))
}

func (g *realGen) daemonRestart() {
	if g.rng.Intn(2) == 0 {
		fmt.Fprintf(g.daemon, "%s [supervisor] binary at ~/.local/bin/claude changed (2.1.%d → 2.1.%d) — self-restarting for upgrade\n", g.dstamp(), g.daemonV-1, g.daemonV)
		fmt.Fprintf(g.daemon, "%s [supervisor] shutting down (cause=upgrade, uptime=170930s, leases=0, live_workers=%d)\n", g.dstamp(), g.rng.Intn(4))
	} else {
		fmt.Fprintf(g.daemon, "%s [supervisor] shutting down (cause=signal, uptime=99549s, leases=0, live_workers=0)\n", g.dstamp())
	}
	g.daemonStart("transient")
}

// daemonWork: a worker spawned and settled.
func (g *realGen) daemonWork() {
	w := fmt.Sprintf("%08x", g.rng.Uint32())
	fmt.Fprintf(g.daemon, "%s [bg] bg spawned %s (shell)\n", g.dstamp(), w)
	switch g.rng.Intn(3) {
	case 0:
		fmt.Fprintf(g.daemon, "%s [bg] bg settled %s (done)\n", g.dstamp(), w)
	case 1:
		fmt.Fprintf(g.daemon, "%s [bg] bg settled %s (killed)\n", g.dstamp(), w)
	default:
		fmt.Fprintf(g.daemon, "%s [bg] bg settled %s (crashed): exit 1 within 5s of spawn ×3\n", g.dstamp(), w)
	}
}

// rotWriter writes main.log, rotating it as the app does: at the size,
// main.log becomes main1.log and the older ones move up a number.
type rotWriter struct {
	dir   string
	limit int64
	f     *os.File
	w     *bufio.Writer
	size  int64 // of the current file
	total int64
	gens  int
}

func newRotWriter(dir string, limit int64) *rotWriter {
	r := &rotWriter{dir: dir, limit: limit}
	r.open()
	return r
}

func (r *rotWriter) open() {
	f, err := os.Create(filepath.Join(r.dir, "main.log"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "genlog:", err)
		os.Exit(1)
	}
	r.f, r.w, r.size = f, bufio.NewWriterSize(f, 1<<20), 0
}

func (r *rotWriter) write(s string) {
	if r.limit > 0 && r.size >= r.limit {
		r.rotate()
	}
	r.w.WriteString(s)
	r.size += int64(len(s))
	r.total += int64(len(s))
}

func (r *rotWriter) rotate() {
	if err := r.close(); err != nil {
		fmt.Fprintln(os.Stderr, "genlog:", err)
		os.Exit(1)
	}
	for i := r.gens; i >= 1; i-- {
		_ = os.Rename(filepath.Join(r.dir, fmt.Sprintf("main%d.log", i)), filepath.Join(r.dir, fmt.Sprintf("main%d.log", i+1)))
	}
	_ = os.Rename(filepath.Join(r.dir, "main.log"), filepath.Join(r.dir, "main1.log"))
	r.gens++
	r.open()
}

func (r *rotWriter) close() error {
	if err := r.w.Flush(); err != nil {
		return fmt.Errorf("write main.log: %w", err)
	}
	if err := r.f.Close(); err != nil {
		return fmt.Errorf("close main.log: %w", err)
	}
	return nil
}
