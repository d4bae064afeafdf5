package notify

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"
	"unicode"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// Note is one desktop notification.
type Note struct {
	Title   string
	Message string
	Kind    NoteKind
	// count is how many events the note tells of (evictions: sessions),
	// latest the newest one's words: what the storm cap merges.
	count  int
	latest string
}

// NoteKind says what a note is about: the terminal signals carry only
// some (SignalKinds).
type NoteKind int8

// Note kinds.
const (
	NoteOther    NoteKind = iota
	NoteUpdate            // an update restart comes or happens
	NoteEviction          // the governor evicted a session
	NoteWarning           // a warning before a loss
	NotePressure          // a memory pressure level changed
	NoteWaiting           // a session waits for the person (at once when the wait puts it at risk)
	NoteQuota             // the account's quota reached 80, 95 or 100 %
)

// tagged sets the kind of every note.
func tagged(notes []Note, k NoteKind) []Note {
	for i := range notes {
		notes[i].Kind = k
	}
	return notes
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
// characters and escape sequences go (vocab.Sanitize), then everything
// but letters, digits, spaces and a few harmless marks; no leading '-' (so
// it can never read as an option); at most max runes.
func Clean(s string, max int) string {
	s = vocab.SanitizeString(s, 4*max)
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

	since        time.Time
	seen         bool
	evictions    int
	govPressure  string // the governor's last logged level, as logged
	govEvents    int
	hostPressure host.PressureLevel
	hostNotedAt  time.Time
	warn         warnings
	wait         waiting
	quota        quotaAlerts
	update       updateNotes
	storm        gate
}

// hostPressureGap keeps a flapping host level from flooding the desktop.
const hostPressureGap = time.Minute

// New returns a Notifier for this OS (ThisSystem), or ErrUnsupported.
func New() (*Notifier, error) {
	b, err := ThisSystem()
	if err != nil {
		return nil, err
	}
	return NewWith(b.Command, RunExec), nil
}

// NewWith returns a Notifier with the given command builder and runner.
func NewWith(cmd Command, run Exec) *Notifier { return &Notifier{cmd: cmd, exec: run} }

// IgnoreBefore drops evictions and governor pressure events the log dated
// before t: history the live pipeline read at start-up is not news, even
// when the caller cannot tell backfill from live updates.
func (n *Notifier) IgnoreBefore(t time.Time) { n.since = t }

// Send delivers one note.
func (n *Notifier) Send(ctx context.Context, note Note) error { return n.exec(ctx, n.cmd(note)) }

// Observe notifies what changed since the previous snapshot. The first call,
// and any call with backfill set (history read at start-up), only records
// the baseline: old evictions are not news. It returns the first error of
// the notifier command, after trying every note.
func (n *Notifier) Observe(ctx context.Context, s governor.Snapshot, backfill bool) error {
	var first error
	for _, note := range n.Changes(s, backfill) {
		if err := n.Send(ctx, note); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Changes words what changed since the previous snapshot (an update
// restart coming or under way, a warning before a loss, evictions, the
// governor's pressure, the host's pressure, sessions waiting for the
// person, the quota) and moves the baseline.
func (n *Notifier) Changes(s governor.Snapshot, backfill bool) []Note {
	govEvents := s.Counts.PressureWarning + s.Counts.PressureCritical
	var hostLevel host.PressureLevel
	if s.Host != nil {
		hostLevel = s.Host.Pressure
	}
	if !n.seen || backfill {
		n.seen = true
		n.quota.next(s, true)
		n.evictions, n.govPressure, n.govEvents, n.hostPressure = s.Counts.Evictions, s.PressureText, govEvents, hostLevel
		n.update.baseline(s)
		return nil
	}
	notes := tagged(n.update.next(s), NoteUpdate)
	if d := s.Counts.Evictions - n.evictions; d > 0 {
		if note, ok := n.evictionNote(s, d); ok {
			note.Kind = NoteEviction
			notes = append(notes, note)
		}
	}
	if govEvents > n.govEvents && s.PressureText != n.govPressure && s.Pressure != host.PressureUnknown && !s.PressureAt.Before(n.since) {
		notes = append(notes, Note{
			Title:   "coworktop: memory pressure " + s.PressureText,
			Message: fmt.Sprintf("The app's session governor logged memory pressure: %s (was %s).", s.PressureText, levelWord(n.govPressure)),
			Kind:    NotePressure,
		})
	}
	if hostLevel != host.PressureUnknown && n.hostPressure != host.PressureUnknown && hostLevel != n.hostPressure &&
		(s.Now.Sub(n.hostNotedAt) >= hostPressureGap || hostLevel == host.PressureCritical) {
		notes = append(notes, Note{
			Title:   "coworktop: host memory " + hostLevel.String(),
			Message: fmt.Sprintf("Host memory pressure is %s (was %s).", hostLevel, n.hostPressure),
			Kind:    NotePressure,
		})
		n.hostNotedAt = s.Now
	}
	if note, ok := n.warn.next(s); ok {
		note.Kind = NoteWarning
		notes = append(notes, note)
	}
	notes = append(notes, tagged(n.wait.next(s), NoteWaiting)...)
	notes = append(notes, tagged(n.quota.next(s, false), NoteQuota)...)
	n.evictions, n.govPressure, n.govEvents = s.Counts.Evictions, s.PressureText, govEvents
	if hostLevel != host.PressureUnknown {
		n.hostPressure = hostLevel
	}
	return n.storm.pass(s.Now, notes) // storm.go: a storm is a few notes
}

// evictionNote names the newest of the count new evictions and its cause;
// several at once make one note, not a burst. Evictions dated before
// IgnoreBefore do not count.
func (n *Notifier) evictionNote(s governor.Snapshot, count int) (Note, bool) {
	var latest *governor.Outcome
	fresh, seen := 0, 0
	for i := range s.Outcomes { // newest first
		o := &s.Outcomes[i]
		if !o.Eviction {
			continue
		}
		if seen++; seen > count {
			break
		}
		if o.Time.Before(n.since) {
			continue
		}
		fresh++
		if latest == nil {
			latest = o
		}
	}
	if seen == 0 {
		fresh = count // evictions fell out of the bounded outcome list
	}
	if fresh == 0 {
		return Note{}, false
	}
	title := "coworktop: session evicted"
	if fresh > 1 {
		title = fmt.Sprintf("coworktop: %d sessions evicted", fresh)
	}
	if latest == nil {
		return Note{Title: title, Message: "The app's session governor evicted a session.", count: fresh}, true
	}
	who := "session " + vocab.ShortID(latest.Session)
	for _, v := range s.Sessions { // named as every output names it: its title or folder
		if v.ID == latest.Session {
			who = governor.SessionName(v)
			break
		}
	}
	msg := fmt.Sprintf("%s evicted: %s", who, words.CauseText(latest.Cause))
	if latest.IdleS > 0 {
		msg += ", idle " + vocab.FormatDuration(time.Duration(latest.IdleS)*time.Second)
	}
	msg += "."
	note := Note{Title: title, Message: msg, count: fresh, latest: msg}
	if fresh > 1 {
		note.Message = "Latest: " + msg
	}
	return note, true
}

func levelWord(p string) string {
	if p == "" {
		return "none logged"
	}
	return p
}
