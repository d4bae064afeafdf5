package cmd

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/render"
)

// testdata/logs/losses holds one app's main.log and the Claude Code
// daemon's daemon.log with every way a session dies. The counts are worked
// out by hand, line by line:
//
// main.log
//
//	17 at cap=8; evicting 1…             governor_cap (18 its pause, 19 its exit 143: the same loss)
//	21 pressure evicting 2…              governor_pressure (22, 23: the same loss)
//	24 idle timeout reached for 3…       idle_timeout (25 its pause: the same loss)
//	26 4… terminated by signal SIGKILL   crash
//	27 Pausing 5… (governor_evict)       unknown (no governor line before it)
//	28 stealth update                    update_restart ×3 (6, 7, 8 were live)
//	29 Stopping 4 active session(s)      update_restart ×1 (the app counted one more)
//
// daemon.log
//
//	 4 a1 settled (done)                 not a loss
//	 6 b2 crashed … ×3                   daemon_crash_loop
//	 8 d4 retire … [low memory]          daemon_low_memory
//	 9 e5 retire, 0.3 s after line 7's low memory    daemon_low_memory
//	11 c3 killed, 18 s after line 7's low memory     daemon_low_memory
//	12 f6 retire for idleness, no low memory         not a loss
//	13 07 killed, bare                   not a loss: the daemon writes it for a user's stop too (#75037)
//	14 08 crashed: cwd gone              crash
//	16 dead=2 after a start with no shutdown line    crash ×2
//	18 dead=1 after a second such start within 5 min daemon_crash_loop
//	21 dead=1 after shutting down for an upgrade     update_restart
var lossesByHand = map[governor.LossCause]int{
	governor.LossGovernorCap:      1,
	governor.LossGovernorPressure: 1,
	governor.LossIdleTimeout:      1,
	governor.LossUpdateRestart:    5,
	governor.LossCrash:            4,
	governor.LossDaemonLowMemory:  3,
	governor.LossDaemonCrashLoop:  2,
	governor.LossUnknown:          1,
}

func TestReportLossesCountedByHand(t *testing.T) {
	out, errs, code := runCLI(t, "report", "--json", filepath.Join(testdataDir, "logs", "losses"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r render.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, c := range governor.LossCauses {
		if got, want := r.LossCounts[c.String()], lossesByHand[c]; got != want {
			t.Errorf("%s: %d, counted by hand %d", c, got, want)
		}
		total += lossesByHand[c]
	}
	entries := 0
	for _, l := range r.Losses {
		entries += l.Count
		if l.Evidence == "" || !strings.Contains(l.Evidence, ".log:") || l.Time == "" {
			t.Errorf("every loss shows its line: %+v", l)
		}
	}
	if entries != total || len(r.Losses) != 17 {
		t.Errorf("%d entries standing for %d sessions, want 17 for %d", len(r.Losses), entries, total)
	}
	for i := 1; i < len(r.Losses); i++ {
		if r.Losses[i].Time < r.Losses[i-1].Time {
			t.Errorf("timeline out of order at %d: %s after %s", i, r.Losses[i].Time, r.Losses[i-1].Time)
		}
	}
	byEvidence := map[string]render.Lost{}
	for _, l := range r.Losses {
		byEvidence[l.Evidence] = l
	}
	if l := byEvidence["daemon.log:11"]; l.Cause != governor.LossDaemonLowMemory.String() || l.CauseEvidence != "daemon.log:7" || l.Session != "c3c3c3c3" {
		t.Errorf("a bare kill read as low memory must cite the low-memory line: %+v", l)
	}
	if l := byEvidence["main.log:26"]; l.Cause != governor.LossCrash.String() || l.Detail != "SIGKILL" {
		t.Errorf("crash: %+v", l)
	}
	if !strings.Contains(r.Verdict, "18 sessions are lost and not back") || !strings.Contains(r.Verdict, "2 daemon crash loop") {
		t.Errorf("the verdict counts each cause: %s", r.Verdict)
	}
	text, _, _ := runCLI(t, "report", filepath.Join(testdataDir, "logs", "losses"))
	if !strings.Contains(text, "lost sessions (18)") || !strings.Contains(text, "daemon.log:9 (cause: daemon.log:7)") {
		t.Errorf("text report:\n%s", text)
	}
}
