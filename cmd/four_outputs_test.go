package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/render"
	tea "github.com/coworktop/coworktop/third_party/bubbletea"
	"github.com/coworktop/coworktop/ui"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// Session ids of the restart folder.
const (
	idWeb   = "local_aaaaaaaa-0000-4000-8000-000000000001"
	idAPI   = "local_bbbbbbbb-0000-4000-8000-000000000002"
	idDocs  = "local_cccccccc-0000-4000-8000-000000000003"
	idInfra = "local_dddddddd-0000-4000-8000-000000000004"
)

// writeRestartFolder writes a log folder of the last 50 minutes, relative
// to now: a run that logged the cap, evicted docs and saw pressure, then
// an update restart that stopped web and api (rotated to main1.log), the
// app's start again, web auto-resumed 30 s after the update, a new session
// in infra, and a memory sample 30 s ago.
func writeRestartFolder(t *testing.T, now time.Time) string {
	t.Helper()
	dir := t.TempDir()
	at := func(ago time.Duration) string { return now.Add(-ago).Format("2006-01-02 15:04:05") }
	start := " [info] Starting app { appVersion: '1.46388.2', isPackaged: true, platform: 'darwin', arch: 'arm64' }\n"
	old := at(50*time.Minute) + start +
		at(49*time.Minute+59*time.Second) + " [debug] [CliGovernor] acquire(user) effective=0/8\n" +
		at(49*time.Minute+58*time.Second) + " [info] Starting local session " + idWeb + " in /Users/u/projects/web-frontend\n" +
		at(49*time.Minute+57*time.Second) + " [info] Starting local session " + idAPI + " in /Users/u/projects/api\n" +
		at(49*time.Minute+56*time.Second) + " [info] Starting local session " + idDocs + " in /Users/u/projects/docs\n" +
		at(40*time.Minute) + " [info] [CliGovernor] at cap=8; evicting " + idDocs + " (idle 596s) for warm spawn\n" +
		at(40*time.Minute) + " [info] Pausing session " + idDocs + " (governor_evict)\n" +
		at(30*time.Minute) + " [warn] [CliGovernor] memory pressure (warning): would evict 0 idle session(s), 2 effective\n" +
		at(15*time.Minute) + " [info] [stealth-update] Triggering stealth update after idle timeout\n" +
		at(15*time.Minute) + " [info] [CCD] Stopping 2 active session(s) on quit\n" +
		at(15*time.Minute) + " [info] beforeQuitForUpdate handler fired, going down for update\n"
	cur := at(14*time.Minute+50*time.Second) + start +
		at(14*time.Minute+30*time.Second) + " [info] Resuming session " + idWeb + "\n" +
		at(10*time.Minute) + " [info] Starting local session " + idInfra + " in /Users/u/projects/infra\n" +
		at(30*time.Second) + " [info] [process-memory] trigger=interval tree_rss_sum=900MB tree_footprint_sum=0MB electron(4)=500MB children(6)=400MB top=[electron_main:2100:200MB] sys_free=9650MB/32768MB sys_free_raw=9650MB\n"
	for name, text := range map[string]string{"main1.log": old, "main.log": cur} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// figures are the four numbers every output must agree on.
type figures struct {
	cap      int
	capFrom  vocab.Source
	live     int
	lost     int
	victimID string // short id
}

// TestFourOutputsTellOneStory runs the live view's model, snapshot --json,
// serve's metrics and report --json on one folder, written just after an
// update restart, and holds them to one set of figures (issue 23 #1, #2):
// the cap logged before the restart, the live count, the losses (less the
// session the app resumed) and the next victim.
func TestFourOutputsTellOneStory(t *testing.T) {
	now := time.Now().Truncate(time.Second)
	dir := writeRestartFolder(t, now)
	want := figures{cap: 8, capFrom: vocab.SourceLogged, live: 2, lost: 2, victimID: vocab.ShortID(idWeb)}

	// The live view: the pipeline the TUI runs, into its model, drawn.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	updates, err := startLive(ctx, liveConfig{paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	m := ui.New(ui.Options{Mode: ui.ModeLive, Clock: time.Now})
	m.Update(tmSize(200, 50))
	for u := range updates {
		m.Update(ui.UpdatesMsg{u})
	}
	screen := m.View().Content
	tui := figures{capFrom: vocab.SourceLogged}
	if g := regexp.MustCompile(`Ses\[[| ]*(\d+)/(\d+) cap \d+ \(logged[^)]*\)`).FindStringSubmatch(screen); g != nil {
		tui.live, _ = strconv.Atoi(g[1])
		tui.cap, _ = strconv.Atoi(g[2])
	}
	if g := regexp.MustCompile(`Evictions · (\d+) lost`).FindStringSubmatch(screen); g != nil {
		tui.lost, _ = strconv.Atoi(g[1])
	}
	// The ranking names the victim (names first); its id is in the
	// details, opened as a person would: filter the Sessions pane by the
	// name, enter.
	if g := regexp.MustCompile(`│ *\d+ (\S+) .*◀ next \(est\)`).FindStringSubmatch(screen); g != nil {
		keys := append(append([]string{"/"}, strings.Split(g[1], "")...), "enter", "enter")
		for _, k := range keys {
			r := []rune(k)[0]
			if k == "enter" {
				m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
				continue
			}
			m.Update(tea.KeyPressMsg{Code: r, Text: k})
		}
		if r := regexp.MustCompile(`session (local_\S+)`).FindStringSubmatch(m.View().Content); r != nil {
			tui.victimID = vocab.ShortID(r[1])
		}
	}
	if tui != want {
		t.Errorf("TUI: %+v, want %+v\n%s", tui, want, screen)
	}
	if !strings.Contains(screen, "web-frontend") || !strings.Contains(screen, "1 eviction in the last hour") ||
		!strings.Contains(screen, "cap 8 (logged 40m") { // carried over the restart, with its age

		t.Errorf("TUI lacks the project names or the eviction before the restart:\n%s", screen)
	}

	// snapshot --json.
	out, errs, code := runCLI(t, "snapshot", "--json", dir)
	if code != 0 {
		t.Fatalf("snapshot: exit %d: %s", code, errs)
	}
	var s governor.Snapshot
	if err := words.UnmarshalSnapshot([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	snap := figures{cap: s.Cap.Value, capFrom: s.Cap.Source, live: s.Live, lost: s.LostCount()}
	if s.NextVictim != nil {
		snap.victimID = vocab.ShortID(s.NextVictim.ID)
	}
	if snap != want || s.Stale || s.Cap.At.IsZero() {
		t.Errorf("snapshot --json: %+v (stale %v, cap %+v), want %+v", snap, s.Stale, s.Cap, want)
	}

	// serve's metrics.
	addr := startServe(t, buildCoworktop(t), dir, nil)
	// serve backfills in batches: read it until its figures settle on
	// the others', and show what it said last if they never do.
	var body string
	var serve figures
	metric := func(name string) int {
		g := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + ` (\S+)$`).FindStringSubmatch(body)
		if g == nil {
			return -1
		}
		f, _ := strconv.ParseFloat(g[1], 64)
		return int(f)
	}
	waitFor(20*time.Second, func() bool {
		resp, err := http.Get("http://" + addr + "/metrics")
		if err != nil {
			return false
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		body = string(b)
		serve = figures{cap: metric(`coworktop_session_cap{source="logged"}`), capFrom: vocab.SourceLogged,
			live: metric("coworktop_sessions_live"), lost: metric("coworktop_sessions_lost"), victimID: want.victimID}
		return serve == want
	})
	if serve != want {
		t.Errorf("serve: %+v, want %+v", serve, want)
	}
	// No metric names a session: the victim's idle time stands for it
	// (it climbed while serve started: web's, not infra's, 270 s less).
	later := int(time.Since(s.Now).Seconds())
	if idle := metric("coworktop_next_victim_idle_seconds"); s.NextVictim == nil || idle < int(s.NextVictim.Idle.Seconds())-2 || idle > int(s.NextVictim.Idle.Seconds())+later+2 {
		t.Errorf("serve's next victim idle %d s, snapshot's %+v", idle, s.NextVictim)
	}

	// report --json: the same folder read whole, as of its last line.
	out, errs, code = runCLI(t, "report", "--json", dir)
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, errs)
	}
	var r render.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.NextVictim == nil || vocab.ShortID(r.NextVictim.Session) != want.victimID || r.NextVictim.Project != "web-frontend" {
		t.Errorf("report --json next victim %+v, want %s (web-frontend)", r.NextVictim, want.victimID)
	}
	if r.Governor.Cap != want.cap || r.Governor.CapSource != want.capFrom.String() || r.Lost != want.lost || r.CameBack != 1 {
		t.Errorf("report --json: cap %d (%s), lost %d, came back %d; want %d (%s), %d, 1",
			r.Governor.Cap, r.Governor.CapSource, r.Lost, r.CameBack, want.cap, want.capFrom, want.lost)
	}
	for _, bad := range []string{"0001-01-01", "_ns\"", "+00:00\"", fmt.Sprintf("%d-", now.Year()) + "00"} {
		if strings.Contains(out, bad) {
			t.Errorf("report --json holds %q", bad)
		}
	}
}
