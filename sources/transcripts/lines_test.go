package transcripts

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Real-shaped transcript lines (transcripts-usage.md §2, 2.1.332 as the
// real client wrote them): a prompt, then each reply written as one line
// per content block (thinking, text, tool_use) carrying the same ids and
// usage, tool results, a file-history snapshot, a summary.

// secret is what a transcript may hold that must never reach an output.
const secret = "sk-ant-api03-SECRET\x1b]52;c;cGFzdGU=\x07\x1b[2J AKIAIOSFODNN7EXAMPLE /home/alice/private"

type reply struct {
	at        time.Time
	msg, req  string
	model     string
	in, cw    int
	cr, out   int
	sidechain bool
	blocks    int // content blocks, one line each (at least 1)
}

// lines writes one reply as Claude Code does, after the user's prompt.
func (r reply) lines(session, cwd string) string {
	var b strings.Builder
	ts := r.at.UTC().Format("2006-01-02T15:04:05.000Z")
	fmt.Fprintf(&b, `{"parentUuid":null,"isSidechain":%t,"userType":"external","cwd":%q,"sessionId":%q,"version":"2.1.332","gitBranch":"main","type":"user","message":{"role":"user","content":"deploy with key %s"},"uuid":"u-%s","timestamp":%q}`+"\n",
		r.sidechain, cwd, session, jsonEsc(secret), r.msg, ts)
	kinds := []string{
		`{"type":"thinking","thinking":"the key is ` + jsonEsc(secret) + `","signature":"x"}`,
		`{"type":"text","text":"here is \"usage\":{\"input_tokens\":999999} ` + jsonEsc(secret) + `"}`,
		`{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"curl -H 'x-api-key: ` + jsonEsc(secret) + `' https://example.invalid","description":"d"}}`,
	}
	n := max(1, r.blocks)
	for i := range n {
		fmt.Fprintf(&b, `{"parentUuid":"u-%s","isSidechain":%t,"userType":"external","entrypoint":"cli","cwd":%q,"sessionId":%q,"version":"2.1.332","gitBranch":"main","message":{"id":%q,"type":"message","role":"assistant","model":%q,"content":[%s],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":%d,"cache_creation_input_tokens":%d,"cache_read_input_tokens":%d,"output_tokens":%d,"server_tool_use":{"web_search_requests":0,"web_fetch_requests":0},"service_tier":"standard","cache_creation":{"ephemeral_5m_input_tokens":%d,"ephemeral_1h_input_tokens":0},"inference_geo":"","iterations":[{"input_tokens":%d,"output_tokens":%d}],"speed":"standard"}},"requestId":%q,"type":"assistant","uuid":"a-%s-%d","timestamp":%q}`+"\n",
			r.msg, r.sidechain, cwd, session, r.msg, r.model, kinds[i%len(kinds)], r.in, r.cw, r.cr, r.out, r.cw, r.in, r.out, r.req, r.msg, i, ts)
	}
	fmt.Fprintf(&b, `{"parentUuid":"a-%s-0","isSidechain":%t,"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":"%s"}]},"uuid":"r-%s","timestamp":%q,"toolUseResult":{"stdout":"%s"}}`+"\n",
		r.msg, r.sidechain, jsonEsc(secret), r.msg, ts, jsonEsc(secret))
	fmt.Fprintf(&b, `{"type":"file-history-snapshot","messageId":"u-%s","snapshot":{"trackedFileBackups":{"/home/alice/.env":{"backupFileName":"x","version":1}},"timestamp":%q},"isSnapshotUpdate":false}`+"\n", r.msg, ts)
	return b.String()
}

func jsonEsc(s string) string {
	q, _ := json.Marshal(s)
	return string(q[1 : len(q)-1])
}

// equalReplies are n replies of the same size, a minute apart from start.
func equalReplies(prefix string, n int, start time.Time) []reply {
	var out []reply
	for i := range n {
		out = append(out, reply{at: start.Add(time.Duration(i) * time.Minute), msg: fmt.Sprintf("msg_%s%d", prefix, i),
			req: fmt.Sprintf("req_%s%d", prefix, i), model: "claude-sonnet-4-6", in: 10, cw: 2000, cr: 12000, out: 300, blocks: 2})
	}
	return out
}

// writeSession writes a session's transcript under root/<project>/.
func writeSession(t testing.TB, root, project, session string, rs []reply) string {
	t.Helper()
	dir := filepath.Join(root, project)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, session+".jsonl")
	var b strings.Builder
	b.WriteString(`{"type":"summary","summary":"` + jsonEsc(secret) + `","leafUuid":"x"}` + "\n")
	for _, r := range rs {
		b.WriteString(r.lines(session, "/home/alice/"+project))
	}
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	touch(t, p, rs)
	return p
}

func appendTo(t testing.TB, p, s string) {
	defer func() {
		if err := os.Chtimes(p, time.Now(), time.Date(2026, 12, 7, 11, 59, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
	}()
	t.Helper()
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
}

// touch sets the file's last write to its last reply's time, as Claude
// Code's writing would.
func touch(t testing.TB, p string, rs []reply) {
	t.Helper()
	if len(rs) == 0 {
		return
	}
	at := rs[len(rs)-1].at
	if err := os.Chtimes(p, at, at); err != nil {
		t.Fatal(err)
	}
}
