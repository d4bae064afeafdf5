package realclaude

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The prompts the stub's default answer knows.
const (
	// PromptBash gets a Bash tool_use that needs permission (BashCommand),
	// then, once the tool result comes back, a text reply.
	PromptBash = "coworktop stub: run bash"
	// PromptHold streams a first word and holds the reply open until
	// Stub.Release: the session is busy meanwhile.
	PromptHold = "coworktop stub: hold"
	// BashCommand is the command of PromptBash's tool_use: a curl, which
	// 2.1.332 asks permission for in --permission-mode default.
	BashCommand = "curl -s http://127.0.0.1:9/coworktop-stub"
	// ReplyText is the default reply's text.
	ReplyText = "Stub reply."
)

// Usage is a reply's token usage, as the API reports it.
type Usage struct {
	Input         int `json:"input_tokens"`
	Output        int `json:"output_tokens"`
	CacheRead     int `json:"cache_read_input_tokens"`
	CacheCreation int `json:"cache_creation_input_tokens"`
}

// Limits are the unified rate-limit headers the stub sends with every
// reply: utilisations in percent (the header carries a fraction) and the
// resets. A zero Limits sends none.
type Limits struct {
	FiveHour, SevenDay           float64
	FiveHourReset, SevenDayReset time.Time
}

// Request is what the stub read of one Messages request.
type Request struct {
	Model      string
	Stream     bool
	UserText   string // every text block of the last user message, joined
	ToolResult bool   // the last user message carries a tool_result
	Body       []byte
}

// Reply is the stub's answer to one request.
type Reply struct {
	Text  string
	Bash  string // a Bash tool_use with this command instead of text
	Usage Usage
	Hold  bool // stream a first word, then wait for Stub.Release
}

// Stub is a local Messages API.
type Stub struct {
	URL string
	// Usage is the usage of the default replies.
	Usage Usage
	// Respond, when set, chooses each reply instead of the default.
	Respond func(Request) Reply

	mu       sync.Mutex
	limits   Limits
	requests []Request
	release  chan struct{}
}

// NewStub starts a stub on 127.0.0.1, closed when t ends.
func NewStub(t testing.TB) *Stub {
	s := &Stub{
		Usage:   Usage{Input: 1200, Output: 40, CacheRead: 3000, CacheCreation: 500},
		release: make(chan struct{}),
	}
	srv := httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = srv.URL
	t.Cleanup(func() {
		s.Release()
		srv.CloseClientConnections()
		srv.Close()
	})
	return s
}

// SetLimits sets the rate-limit headers of the replies from now on.
func (s *Stub) SetLimits(l Limits) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limits = l
}

// Release ends every held reply, now and later.
func (s *Stub) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.release:
	default:
		close(s.release)
	}
}

// Requests are the Messages requests read so far.
func (s *Stub) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

func (s *Stub) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/v1/messages") {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, "{}")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if strings.HasSuffix(r.URL.Path, "/count_tokens") {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"input_tokens": 1000}`)
		return
	}
	req := parseRequest(body)
	s.mu.Lock()
	s.requests = append(s.requests, req)
	limits, release := s.limits, s.release
	s.mu.Unlock()
	reply := s.choose(req)
	setLimitHeaders(w.Header(), limits)
	if !req.Stream {
		writeJSONReply(w, req, reply)
		return
	}
	writeStream(w, req, reply, release)
}

func (s *Stub) choose(req Request) Reply {
	if s.Respond != nil {
		return s.Respond(req)
	}
	r := Reply{Text: ReplyText, Usage: s.Usage}
	switch {
	case req.ToolResult:
	case strings.Contains(req.UserText, PromptBash):
		r.Bash = BashCommand
	case strings.Contains(req.UserText, PromptHold):
		r.Hold = true
	}
	return r
}

// parseRequest reads the model, stream flag and the last user message.
func parseRequest(body []byte) Request {
	var in struct {
		Model    string `json:"model"`
		Stream   bool   `json:"stream"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	_ = json.Unmarshal(body, &in)
	req := Request{Model: in.Model, Stream: in.Stream, Body: body}
	for i := len(in.Messages) - 1; i >= 0; i-- {
		if in.Messages[i].Role != "user" {
			continue
		}
		req.UserText, req.ToolResult = userContent(in.Messages[i].Content)
		break
	}
	return req
}

func userContent(raw json.RawMessage) (string, bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, false
	}
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &blocks)
	var texts []string
	tool := false
	for _, b := range blocks {
		switch b.Type {
		case "text":
			texts = append(texts, b.Text)
		case "tool_result":
			tool = true
		}
	}
	return strings.Join(texts, "\n"), tool
}

func setLimitHeaders(h http.Header, l Limits) {
	if l == (Limits{}) {
		return
	}
	h.Set("anthropic-ratelimit-unified-status", "allowed")
	h.Set("anthropic-ratelimit-unified-5h-utilization", strconv.FormatFloat(l.FiveHour/100, 'f', -1, 64))
	h.Set("anthropic-ratelimit-unified-5h-reset", strconv.FormatInt(l.FiveHourReset.Unix(), 10))
	h.Set("anthropic-ratelimit-unified-7d-utilization", strconv.FormatFloat(l.SevenDay/100, 'f', -1, 64))
	h.Set("anthropic-ratelimit-unified-7d-reset", strconv.FormatInt(l.SevenDayReset.Unix(), 10))
}

func model(req Request) string {
	if req.Model == "" {
		return "claude-sonnet-4-5"
	}
	return req.Model
}

var msgSeq struct {
	sync.Mutex
	n int
}

func nextID(prefix string) string {
	msgSeq.Lock()
	defer msgSeq.Unlock()
	msgSeq.n++
	return fmt.Sprintf("%s_stub%06d", prefix, msgSeq.n)
}

func writeJSONReply(w http.ResponseWriter, req Request, r Reply) {
	text := r.Text
	if text == "" {
		text = ReplyText
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": nextID("msg"), "type": "message", "role": "assistant", "model": model(req),
		"content":     []any{map[string]any{"type": "text", "text": text}},
		"stop_reason": "end_turn", "stop_sequence": nil, "usage": r.Usage,
	})
}

// writeStream sends the reply as server-sent events.
func writeStream(w http.ResponseWriter, req Request, r Reply, release <-chan struct{}) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	flusher, _ := w.(http.Flusher)
	event := func(name string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		if flusher != nil {
			flusher.Flush()
		}
	}
	startUsage := r.Usage
	startUsage.Output = 1
	event("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": nextID("msg"), "type": "message", "role": "assistant", "model": model(req),
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil, "usage": startUsage,
	}})
	stop := "end_turn"
	if r.Bash != "" {
		stop = "tool_use"
		input, _ := json.Marshal(map[string]string{"command": r.Bash, "description": "Fetch the stub's page"})
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "tool_use", "id": nextID("toolu"), "name": "Bash", "input": map[string]any{}}})
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "input_json_delta", "partial_json": string(input)}})
	} else {
		text := r.Text
		if text == "" {
			text = ReplyText
		}
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "text", "text": ""}})
		if r.Hold {
			event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
				"delta": map[string]any{"type": "text_delta", "text": "Working"}})
			holdOpen(w, flusher, release, req)
		}
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": text}})
	}
	event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": r.Usage.Output}})
	event("message_stop", map[string]any{"type": "message_stop"})
}

// holdOpen keeps a held stream alive with pings until release, or at most
// holdMax.
func holdOpen(w http.ResponseWriter, flusher http.Flusher, release <-chan struct{}, _ Request) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	limit := time.NewTimer(holdMax)
	defer limit.Stop()
	for {
		select {
		case <-release:
			return
		case <-limit.C:
			return
		case <-tick.C:
			fmt.Fprint(w, "event: ping\ndata: {\"type\": \"ping\"}\n\n")
			if flusher != nil {
				flusher.Flush()
			}
		}
	}
}

// holdMax bounds a held reply, so a test that forgets Release ends.
const holdMax = 3 * time.Minute
