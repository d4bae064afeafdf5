package notify

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Notifications through the terminal: the escape sequence the terminal
// coworktop runs in turns into a desktop notification (iTerm2's OSC 9,
// OSC 777 ; notify, kitty's OSC 99), wrapped for tmux or screen to pass
// through to the terminal outside. They reach the person over ssh and
// inside tmux, where notify-send and osascript cannot. Which one is chosen
// from the environment the terminal sets; one not known to show them gets
// none unless the user asks.

// OSC is the sequence a terminal shows notifications for.
type OSC int8

// The sequences.
const (
	OSCNone OSC = iota
	OSC9        // ESC ] 9 ; message BEL (iTerm2)
	OSC777      // ESC ] 777 ; notify ; title ; message BEL (Ghostty, WezTerm, foot, Windows Terminal)
	OSC99       // ESC ] 99 ; i=… : d=0 ; title ST, then the body (kitty)
)

// String names the sequence as the docs and `notify --test` say it.
func (o OSC) String() string {
	switch o {
	case OSC9:
		return "OSC 9"
	case OSC777:
		return "OSC 777"
	case OSC99:
		return "OSC 99"
	}
	return "none"
}

// Terminal is the terminal coworktop draws in, as its environment says.
type Terminal struct {
	Name string // "iTerm2", "kitty", …; "" when not known
	OSC  OSC    // how it shows a notification; OSCNone when not known to
	// Mux is the multiplexer between coworktop and the terminal: "tmux"
	// or "screen" (the sequence is wrapped to pass through), or "".
	Mux string
	// Why is the environment variable that told.
	Why string
}

// Known reports whether the terminal is known to show notifications.
func (t Terminal) Known() bool { return t.OSC != OSCNone }

// terminals are the terminals known to show notifications, each with the
// variable that names it; the first that matches wins. Variables a
// terminal exports into its shells (and tmux keeps) come before TERM and
// TERM_PROGRAM, which tmux rewrites.
var terminals = []struct {
	name, key, value string // value "": the variable is set
	osc              OSC
}{
	{"kitty", "KITTY_WINDOW_ID", "", OSC99},
	{"Ghostty", "GHOSTTY_RESOURCES_DIR", "", OSC777},
	{"WezTerm", "WEZTERM_PANE", "", OSC777},
	{"iTerm2", "ITERM_SESSION_ID", "", OSC9},
	{"iTerm2", "LC_TERMINAL", "iTerm2", OSC9}, // iTerm2 sends it over ssh
	{"Windows Terminal", "WT_SESSION", "", OSC777},
	{"kitty", "TERM", "xterm-kitty", OSC99},
	{"Ghostty", "TERM", "xterm-ghostty", OSC777},
	{"foot", "TERM", "foot", OSC777},
	{"foot", "TERM", "foot-extra", OSC777},
	{"Ghostty", "TERM_PROGRAM", "ghostty", OSC777},
	{"WezTerm", "TERM_PROGRAM", "WezTerm", OSC777},
	{"iTerm2", "TERM_PROGRAM", "iTerm.app", OSC9},
}

// DetectTerminal reads the terminal from the environment (os.Getenv).
func DetectTerminal(getenv func(string) string) Terminal {
	var t Terminal
	switch {
	case getenv("TMUX") != "":
		t.Mux = "tmux"
	case getenv("STY") != "":
		t.Mux = "screen"
	}
	// VS Code's terminal shows no notification, and inherits the
	// variables of the terminal VS Code was started from (ITERM_SESSION_ID,
	// WT_SESSION…): its own TERM_PROGRAM wins (tmux rewrites it, so inside
	// tmux it cannot speak).
	if getenv("TERM_PROGRAM") == "vscode" {
		t.Name, t.Why = "VS Code", "TERM_PROGRAM=vscode"
		return t
	}
	for _, k := range terminals {
		v := getenv(k.key)
		if v == "" || (k.value != "" && v != k.value) {
			continue
		}
		t.Name, t.OSC, t.Why = k.name, k.osc, k.key
		if k.value != "" {
			t.Why += "=" + k.value
		}
		return t
	}
	return t
}

// Sequence is the escape sequence that shows note n in terminal t, wrapped
// for its multiplexer; "" when t shows none. The title and the message are
// cleaned (Clean): no control character, escape or separator of the
// sequence can get in.
func (t Terminal) Sequence(n Note) string {
	title, msg := Clean(n.Title, maxTitle), Clean(n.Message, maxMessage)
	var seq string
	switch t.OSC {
	case OSC9:
		seq = ansi.Notify(joinNote(title, msg))
	case OSC777:
		seq = "\x1b]777;notify;" + title + ";" + msg + "\a"
	case OSC99:
		// kitty: the title, not yet done (d=0), then the body under the
		// same id; an id of its own per note, so that a second note does
		// not replace the first.
		id := noteID(title, msg)
		seq = "\x1b]99;i=" + id + ":d=0;" + title + "\x1b\\" + "\x1b]99;i=" + id + ":p=body;" + msg + "\x1b\\"
	default:
		return ""
	}
	switch t.Mux {
	case "tmux":
		return ansi.TmuxPassthrough(seq)
	case "screen":
		return ansi.ScreenPassthrough(seq, 768)
	}
	return seq
}

// noteID is a kitty notification id for a note: "coworktop-" and a hash of
// its text.
func noteID(title, msg string) string {
	h := fnv.New32a()
	h.Write([]byte(title + "\x00" + msg))
	return fmt.Sprintf("coworktop-%08x", h.Sum32())
}

// joinNote is a one-string notification: "title: message".
func joinNote(title, msg string) string {
	if msg == "" {
		return title
	}
	return strings.TrimSuffix(title, ":") + ": " + msg
}

// SignalKinds are the notes the terminal signals carry: a session starts
// waiting for the person or its wait puts it at risk, an update restart
// comes or happens, an eviction.
func SignalKinds(k NoteKind) bool {
	return k == NoteWaiting || k == NoteUpdate || k == NoteEviction
}
