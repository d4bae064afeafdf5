//go:build linux

package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// simNoise is what most of a real main.log is: lines no monitor cares
// about (the shapes of bench/genlog).
var simNoise = []string{
	"[info] [MCP] Using MCP server command: /usr/local/bin/node with path: /Users/dev/.nvm/versions/node/v22.3.0/bin",
	"[info] Received permission response for 7d1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b: once (tool: Bash)",
	"[info] [oauth] refreshed access token, expires in 28800s",
	"[debug] [ipc] handled claude.settings.get in 2ms",
	"[info] [remote-control] bridge_state: \"connected\"",
	"[info] [process-memory] trigger=interval tree_rss_sum=2410MB tree_footprint_sum=990MB electron(5)=640MB children(44)=1770MB top=[electron_main:4120:270MB child:4410:200MB] sys_free=1530MB/24576MB sys_free_raw=429MB",
}

// simWriter writes the simulated day's log on the shared clock, and the
// session records beside it (a desktop record and a Claude Code record for
// each live session, changed while it runs and deleted when it goes) and
// the desktop app's quota history.
type simWriter struct {
	t                   *testing.T
	dir, recs           string
	now                 func() time.Time
	restartEvery        time.Duration
	f                   *os.File
	buf                 strings.Builder
	size, rotateAt      int64
	seq, nextSession    int
	live                []string
	rotations, restarts int
	recordWrites        int
	recordDeletes       int
	changes             int
	quotaFile           string // the desktop app's plan-usage-history.json
	quotaSamples        []string
	ticks, quotaWrites  int
	lastRestart         time.Time
	noise               int
}

func newSimWriter(t *testing.T, dir, recs, appConfig string, now func() time.Time, restartEvery time.Duration) *simWriter {
	w := &simWriter{t: t, dir: dir, recs: recs, now: now, restartEvery: restartEvery, lastRestart: now(),
		rotateAt:  min(int64(10<<20), simLinesPerHour*simLineLen*3/4),
		quotaFile: filepath.Join(appConfig, "Claude", "plan-usage-history.json")}
	for _, d := range []string{w.codeDir(), w.appDir(), filepath.Dir(w.quotaFile)} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	w.open()
	return w
}

// desktopQuota adds a sample to the desktop app's quota history, as the
// app does about every five minutes: the five-hour window fills and resets
// with the status line's, the weekly one climbs through the week. The
// newest 100 are kept, the file replaced whole.
func (w *simWriter) desktopQuota() {
	now := w.now()
	five := now.Sub(time.Unix(now.Unix()/(5*3600)*(5*3600), 0))
	week := now.Sub(time.Unix(now.Unix()/(7*86400)*(7*86400), 0))
	w.quotaSamples = append(w.quotaSamples, fmt.Sprintf(`{"t":%d,"org":"6f1c0a52-1111-4a4a-9d9d-0123456789ab","u":{"fh":%.1f,"sd":%.1f}}`,
		now.UnixMilli(), 100*five.Hours()/5, 100*week.Hours()/(7*24)))
	if n := len(w.quotaSamples); n > 100 {
		w.quotaSamples = w.quotaSamples[n-100:]
	}
	w.quotaWrites++
	w.write(w.quotaFile, `{"version":2,"samples":[`+strings.Join(w.quotaSamples, ",\n")+`]}`)
}

func (w *simWriter) codeDir() string { return filepath.Join(w.recs, "sessions") }
func (w *simWriter) appDir() string {
	return filepath.Join(w.recs, "claude-code-sessions", "acct", "org")
}

func (w *simWriter) open() {
	f, err := os.OpenFile(filepath.Join(w.dir, "main.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		w.t.Fatal(err)
	}
	w.f, w.size = f, 0
}

func (w *simWriter) close() { w.f.Close() }

func (w *simWriter) line(text string) {
	w.buf.WriteString(w.now().Format("2006-01-02 15:04:05") + " " + text + "\n")
}

func (w *simWriter) flush() {
	n, err := w.f.WriteString(w.buf.String())
	if err != nil {
		w.t.Fatal(err)
	}
	w.buf.Reset()
	if w.size += int64(n); w.size >= w.rotateAt {
		w.rotate()
	}
}

// rotate moves the logs on as the app does.
func (w *simWriter) rotate() {
	w.f.Close()
	os.Remove(filepath.Join(w.dir, "main2.log"))
	os.Rename(filepath.Join(w.dir, "main1.log"), filepath.Join(w.dir, "main2.log"))
	if err := os.Rename(filepath.Join(w.dir, "main.log"), filepath.Join(w.dir, "main1.log")); err != nil {
		w.t.Fatal(err)
	}
	w.open()
	w.rotations++
}

// tick writes one writer tick: numbered lines among the ordinary chatter,
// and now and then a session's start or eviction, its records with it; an
// app restart every restartEvery of simulated time.
func (w *simWriter) tick() {
	if w.ticks++; w.ticks%(simTicksPerHour/12) == 1 {
		w.desktopQuota()
	}
	if now := w.now(); now.Sub(w.lastRestart) >= w.restartEvery {
		w.lastRestart = now
		w.line("[info] Shutting down for update")
		w.flush()
		w.rotate()
		w.restarts++
		for _, id := range w.live {
			w.deleteRecords(id)
		}
		w.live = w.live[:0]
		w.line("[info] Starting app {\n  appVersion: '1.2.3',\n  platform: 'darwin',\n}")
	}
	for range simLinesPerHour / simTicksPerHour {
		line := fmt.Sprintf("[info] [CliGovernor] simday seq=%d %s", w.seq, strings.Repeat("x", simLineLen))
		w.line(line[:simLineLen-24])
		w.seq++
		if w.seq%4 == 0 {
			w.line(simNoise[w.noise%len(simNoise)])
			w.noise++
		}
	}
	switch {
	case w.seq%600 < 50: // about 25 sessions an hour
		id := fmt.Sprintf("local_%08x-4a5b-4c6d-8e7f-%012x", uint32(w.nextSession*2654435761), w.nextSession)
		w.nextSession++
		w.line("[info] LocalSessions.start:")
		w.line("[info] [CCD] Starting local session " + id + " in /tmp/project")
		w.live = append(w.live, id)
		w.writeRecords(id, len(w.live)-1)
	case len(w.live) > 8:
		id := w.live[0]
		w.live = w.live[1:]
		w.line(fmt.Sprintf("[info] [CliGovernor] at cap=8; evicting %s (idle %ds) for warm spawn", id, 600))
		w.line("[info] [CCD] Pausing session " + id + " (governor_evict)")
		w.deleteRecords(id)
	case len(w.live) > 0: // a live session works, waits, works again
		i := w.seq % len(w.live)
		w.writeRecords(w.live[i], i)
	}
	w.flush()
}

// writeRecords writes (or changes) the records of live session i: the
// desktop app's local_<uuid>.json and Claude Code's <n>.json naming this
// (live) process, started (on the wall clock: a process cannot precede
// its start) after it, waiting for an approval every other change.
func (w *simWriter) writeRecords(id string, i int) {
	now := w.now().UnixMilli()
	status, waiting := "working", ""
	if w.changes++; w.changes%2 == 0 {
		status, waiting = "waiting", "approve Bash"
	}
	w.write(filepath.Join(w.appDir(), id+".json"),
		fmt.Sprintf(`{"sessionId":%q,"title":"simulated session %d","lastActivityAt":%d,"sessionType":"local"}`, id, i, now))
	w.recordWrites += 2
	w.write(filepath.Join(w.codeDir(), strings.TrimPrefix(id, "local_")+".json"),
		fmt.Sprintf(`{"pid":%d,"hostSessionId":%q,"status":%q,"waitingFor":%q,"updatedAt":%d,"startedAt":%d,"entrypoint":"claude-desktop"}`,
			os.Getpid(), id, status, waiting, now, time.Now().UnixMilli()))
}

// write replaces a file as a writer that renames into place does.
func (w *simWriter) write(path, body string) {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(body), 0o600); err != nil {
		w.t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		w.t.Fatal(err)
	}
}

func (w *simWriter) deleteRecords(id string) {
	os.Remove(filepath.Join(w.appDir(), id+".json"))
	os.Remove(filepath.Join(w.codeDir(), strings.TrimPrefix(id, "local_")+".json"))
	w.recordDeletes++
}
