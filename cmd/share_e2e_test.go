package cmd

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// shareSecret is what a transcript may hold: a key, escapes that would
// paste, clear or retitle the terminal, a path, ids. None of it may reach
// an output.
var shareSecrets = []string{"sk-ant-api03-SECRETKEY", "AKIAIOSFODNN7EXAMPLE", "\x1b]52;", "\x1b[2J", "\x1b]0;pwned", "/home/alice/private",
	"msg_SECRETMSGID", "req_SECRETREQID", "hunter2", "\u202e"}

// shareTranscript is a session's transcript in 2.1.332's line shapes: the
// prompt, each reply as one line per content block (thinking, text,
// tool_use) with the same ids and usage, the tool's result, a
// file-history snapshot; full of secrets and escapes.
func shareTranscript(session string, replies int, now time.Time) string {
	esc := func(s string) string { b, _ := json.Marshal(s); return string(b[1 : len(b)-1]) }
	secret := esc(strings.Join(shareSecrets, " "))
	var b strings.Builder
	b.WriteString(`{"type":"summary","summary":"` + secret + `","leafUuid":"x"}` + "\n")
	for i := range replies {
		ts := now.Add(time.Duration(i-replies) * time.Minute).UTC().Format("2006-01-02T15:04:05.000Z")
		msg, req := fmt.Sprintf("msg_SECRETMSGID%s%d", session[:4], i), fmt.Sprintf("req_SECRETREQID%s%d", session[:4], i)
		fmt.Fprintf(&b, `{"parentUuid":null,"isSidechain":false,"userType":"external","cwd":"/home/alice/private","sessionId":%q,"version":"2.1.332","gitBranch":"hunter2","type":"user","message":{"role":"user","content":"use %s"},"uuid":"u%d","timestamp":%q}`+"\n", session, secret, i, ts)
		for _, block := range []string{`{"type":"thinking","thinking":"` + secret + `","signature":"s"}`, `{"type":"text","text":"` + secret + `"}`, `{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"` + secret + `"}}`} {
			fmt.Fprintf(&b, `{"parentUuid":"u%d","isSidechain":false,"userType":"external","entrypoint":"cli","cwd":"/home/alice/private","sessionId":%q,"version":"2.1.332","gitBranch":"hunter2","message":{"id":%q,"type":"message","role":"assistant","model":"claude-sonnet-4-6 %s","content":[%s],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":10,"cache_creation_input_tokens":2000,"cache_read_input_tokens":12000,"output_tokens":300,"service_tier":"standard","cache_creation":{"ephemeral_5m_input_tokens":2000,"ephemeral_1h_input_tokens":0},"speed":"standard"}},"requestId":%q,"type":"assistant","uuid":"a%d","timestamp":%q}`+"\n",
				i, session, msg, secret, block, req, i, ts)
		}
		fmt.Fprintf(&b, `{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":"%s"}]},"timestamp":%q,"toolUseResult":{"stdout":"%s"}}`+"\n", secret, ts, secret)
		fmt.Fprintf(&b, `{"type":"file-history-snapshot","messageId":"u%d","snapshot":{"trackedFileBackups":{"%s":{"version":1}},"timestamp":%q}}`+"\n", i, secret, ts)
	}
	return b.String()
}

// shareFixture: two live desktop sessions (their records name this test's
// process and its parent) whose transcripts hold three and one equal
// replies, full of secrets.
func shareFixture(t *testing.T) (logs, records string) {
	t.Helper()
	dir := t.TempDir()
	logs, records = filepath.Join(dir, "logs"), filepath.Join(dir, "records")
	now := time.Now()
	stamp := func(ago time.Duration) string { return now.Add(-ago).Format("2006-01-02 15:04:05") }
	const a, c = "local_aaaaaaaa-0000-4000-8000-000000000001", "local_cccccccc-0000-4000-8000-000000000003"
	const cliA, cliC = "aaaa1111-0000-4000-8000-00000000000a", "cccc3333-0000-4000-8000-00000000000c"
	log := stamp(15*time.Minute) + " [info] Starting app {\n  appVersion: '2.110.0',\n  platform: 'darwin',\n}\n" +
		stamp(14*time.Minute) + " [info] Starting local session " + c + " in /Users/u/web\n" +
		stamp(10*time.Minute) + " [info] Starting local session " + a + " in /Users/u/api-gateway\n"
	files := map[string]string{
		filepath.Join(logs, "main.log"):                                           log,
		filepath.Join(records, "sessions", "1.json"):                              fmt.Sprintf(`{"pid":%d,"hostSessionId":%q,"sessionId":%q,"status":"idle"}`, os.Getpid(), a, cliA),
		filepath.Join(records, "sessions", "2.json"):                              fmt.Sprintf(`{"pid":%d,"hostSessionId":%q,"sessionId":%q,"status":"idle"}`, os.Getppid(), c, cliC),
		filepath.Join(records, "projects", "-Users-u-api-gateway", cliA+".jsonl"): shareTranscript(cliA, 3, now),
		filepath.Join(records, "projects", "-Users-u-web", cliC+".jsonl"):         shareTranscript(cliC, 1, now),
	}
	for p, body := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return logs, records
}

// Each live session's share in snapshot --json (sessions[].quota_share,
// with its basis), snapshot's text, report (text and JSON) and the
// metrics: 75 % and 25 %, labelled coworktop's estimate; and nothing of
// the transcripts' text, ids or paths in any of them.
func TestShareEverywhereAndNoSecret(t *testing.T) {
	logs, records := shareFixture(t)
	out, errs, code := runCLI(t, "snapshot", "--json", "--log-dir", logs, "--records-dir", records)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var s governor.Snapshot
	if err := words.UnmarshalSnapshot([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, v := range s.Sessions {
		if v.QuotaShare == nil || v.QuotaShare.Basis.String() != "estimated" || !strings.Contains(v.QuotaShare.BasisText, "coworktop's estimate") {
			t.Fatalf("session %s: quota_share %+v", v.ID, v.QuotaShare)
		}
		got[v.ID[:14]] = v.QuotaShare.Percent
	}
	if got["local_aaaaaaaa"] != 75 || got["local_cccccccc"] != 25 {
		t.Fatalf("shares %v, want 75 and 25", got)
	}
	outputs := map[string]string{"snapshot --json": out + errs}
	text, errs, _ := runCLI(t, "snapshot", "--log-dir", logs, "--records-dir", records)
	outputs["snapshot"] = text + errs
	if !strings.Contains(text, "quota share 75% (coworktop's estimate)") || !strings.Contains(text, "quota share 25%") {
		t.Errorf("snapshot's text lacks the shares:\n%s", text)
	}
	rep, errs, _ := runCLI(t, "report", "--log-dir", logs, "--records-dir", records)
	outputs["report"] = rep + errs
	if !strings.Contains(rep, "quota share") || !strings.Contains(rep, "75%") || !strings.Contains(rep, "coworktop's estimate") {
		t.Errorf("report lacks the shares:\n%s", rep)
	}
	repJSON, errs, _ := runCLI(t, "report", "--json", "--log-dir", logs, "--records-dir", records)
	outputs["report --json"] = repJSON + errs
	prom := filepath.Join(t.TempDir(), "c.prom")
	if _, errs, code := runCLI(t, "snapshot", "--format", "prom", "--output", prom, "--log-dir", logs, "--records-dir", records); code != 0 {
		t.Fatalf("prom: exit %d: %s", code, errs)
	}
	pb, err := os.ReadFile(prom)
	if err != nil {
		t.Fatal(err)
	}
	outputs["metrics"] = string(pb)
	for _, want := range []string{`coworktop_session_quota_share_percent{rank="1"} 75`, `coworktop_session_quota_share_percent{rank="2"} 25`} {
		if !strings.Contains(string(pb), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(string(pb), "aaaa1111") || strings.Contains(string(pb), "local_") {
		t.Error("a session id in the metrics' labels")
	}
	for name, o := range outputs {
		for _, sec := range shareSecrets {
			if strings.Contains(o, sec) {
				t.Errorf("%s printed %q from a transcript", name, sec)
			}
		}
		for _, leak := range []string{"SECRET", "private", "-Users-u-api-gateway", ".jsonl"} {
			if strings.Contains(o, leak) {
				t.Errorf("%s printed %q from a transcript", name, leak)
			}
		}
	}
}
