package governor_test

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/words"
)

// TestNextVictimPassesOverMidTurn: a session waiting for the person's
// approval (or busy) by its record is mid-turn, not idle to the governor
// (claude-logs.md §2.4), however long the log is silent: the estimate
// picks the next idle one and says what it passed over. Once the
// governor's own line names the waiting one idle, that line wins.
func TestNextVictimPassesOverMidTurn(t *testing.T) {
	for _, status := range []string{"waiting", "busy"} {
		s := stateFrom(t,
			at(0)+" [info] Starting local session local_aaaaaaaa-1 in /p/alpha",
			at(5)+" [info] Starting local session local_bbbbbbbb-2 in /p/beta",
			at(100)+" [info] [Stop hook] Query completed for session local_bbbbbbbb-2",
		)
		s.ApplyRecords(record.Reading{At: t0.Add(300 * time.Second), Found: true,
			Code: []record.Code{{Pid: 7, HostSessionID: "local_aaaaaaaa-1", Status: status, WaitingFor: "approve Bash", UpdatedAt: t0.Add(20 * time.Second)}}})
		snap := s.Snapshot(t0.Add(400 * time.Second))
		if snap.NextVictim == nil || snap.NextVictim.ID != "local_bbbbbbbb-2" {
			t.Fatalf("%s: next victim %+v, want beta", status, snap.NextVictim)
		}
		if !strings.HasPrefix(words.NextVictimWhy(&snap), words.VictimBasis) || !strings.Contains(words.NextVictimWhy(&snap), "1 longer idle passed over: busy or waiting for you") {
			t.Fatalf("%s: why %q", status, words.NextVictimWhy(&snap))
		}
		for _, e := range parseLines(t, "main.log", at(410)+" [info] [CliGovernor] at cap=2; would evict local_aaaaaaaa-1 (idle 390s) for warm spawn") {
			s.Apply(e)
		}
		snap = s.Snapshot(t0.Add(420 * time.Second))
		if snap.NextVictim == nil || snap.NextVictim.ID != "local_aaaaaaaa-1" || !strings.Contains(words.NextVictimWhy(&snap), "the governor's own line named it idle at") {
			t.Fatalf("%s: after the governor's line: %+v, %q", status, snap.NextVictim, words.NextVictimWhy(&snap))
		}
	}
}
