package notify

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"
	"unicode"

	"coworktop/governor"
)

// Note is one desktop notification.
type Note struct {
	Title   string
	Message string
}

// Command turns a note into an argument vector; argv[0] is the program.
type Command func(Note) []string

// Exec runs an argument vector and waits for it. Tests replace it with a
// recorder.
type Exec func(ctx context.Context, argv []string) error

// ErrUnsupported is returned by New where coworktop has no notifier (Windows).
var ErrUnsupported = errors.New("desktop notifications are not supported on this OS")

// osascriptScript is the constant AppleScript: it reads the message and the
// title from its arguments, so no log text is ever part of the script.
var osascriptScript = []string{
	"-e", "on run argv",
	"-e", "display notification (item 1 of argv) with title (item 2 of argv)",
	"-e", "end run",
}

// OsascriptCommand is the macOS notifier:
// osascript -e 'on run argv' -e 'display notification …' -e 'end run' -- MSG TITLE.
func OsascriptCommand(n Note) []string {
	argv := append([]string{"osascript"}, osascriptScript...)
	return append(argv, "--", Clean(n.Message, maxMessage), Clean(n.Title, maxTitle))
}

// NotifySendCommand is the Linux notifier: notify-send -- TITLE MSG.
func NotifySendCommand(n Note) []string {
	return []string{"notify-send", "--app-name=coworktop", "--", Clean(n.Title, maxTitle), Clean(n.Message, maxMessage)}
}

// RunExec runs argv without a shell, with a timeout, discarding its output.
func RunExec(ctx context.Context, argv []string) error {
	if len(argv) == 0 {
		return errors.New("notify: empty command")
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("notify: %s: %w", argv[0], err)
	}
	return nil
}

const (
	maxTitle   = 60
	maxMessage = 160
)

// Clean makes untrusted text a short, plain notification string: control
// characters and escape sequences go (governor.Sanitize), then everything
// but letters, digits, spaces and a few harmless marks; no leading '-' (so
// it can never read as an option); at most max runes.
func Clean(s string, max int) string {
	s = governor.SanitizeString(s, 4*max)
	var sb strings.Builder
	n := 0
	for _, r := range s {
		if n >= max {
			break
		}
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		case r == ' ' || strings.ContainsRune("_-.:,()/%+=#@…", r):
		default:
			continue
		}
		if r == '-' && sb.Len() == 0 {
			continue
		}
		sb.WriteRune(r)
		n++
	}
	return strings.TrimSpace(sb.String())
}

// Notifier remembers what it last saw, so it can tell what changed.
type Notifier struct {
	cmd  Command
	exec Exec

	seen         bool
	evictions    int
	govPressure  governor.PressureLevel
	govEvents    int
	hostPressure governor.PressureLevel
	hostNotedAt  time.Time
}

// hostPressureGap keeps a flapping host level from flooding the desktop.
const hostPressureGap = time.Minute

// New returns a Notifier for this OS, or ErrUnsupported.
func New() (*Notifier, error) {
	cmd, err := platformCommand()
	if err != nil {
		return nil, err
	}
	return NewWith(cmd, RunExec), nil
}

// NewWith returns a Notifier with the given command builder and runner.
func NewWith(cmd Command, run Exec) *Notifier { return &Notifier{cmd: cmd, exec: run} }

// Observe notifies what changed since the previous snapshot. The first call,
// and any call with backfill set (history read at start-up), only records
// the baseline: old evictions are not news. It returns the first error of
// the notifier command, after trying every note.
func (n *Notifier) Observe(ctx context.Context, s governor.Snapshot, backfill bool) error {
	var first error
	for _, note := range n.Changes(s, backfill) {
		if err := n.exec(ctx, n.cmd(note)); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Changes words what changed since the previous snapshot (at most three
// notes: evictions, the governor's pressure, the host's pressure) and moves
// the baseline.
func (n *Notifier) Changes(s governor.Snapshot, backfill bool) []Note {
	govEvents := s.Counts.PressureWarning + s.Counts.PressureCritical
	var hostLevel governor.PressureLevel
	if s.Host != nil {
		hostLevel = s.Host.Pressure
	}
	if !n.seen || backfill {
		n.seen = true
		n.evictions, n.govPressure, n.govEvents, n.hostPressure = s.Counts.Evictions, s.Pressure, govEvents, hostLevel
		return nil
	}
	var notes []Note
	if d := s.Counts.Evictions - n.evictions; d > 0 {
		notes = append(notes, evictionNote(s, d))
	}
	if govEvents > n.govEvents && s.Pressure != n.govPressure && s.Pressure != governor.PressureUnknown {
		notes = append(notes, Note{
			Title:   "coworktop: memory pressure " + string(s.Pressure),
			Message: fmt.Sprintf("The app's session governor logged memory pressure: %s (was %s).", s.Pressure, levelWord(n.govPressure)),
		})
	}
	if hostLevel != governor.PressureUnknown && n.hostPressure != governor.PressureUnknown && hostLevel != n.hostPressure &&
		(s.Now.Sub(n.hostNotedAt) >= hostPressureGap || hostLevel == governor.PressureCritical) {
		notes = append(notes, Note{
			Title:   "coworktop: host memory " + string(hostLevel),
			Message: fmt.Sprintf("Host memory pressure is %s (was %s).", hostLevel, n.hostPressure),
		})
		n.hostNotedAt = s.Now
	}
	n.evictions, n.govPressure, n.govEvents = s.Counts.Evictions, s.Pressure, govEvents
	if hostLevel != governor.PressureUnknown {
		n.hostPressure = hostLevel
	}
	return notes
}

// evictionNote names the newest evicted session and its cause; several
// evictions at once make one note, not a burst.
func evictionNote(s governor.Snapshot, count int) Note {
	var latest *governor.Outcome
	for i := range s.Outcomes { // newest first
		if s.Outcomes[i].Eviction {
			latest = &s.Outcomes[i]
			break
		}
	}
	title := "coworktop: session evicted"
	if count > 1 {
		title = fmt.Sprintf("coworktop: %d sessions evicted", count)
	}
	if latest == nil {
		return Note{Title: title, Message: "The app's session governor evicted a session."}
	}
	who := "session " + governor.ShortID(latest.Session)
	for _, v := range s.Sessions {
		if v.ID == latest.Session && v.Project != "" {
			who += " (" + v.Project + ")"
			break
		}
	}
	msg := fmt.Sprintf("%s evicted: %s", who, causeWords(latest.Cause))
	if latest.IdleS > 0 {
		msg += ", idle " + governor.FormatDuration(time.Duration(latest.IdleS)*time.Second)
	}
	if count > 1 {
		msg = "Latest: " + msg
	}
	return Note{Title: title, Message: msg + "."}
}

func causeWords(cause string) string {
	switch cause {
	case "warm":
		return "warm spawn at the cap"
	case "user":
		return "user spawn at the cap"
	case "pressure":
		return "memory pressure"
	}
	return "cause unknown"
}

func levelWord(p governor.PressureLevel) string {
	if p == governor.PressureUnknown {
		return "none logged"
	}
	return string(p)
}
