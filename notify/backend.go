package notify

import (
	"fmt"
	"os/exec"
	"runtime"
	"strings"
)

// Backend is the program that shows coworktop's notifications on this
// system, and what the user has to allow for them to appear.
type Backend struct {
	Name    string // "terminal-notifier", "osascript", "notify-send"
	Path    string // where it was found on PATH
	Command Command
	// Allow says how to let its notifications through, and what they look
	// like; doctor prints it.
	Allow string
}

// The macOS advice (platforms-audit U4). Notifications from osascript's
// display notification belong to Script Editor: they carry its icon, a
// click opens it, and they are dropped silently (osascript still exits 0)
// when Script Editor's notifications are off. terminal-notifier posts as
// its own app.
const (
	allowTerminalNotifier = "shown as terminal-notifier's; if none appear, allow them in System Settings > Notifications > terminal-notifier"
	allowOsascript        = "shown as Script Editor's (its icon; a click opens Script Editor); if none appear: open Script Editor, run `display notification \"coworktop\"` there once and allow it when macOS asks (osascript from a terminal never brings that prompt, and on macOS 15 Script Editor is listed in System Settings > Notifications only after it has posted one), then check System Settings > Notifications > Script Editor, where macOS drops them silently when they are off. `brew install terminal-notifier` gives coworktop notifications of their own"
	allowNotifySend       = "shown by the desktop's notification daemon; if none appear, check its do-not-disturb setting"
)

// Choose picks the notifier for goos, looking programs up with lookPath
// (exec.LookPath; tests pass a fake PATH): on macOS terminal-notifier when
// it is on PATH, else osascript, which every Mac has; notify-send on Linux;
// none on Windows and elsewhere (ErrUnsupported).
func Choose(goos string, lookPath func(string) (string, error)) (Backend, error) {
	switch goos {
	case "darwin":
		if p, err := lookPath("terminal-notifier"); err == nil {
			return Backend{Name: "terminal-notifier", Path: p, Command: TerminalNotifierCommand, Allow: allowTerminalNotifier}, nil
		}
		p, err := lookPath("osascript")
		if err != nil {
			return Backend{}, fmt.Errorf("notify: neither terminal-notifier nor osascript found: %w", err)
		}
		return Backend{Name: "osascript", Path: p, Command: OsascriptCommand, Allow: allowOsascript}, nil
	case "linux":
		p, err := lookPath("notify-send")
		if err != nil {
			return Backend{}, fmt.Errorf("notify: notify-send not found (install libnotify-bin): %w", err)
		}
		return Backend{Name: "notify-send", Path: p, Command: NotifySendCommand, Allow: allowNotifySend}, nil
	}
	return Backend{}, ErrUnsupported
}

// ThisSystem is Choose for this system and its PATH.
func ThisSystem() (Backend, error) { return Choose(runtime.GOOS, exec.LookPath) }

// TerminalNotifierCommand is the macOS notifier when terminal-notifier is
// installed: terminal-notifier -title TITLE -message MSG. It reads its
// options as user defaults, where a value that opens like a property list
// ("(a, b)") would be read as one, so no value may begin with "(";
// Clean already removes a leading "-" and every other bracket.
func TerminalNotifierCommand(n Note) []string {
	return []string{"terminal-notifier",
		"-title", plainValue(Clean(n.Title, maxTitle)),
		"-message", plainValue(Clean(n.Message, maxMessage))}
}

// plainValue keeps a cleaned value from opening as a property list, and
// from being empty, which terminal-notifier would take as no message.
func plainValue(s string) string {
	s = strings.TrimLeft(s, "( ")
	if s == "" {
		return "coworktop"
	}
	return s
}
