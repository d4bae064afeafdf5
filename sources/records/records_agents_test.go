package records

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/realclaude"
	"github.com/coworktop/coworktop/record"
)

// `claude agents --json` as the real Claude Code 2.1.332 prints it while a
// session waits on a permission prompt: the interactive row becomes a
// record with its status and waitingFor; beside a record of the same
// session read earlier, the agents' fresher answer wins; a session only the
// agents know is added.
func TestAgentsFromTheRealCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Claude Code")
	}
	bin := realclaude.Binary(t)
	stub := realclaude.NewStub(t)
	home := realclaude.NewHome(t, bin, stub)
	s := home.Start(t, filepath.Join(home.Dir, "proj"), realclaude.Options{})
	s.Send(t, realclaude.PromptBash)
	rec := s.WaitRecord(t, realclaude.StatusIs("waiting"))
	out, err := realclaude.Run(bin, []string{"HOME=" + home.Dir}, "agents", "--json")
	if err != nil {
		t.Fatalf("claude agents --json: %v\n%s", err, out)
	}
	at := time.Now()
	rows, err := ParseAgents([]byte(out), at)
	if err != nil || len(rows) != 1 {
		t.Fatalf("rows %+v, %v\n%s", rows, err, out)
	}
	r := rows[0]
	if r.Pid != s.Pid || r.SessionID != rec.SessionID || r.Status != "waiting" || r.WaitingFor != "permission prompt" || r.Name == "" {
		t.Fatalf("row %+v (record %+v)", r, rec)
	}
	older := record.Reading{Code: []record.Code{{Pid: r.Pid, SessionID: r.SessionID, Status: "busy", UpdatedAt: at.Add(-time.Second)}}}
	merged := MergeAgents(older, rows)
	if len(merged.Code) != 1 || merged.Code[0].Status != "waiting" || merged.Code[0].WaitingFor != "permission prompt" || !merged.Found {
		t.Fatalf("the fresher agents lost: %+v", merged.Code)
	}
	newer := record.Reading{Code: []record.Code{{Pid: r.Pid, SessionID: r.SessionID, Status: "idle", UpdatedAt: at.Add(time.Second)}}}
	if m := MergeAgents(newer, rows); m.Code[0].Status != "idle" || m.Code[0].WaitingFor != "" {
		t.Fatalf("the fresher record lost: %+v", m.Code)
	}
	if m := MergeAgents(record.Reading{}, rows); len(m.Code) != 1 || !m.Found {
		t.Fatalf("a session only the agents know: %+v", m)
	}
}

// Rows that are not running interactive sessions, or not rows at all, give
// no record; bad output is an error, not an empty list.
func TestParseAgentsShapes(t *testing.T) {
	at := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	out := `[{"pid":1,"kind":"background","sessionId":"b","status":"busy","id":"job1","state":"working"},
{"pid":0,"kind":"interactive","sessionId":"x"},
{"pid":7,"kind":"interactive","sessionId":"s7","name":"proj-f3\u001b[2J","status":"idle","startedAt":1796626372419}]`
	rows, err := ParseAgents([]byte(out), at)
	if err != nil || len(rows) != 1 || rows[0].Pid != 7 || !rows[0].UpdatedAt.Equal(at) {
		t.Fatalf("%+v %v", rows, err)
	}
	for _, bad := range []string{"", "nothing running", `{"pid":1}`} {
		if _, err := ParseAgents([]byte(bad), at); err == nil || !strings.Contains(err.Error(), "claude agents") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
