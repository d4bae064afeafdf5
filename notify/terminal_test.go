package notify

import (
	"strings"
	"testing"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestDetectTerminal(t *testing.T) {
	for _, c := range []struct {
		env  func(string) string
		name string
		osc  OSC
		mux  string
	}{
		{env("TERM_PROGRAM", "iTerm.app"), "iTerm2", OSC9, ""},
		{env("TERM", "xterm-kitty"), "kitty", OSC99, ""},
		{env("TERM", "xterm-ghostty", "TERM_PROGRAM", "ghostty"), "Ghostty", OSC777, ""},
		{env("TERM_PROGRAM", "WezTerm"), "WezTerm", OSC777, ""},
		{env("WT_SESSION", "8c2f"), "Windows Terminal", OSC777, ""},
		{env("TERM", "foot"), "foot", OSC777, ""},
		// tmux rewrites TERM and TERM_PROGRAM; the terminal's own variables stay.
		{env("TERM", "tmux-256color", "TERM_PROGRAM", "tmux", "TMUX", "/tmp/t,1,0", "KITTY_WINDOW_ID", "1"), "kitty", OSC99, "tmux"},
		{env("TMUX", "/tmp/t,1,0", "LC_TERMINAL", "iTerm2"), "iTerm2", OSC9, "tmux"},
		{env("STY", "1.pts", "GHOSTTY_RESOURCES_DIR", "/x"), "Ghostty", OSC777, "screen"},
		{env("TERM", "xterm-256color"), "", OSCNone, ""},
		// VS Code started from iTerm2 or Windows Terminal inherits their variables;
		// its own TERM_PROGRAM wins, and it shows no notification (P21).
		{env("TERM_PROGRAM", "vscode", "ITERM_SESSION_ID", "w0t1p0:ABC", "LC_TERMINAL", "iTerm2"), "VS Code", OSCNone, ""},
		{env("TERM_PROGRAM", "vscode", "WT_SESSION", "8c2f"), "VS Code", OSCNone, ""},
		{env("TERM", "tmux-256color", "TMUX", "/tmp/t,1,0"), "", OSCNone, "tmux"},
	} {
		got := DetectTerminal(c.env)
		if got.Name != c.name || got.OSC != c.osc || got.Mux != c.mux {
			t.Errorf("want %s %s %q, got %+v", c.name, c.osc, c.mux, got)
		}
	}
}

// Log text in a note can neither end the sequence nor add one.
func TestSequenceIsCleanAndWrapped(t *testing.T) {
	n := Note{Title: "coworktop: waiting for you", Message: "evil\x07\x1b]777;notify;x;y\x1b\\ ; done\u009c"}
	for _, term := range []Terminal{{OSC: OSC9}, {OSC: OSC777}, {OSC: OSC99}} {
		seq := term.Sequence(n)
		if strings.Count(seq, "\x1b]") != map[OSC]int{OSC9: 1, OSC777: 1, OSC99: 2}[term.OSC] || strings.Contains(seq, "\u009c") {
			t.Errorf("%s: %q", term.OSC, seq)
		}
		if term.OSC == OSC777 && strings.Count(seq, ";") != 3 {
			t.Errorf("OSC 777 with a stray separator: %q", seq)
		}
	}
	if got := (Terminal{OSC: OSC777}).Sequence(Note{Title: "t", Message: "m"}); got != "\x1b]777;notify;t;m\a" {
		t.Errorf("OSC 777: %q", got)
	}
	if got := (Terminal{OSC: OSC9}).Sequence(Note{Title: "coworktop: session evicted", Message: "m"}); got != "\x1b]9;coworktop: session evicted: m\a" {
		t.Errorf("OSC 9: %q", got)
	}
	got := (Terminal{OSC: OSC777, Mux: "tmux"}).Sequence(Note{Title: "t", Message: "m"})
	if got != "\x1bPtmux;\x1b\x1b]777;notify;t;m\a\x1b\\" {
		t.Errorf("tmux: %q", got)
	}
	if (Terminal{}).Sequence(n) != "" {
		t.Error("an unknown terminal got a sequence")
	}
}
