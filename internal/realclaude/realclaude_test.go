package realclaude

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestPlatformPackage(t *testing.T) {
	for _, c := range []struct {
		goos, goarch string
		musl         bool
		want         string
	}{
		{"linux", "amd64", false, "@anthropic-ai/claude-code-linux-x64"},
		{"linux", "arm64", true, "@anthropic-ai/claude-code-linux-arm64-musl"},
		{"darwin", "arm64", false, "@anthropic-ai/claude-code-darwin-arm64"},
		{"windows", "amd64", false, "@anthropic-ai/claude-code-win32-x64"},
	} {
		got, err := PlatformPackage(c.goos, c.goarch, c.musl)
		if err != nil || got != c.want {
			t.Errorf("PlatformPackage(%s, %s, %v) = %q, %v; want %q", c.goos, c.goarch, c.musl, got, err, c.want)
		}
	}
	if _, err := PlatformPackage("plan9", "386", false); err == nil {
		t.Error("plan9/386 has no package, and no error said so")
	}
}

func TestVersion(t *testing.T) {
	bin := Binary(t)
	out, err := Run(bin, nil, "--version")
	if err != nil || strings.TrimSpace(out) != Version+" (Claude Code)" {
		t.Fatalf("--version = %q, %v", out, err)
	}
}

// TestSessionLifecycle drives one real session through idle, busy and a
// permission prompt, and checks what its record and transcript say.
func TestSessionLifecycle(t *testing.T) {
	bin := Binary(t)
	stub := NewStub(t)
	reset := time.Now().Add(3 * time.Hour).Truncate(time.Second)
	stub.SetLimits(Limits{FiveHour: 42, SevenDay: 17, FiveHourReset: reset, SevenDayReset: reset.Add(96 * time.Hour)})
	home := NewHome(t, bin, stub)
	s := home.Start(t, filepath.Join(home.Dir, "proj"), Options{CaptureStatusLine: true})
	r := s.WaitRecord(t, StatusIs("idle"))
	if r.Entrypoint != "cli" || r.Pid != s.Pid || r.Cwd != s.Dir {
		t.Errorf("record at start: %+v (pid %d, dir %s)", r, s.Pid, s.Dir)
	}
	s.Send(t, "hello")
	s.WaitScreen(t, ScreenHas(ReplyText))
	s.WaitRecord(t, StatusIs("idle"))
	s.WaitTranscript(t, func(b []byte) bool { return strings.Contains(string(b), `"cache_read_input_tokens":3000`) })
	in := s.StatusLineInput(t, func(m map[string]any) bool { return m["rate_limits"] != nil })
	rl, _ := in["rate_limits"].(map[string]any)
	five, _ := rl["five_hour"].(map[string]any)
	seven, _ := rl["seven_day"].(map[string]any)
	if five["used_percentage"] != 42.0 || five["resets_at"] != float64(reset.Unix()) || seven["used_percentage"] != 17.0 {
		t.Errorf("status line's rate_limits = %v, want the stub's 42 %% and 17 %% resetting at %d", rl, reset.Unix())
	}

	s.Send(t, PromptHold)
	s.WaitRecord(t, StatusIs("busy"))
	stub.Release()
	s.WaitRecord(t, StatusIs("idle"))

	s.Send(t, PromptBash)
	r = s.WaitRecord(t, StatusIs("waiting"))
	if r.WaitingFor != "permission prompt" {
		t.Errorf("waiting for %q, want the permission prompt", r.WaitingFor)
	}
	s.Keys(t, "Escape") // refuse: the stub's curl never runs
	s.WaitRecord(t, StatusIs("idle"))
}

// TestTwoFoldersAndClear runs two sessions in two folders of one home and
// checks that each has its own record and transcript, and that /clear
// gives a session a new id.
func TestTwoFoldersAndClear(t *testing.T) {
	bin := Binary(t)
	stub := NewStub(t)
	home := NewHome(t, bin, stub)
	home.Trust(t, filepath.Join(home.Dir, "alpha"), filepath.Join(home.Dir, "beta"))
	a := home.Start(t, filepath.Join(home.Dir, "alpha"), Options{})
	b := home.Start(t, filepath.Join(home.Dir, "beta"), Options{})
	a.Send(t, "one")
	b.Send(t, "two")
	for _, s := range []*Session{a, b} {
		s.WaitTranscript(t, func(b []byte) bool { return strings.Contains(string(b), ReplyText) })
	}
	ra, _ := a.Record()
	rb, _ := b.Record()
	if ra.SessionID == rb.SessionID || ra.Cwd == rb.Cwd || filepath.Dir(a.TranscriptPath(t)) == filepath.Dir(b.TranscriptPath(t)) {
		t.Errorf("two sessions share an id, folder or transcript folder: %+v / %+v", ra, rb)
	}
	a.Send(t, "/clear")
	a.WaitRecord(t, func(r Record) bool { return r.SessionID != ra.SessionID && r.SessionID != "" })
}
