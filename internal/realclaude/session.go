package realclaude

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// WaitTimeout bounds every wait on a real session's screen or record: a
// first reply can take 10 s on a loaded machine.
const WaitTimeout = 90 * time.Second

// offlineEnv is the environment that keeps Claude Code on the stub: a
// subscriber's token (so the status line carries rate_limits), no
// telemetry and no other traffic.
func offlineEnv(baseURL string) []string {
	return []string{
		"ANTHROPIC_BASE_URL=" + baseURL,
		"CLAUDE_CODE_OAUTH_TOKEN=coworktop-stub-token",
		"DISABLE_TELEMETRY=1",
		"DISABLE_AUTOUPDATER=1",
		"DISABLE_ERROR_REPORTING=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"TERM=xterm-256color",
	}
}

// unsetVars would move Claude Code off the stub's account or its HOME.
var unsetVars = []string{"ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CONFIG_DIR"}

// envCommand runs argv with unsetVars unset (tmux's -e cannot unset).
func envCommand(argv ...string) []string {
	cmd := []string{"env"}
	for _, v := range unsetVars {
		cmd = append(cmd, "-u", v)
	}
	return append(cmd, argv...)
}

// cleanEnviron is os.Environ without unsetVars.
func cleanEnviron() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(unsetVars, k) {
			env = append(env, kv)
		}
	}
	return env
}

// Home is a scratch HOME for real sessions, with the first-run screens
// done, and the tmux server (its own socket) they run under.
type Home struct {
	Dir  string // the HOME the sessions run with
	Bin  string
	Stub *Stub

	socket string
	mu     sync.Mutex
	n      int
}

// NewHome makes a HOME in a scratch folder, with ~/.claude.json saying
// onboarding is done, and a tmux server of its own, killed (with its
// sessions) when t ends. Without tmux it skips t (fails under CI=true).
func NewHome(t testing.TB, bin string, stub *Stub) *Home {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		unavailable(t, fmt.Errorf("tmux is not on PATH"))
	}
	dir, err := os.MkdirTemp("", "rc-home-")
	if err != nil {
		t.Fatal(err)
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real // macOS's /var is /private/var: the records say the real path
	}
	h := &Home{Dir: dir, Bin: bin, Stub: stub, socket: "coworktop-rc-" + randomHex(6)}
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := h.trust(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		h.killServer()
		_ = os.RemoveAll(dir)
	})
	return h
}

// Trust marks folders trusted in ~/.claude.json before any session runs
// (a running session may write the file back without a later folder;
// Start also answers the trust prompt if it shows).
func (h *Home) Trust(t testing.TB, dirs ...string) {
	t.Helper()
	var real []string
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		r, _ := filepath.EvalSymlinks(d)
		real = append(real, r)
	}
	if err := h.trust(real...); err != nil {
		t.Fatal(err)
	}
}

// SessionsDir is where the sessions write their records
// (~/.claude/sessions): give it to coworktop as COWORKTOP_RECORDS_DIR, or
// run coworktop with HOME=Dir.
func (h *Home) SessionsDir() string { return filepath.Join(h.Dir, ".claude", "sessions") }

// ProjectsDir is where the transcripts are (~/.claude/projects).
func (h *Home) ProjectsDir() string { return filepath.Join(h.Dir, ".claude", "projects") }

// Socket is the tmux socket name (tmux -L) the sessions run under.
func (h *Home) Socket() string { return h.socket }

// trust writes ~/.claude.json: onboarding done, and every folder given
// (plus the ones already there) trusted.
func (h *Home) trust(dirs ...string) error {
	path := filepath.Join(h.Dir, ".claude.json")
	cfg := map[string]any{}
	if b, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(b, &cfg)
	}
	cfg["hasCompletedOnboarding"] = true
	cfg["bypassPermissionsModeAccepted"] = true
	projects, _ := cfg["projects"].(map[string]any)
	if projects == nil {
		projects = map[string]any{}
	}
	for _, d := range dirs {
		p, _ := projects[d].(map[string]any)
		if p == nil {
			p = map[string]any{}
		}
		p["hasTrustDialogAccepted"] = true
		p["hasCompletedProjectOnboarding"] = true
		projects[d] = p
	}
	cfg["projects"] = projects
	b, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o600)
}

// Options are a session's settings.
type Options struct {
	// Args are given to claude after the harness's own.
	Args []string
	// Env is added to the session's environment.
	Env []string
	// StatusLine is settings.json's statusLine command ("" for none,
	// unless CaptureStatusLine).
	StatusLine string
	// CaptureStatusLine makes the status line a command that keeps its
	// input in the file Session.StatusLineInput reads.
	CaptureStatusLine bool
	// Width and Height of the terminal (default 200x50).
	Width, Height int
}

// Session is one real Claude Code running under the Home's tmux.
type Session struct {
	Home   *Home
	Dir    string // its working folder
	Pid    int
	Target string // the tmux target (session name)
	// StatusLineFile is where CaptureStatusLine keeps the newest input.
	StatusLineFile string
}

// Start runs claude in dir (made if missing) under tmux, in
// --permission-mode default, and waits until its prompt is on the screen
// and its record is written.
func (h *Home) Start(t testing.TB, dir string, opt Options) *Session {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	dir, _ = filepath.EvalSymlinks(dir)
	h.mu.Lock()
	h.n++
	name := fmt.Sprintf("s%d", h.n)
	h.mu.Unlock()
	s := &Session{Home: h, Dir: dir, Target: name}
	if err := h.trust(dir); err != nil {
		t.Fatal(err)
	}
	if opt.CaptureStatusLine {
		s.StatusLineFile = filepath.Join(h.Dir, "statusline-"+name+".json")
		opt.StatusLine = "cat > " + shellQuote(s.StatusLineFile) + "; echo coworktop-stub-status"
	}
	if err := h.settings(opt.StatusLine); err != nil {
		t.Fatal(err)
	}
	w, ht := opt.Width, opt.Height
	if w == 0 {
		w, ht = 200, 50
	}
	args := []string{"new-session", "-d", "-P", "-F", "#{pane_pid}", "-s", name, "-x", strconv.Itoa(w), "-y", strconv.Itoa(ht), "-c", dir}
	for _, e := range append(append(offlineEnv(h.Stub.URL), "HOME="+h.Dir, "USERPROFILE="+h.Dir), opt.Env...) {
		args = append(args, "-e", e)
	}
	args = append(args, envCommand(append([]string{h.Bin, "--permission-mode", "default"}, opt.Args...)...)...)
	out, err := h.tmux(args...)
	if err != nil {
		t.Fatalf("start claude under tmux: %v: %s", err, out)
	}
	s.Pid, err = strconv.Atoi(strings.TrimSpace(out))
	if err != nil {
		t.Fatalf("tmux gave no pane pid: %q", out)
	}
	// A running session may write ~/.claude.json back without this
	// folder's trust: accept the trust prompt if it shows. 2.1.332 lists
	// "No, exit" first with the cursor on it, so Enter alone would quit:
	// move to "Yes, I trust this folder" first. Answered once in 3 s, so
	// a screen not yet redrawn is not answered twice.
	var answered time.Time
	answer := func(screen string) {
		if time.Since(answered) > 3*time.Second {
			answered = time.Now()
			s.answerTrust(t, screen)
		}
	}
	s.WaitScreen(t, func(screen string) bool {
		if trustPrompt(screen) {
			answer(screen)
			return false
		}
		_, err := s.Record()
		return err == nil
	})
	s.WaitRecord(t, func(r Record) bool { return r.SessionID != "" })
	s.WaitScreen(t, func(screen string) bool {
		if trustPrompt(screen) { // its selector is a ❯ too: not the prompt
			answer(screen)
			return false
		}
		return strings.Contains(screen, "? for shortcuts") || strings.Contains(screen, "❯")
	})
	return s
}

// settings writes ~/.claude/settings.json with the status-line command.
// Other keys (what `claude plugin install` wrote) are kept.
func (h *Home) settings(statusLine string) error {
	path := filepath.Join(h.Dir, ".claude", "settings.json")
	cfg := map[string]any{}
	if b, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(b, &cfg)
	}
	delete(cfg, "statusLine")
	if statusLine != "" {
		cfg["statusLine"] = map[string]any{"type": "command", "command": statusLine, "padding": 0}
	}
	b, _ := json.Marshal(cfg)
	return os.WriteFile(path, b, 0o600)
}

func (h *Home) tmux(args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "tmux", append([]string{"-L", h.socket, "-f", os.DevNull}, args...)...).CombinedOutput()
	return string(out), err
}

// killServer ends the tmux server and waits a little for its sessions'
// processes to exit, so the scratch home can be removed.
func (h *Home) killServer() {
	pids := h.panePids()
	_, _ = h.tmux("kill-server")
	deadline := time.Now().Add(10 * time.Second)
	for _, pid := range pids {
		for alive(pid) && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if alive(pid) {
			kill(pid)
		}
	}
}

func (h *Home) panePids() []int {
	out, err := h.tmux("list-panes", "-a", "-F", "#{pane_pid}")
	if err != nil {
		return nil
	}
	var pids []int
	for _, f := range strings.Fields(out) {
		if p, err := strconv.Atoi(f); err == nil {
			pids = append(pids, p)
		}
	}
	return pids
}

// Send types text into the session and presses Enter.
func (s *Session) Send(t testing.TB, text string) {
	t.Helper()
	if out, err := s.Home.tmux("send-keys", "-t", s.Target, "-l", text); err != nil {
		t.Fatalf("type into %s: %v: %s", s.Target, err, out)
	}
	// The prompt box takes the text before the Enter that submits it.
	s.WaitScreen(t, func(screen string) bool { return strings.Contains(screen, lastWords(text)) })
	s.Keys(t, "Enter")
}

// Keys sends tmux key names (Enter, Escape, C-c, Down …).
func (s *Session) Keys(t testing.TB, keys ...string) {
	t.Helper()
	if out, err := s.Home.tmux(append([]string{"send-keys", "-t", s.Target}, keys...)...); err != nil {
		t.Fatalf("keys into %s: %v: %s", s.Target, err, out)
	}
}

// Screen is the session's screen now.
func (s *Session) Screen(t testing.TB) string {
	t.Helper()
	out, err := s.Home.tmux("capture-pane", "-p", "-t", s.Target)
	if err != nil {
		t.Fatalf("capture %s: %v: %s", s.Target, err, out)
	}
	return out
}

// WaitScreen waits until ok holds for the screen, or fails t with the
// screen after WaitTimeout.
func (s *Session) WaitScreen(t testing.TB, ok func(string) bool) string {
	t.Helper()
	var screen string
	deadline := time.Now().Add(WaitTimeout)
	for time.Now().Before(deadline) {
		screen = s.Screen(t)
		if ok(screen) {
			return screen
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("session %s: the screen never showed what the test waits for:\n%s", s.Target, screen)
	return ""
}

// ScreenHas is a WaitScreen condition: the screen holds text.
func ScreenHas(text string) func(string) bool {
	return func(screen string) bool { return strings.Contains(screen, text) }
}

// Record is what a test reads of a session record; Raw has every key.
type Record struct {
	Pid             int            `json:"pid"`
	SessionID       string         `json:"sessionId"`
	Cwd             string         `json:"cwd"`
	Status          string         `json:"status"`
	WaitingFor      string         `json:"waitingFor"`
	Entrypoint      string         `json:"entrypoint"`
	Kind            string         `json:"kind"`
	Tmux            string         `json:"tmux"`
	Name            string         `json:"name"`
	NameSource      string         `json:"nameSource"`
	ProcStart       string         `json:"procStart"`
	PidDomain       string         `json:"pidDomain"`
	Version         string         `json:"version"`
	StartedAt       int64          `json:"startedAt"`
	StatusUpdatedAt int64          `json:"statusUpdatedAt"`
	UpdatedAt       int64          `json:"updatedAt"`
	Raw             map[string]any `json:"-"`
}

// RecordPath is the session's record, ~/.claude/sessions/<pid>.json.
func (s *Session) RecordPath() string {
	return filepath.Join(s.Home.SessionsDir(), strconv.Itoa(s.Pid)+".json")
}

// Record reads the session's record now.
func (s *Session) Record() (Record, error) {
	b, err := os.ReadFile(s.RecordPath())
	if err != nil {
		return Record{}, err
	}
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		return Record{}, fmt.Errorf("%s: %w", s.RecordPath(), err)
	}
	_ = json.Unmarshal(b, &r.Raw)
	return r, nil
}

// WaitRecord waits until ok holds for the record, or fails t with the
// record and the screen after WaitTimeout.
func (s *Session) WaitRecord(t testing.TB, ok func(Record) bool) Record {
	t.Helper()
	deadline := time.Now().Add(WaitTimeout)
	for time.Now().Before(deadline) {
		if r, err := s.Record(); err == nil && ok(r) {
			return r
		}
		time.Sleep(100 * time.Millisecond)
	}
	r, err := s.Record()
	screen, _ := s.Home.tmux("capture-pane", "-p", "-t", s.Target)
	t.Fatalf("session %s: its record never showed what the test waits for: %+v (%v)\nscreen:\n%s", s.Target, r, err, screen)
	return Record{}
}

// StatusIs is a WaitRecord condition: the record's status.
func StatusIs(status string) func(Record) bool {
	return func(r Record) bool { return r.Status == status }
}

// TranscriptPath is the session's transcript:
// ~/.claude/projects/<cwd with every non-alphanumeric as "-">/<sessionId>.jsonl.
// The session id is the record's now (/clear starts a new one).
func (s *Session) TranscriptPath(t testing.TB) string {
	t.Helper()
	r, err := s.Record()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(s.Home.ProjectsDir(), ProjectFolder(s.Dir), r.SessionID+".jsonl")
}

var nonAlnum = regexp.MustCompile(`[^A-Za-z0-9]`)

// ProjectFolder is the transcripts' folder name for a working folder.
func ProjectFolder(cwd string) string { return nonAlnum.ReplaceAllString(cwd, "-") }

// StatusLineInput waits for the newest status-line input (CaptureStatusLine)
// for which ok holds, and gives it parsed.
func (s *Session) StatusLineInput(t testing.TB, ok func(map[string]any) bool) map[string]any {
	t.Helper()
	if s.StatusLineFile == "" {
		t.Fatal("the session was started without CaptureStatusLine")
	}
	deadline := time.Now().Add(WaitTimeout)
	var in map[string]any
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(s.StatusLineFile); err == nil && json.Unmarshal(b, &in) == nil && ok(in) {
			return in
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("session %s: no status-line input the test waits for; the newest: %v", s.Target, in)
	return nil
}

// Pane is the session's tmux pane id (%N), as the record's tmux field ends.
func (s *Session) Pane(t testing.TB) string {
	t.Helper()
	out, err := s.Home.tmux("display-message", "-p", "-t", s.Target, "#{pane_id}")
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(out)
}

// Exit ends the session (C-c twice) and waits for its process to exit.
func (s *Session) Exit(t testing.TB) {
	t.Helper()
	s.Keys(t, "C-c")
	s.Keys(t, "C-c")
	deadline := time.Now().Add(WaitTimeout)
	for alive(s.Pid) && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if alive(s.Pid) {
		t.Fatalf("session %s (pid %d) did not exit", s.Target, s.Pid)
	}
}

// RunOnTerminal runs claude with args on a terminal of its own (a tmux
// window of the Home's server), waits for it to exit and gives its screen
// and exit status: for the commands that refuse to run without a terminal,
// like --desktop.
func (h *Home) RunOnTerminal(t testing.TB, dir string, args ...string) (screen string, exit int) {
	t.Helper()
	h.mu.Lock()
	h.n++
	name := fmt.Sprintf("run%d", h.n)
	h.mu.Unlock()
	tmuxArgs := []string{"new-session", "-d", "-s", name, "-x", "200", "-y", "50", "-c", dir}
	for _, e := range append(offlineEnv(h.Stub.URL), "HOME="+h.Dir) {
		tmuxArgs = append(tmuxArgs, "-e", e)
	}
	tmuxArgs = append(tmuxArgs, envCommand("sh", "-c", shellQuote(h.Bin)+` "$@"; echo "coworktop-exit=$?"; sleep 600`, "sh")...)
	tmuxArgs = append(tmuxArgs, args...)
	if out, err := h.tmux(tmuxArgs...); err != nil {
		t.Fatalf("run claude on a terminal: %v: %s", err, out)
	}
	s := &Session{Home: h, Dir: dir, Target: name}
	screen = s.WaitScreen(t, ScreenHas("coworktop-exit="))
	_, _ = h.tmux("kill-session", "-t", name)
	m := regexp.MustCompile(`coworktop-exit=(\d+)`).FindStringSubmatch(screen)
	exit, _ = strconv.Atoi(m[1])
	return strings.TrimSpace(screen[:strings.Index(screen, "coworktop-exit=")]), exit
}

func lastWords(s string) string {
	if len(s) > 20 {
		return s[len(s)-20:]
	}
	return s
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// WaitTranscript waits until ok holds for the session's transcript (it is
// written a moment after the reply shows), and gives its bytes.
func (s *Session) WaitTranscript(t testing.TB, ok func([]byte) bool) []byte {
	t.Helper()
	deadline := time.Now().Add(WaitTimeout)
	var b []byte
	for time.Now().Before(deadline) {
		var err error
		if b, err = os.ReadFile(s.TranscriptPath(t)); err == nil && ok(b) {
			return b
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("session %s: its transcript %s never held what the test waits for:\n%.2000s", s.Target, s.TranscriptPath(t), b)
	return nil
}

// trustPrompt reports whether the screen asks whether to trust the folder.
func trustPrompt(screen string) bool {
	return strings.Contains(screen, "trust this folder") || strings.Contains(screen, "Do you trust")
}

// answerTrust picks "Yes, I trust this folder": down from "No, exit"
// where the cursor starts there, then Enter.
func (s *Session) answerTrust(t testing.TB, screen string) {
	t.Helper()
	if strings.Contains(screen, "❯ No, exit") {
		s.Keys(t, "Down")
		time.Sleep(200 * time.Millisecond) // let the list redraw before Enter
	}
	s.Keys(t, "Enter")
}
