package cmd

import (
	"fmt"
	"io"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/journal"
	"github.com/coworktop/coworktop/redact"
	"github.com/coworktop/coworktop/render"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/follow"
)

// journalPart is what the journal adds to a reading of this machine's
// logs: its events in the span that are older than the logs on disk of
// their own log (main.log's generations, the VM's, the daemon's), in time
// order. The rest of the span the logs still hold, and are read for.
type journalPart struct {
	events      []event.Event
	first, last time.Time
}

// readJournalPart reads the journal in dir for the logs in files; event
// times are in loc.
func readJournalPart(dir string, files []sources.LogFile, span journal.Span, loc *time.Location) (journalPart, error) {
	var p journalPart
	starts := logStarts(files)
	_, err := journal.Read(dir, span, loc, func(r journal.Record) {
		if r.Event == nil {
			return
		}
		if start, ok := starts[logFamily(r.Event.File)]; ok && !r.At.Before(start) {
			return // the log on disk holds it
		}
		p.events = append(p.events, *r.Event)
		if p.first.IsZero() || r.At.Before(p.first) {
			p.first = r.At
		}
		if r.At.After(p.last) {
			p.last = r.At
		}
	})
	return p, err
}

// logStarts is each log family's first entry on disk (families whose
// files hold no entry are left out: the journal holds all of theirs).
func logStarts(files []sources.LogFile) map[string]time.Time {
	starts := map[string]time.Time{}
	for _, lf := range files {
		t := oldestIn(lf.Path, time.Local)
		if t.IsZero() {
			continue
		}
		fam := logFamily(lf.Name)
		if s, ok := starts[fam]; !ok || t.Before(s) {
			starts[fam] = t
		}
	}
	return starts
}

// headWindow is how far from the start oldestIn looks for an entry.
const headWindow = 64 << 10

// oldestIn is the time of a file's first entry, or zero.
func oldestIn(path string, loc *time.Location) time.Time {
	f, err := follow.OpenLog(path)
	if err != nil {
		return time.Time{}
	}
	defer f.Close()
	var first time.Time
	_, _ = follow.ReadLines(io.LimitReader(f, headWindow), func(line []byte) {
		if first.IsZero() {
			if t, ok := ingest.EntryTime(line, loc); ok {
				first = t
			}
		}
	})
	return first
}

// journalNewest is the newest record of the journal in dir (zero when
// none), for a --since counted back from the newest entry.
func journalNewest(dir string) time.Time {
	in, err := journal.Stat(dir)
	if err != nil {
		return time.Time{}
	}
	return in.Last
}

// sessionRedactor gives the log's events the session ids the journal
// keeps (its redacted ones), so that a session seen in both is one.
type sessionRedactor struct {
	r    *redact.Redactor
	seen map[string]string
}

func newSessionRedactor() *sessionRedactor {
	return &sessionRedactor{r: redact.New(currentUserNames()...), seen: map[string]string{}}
}

func (s *sessionRedactor) apply(e *event.Event) {
	if e.Session == "" {
		return
	}
	id, ok := s.seen[e.Session]
	if !ok {
		id = s.r.String(e.Session)
		s.seen[e.Session] = id
	}
	e.Session = id
	if e.Cwd != "" {
		e.Cwd = s.r.String(e.Cwd)
	}
}

// journalHolds reports whether the journal in dir holds anything.
func journalHolds(dir string) bool {
	if dir == "" {
		return false
	}
	in, err := journal.Stat(dir)
	return err == nil && in.Files > 0
}

// eventSpan is the span events prints.
type eventSpan struct{ journal.Span }

// holdsLogged reports whether an event's time is in the span.
func (s eventSpan) holdsLogged(t time.Time) bool {
	return (s.From.IsZero() || !t.Before(s.From)) && (s.To.IsZero() || t.Before(s.To))
}

// eventsJournalPart is the span of `events` and the journal's part of it,
// said on stderr.
func eventsJournalPart(g *globalOptions, jdir string, files []sources.LogFile, tf timeFlags) (eventSpan, journalPart, error) {
	newest := time.Time{}
	if tf.counted() {
		newest = newestEntry(files, time.Local)
		if j := journalNewest(jdir); j.After(newest) {
			newest = j
		}
	}
	span, err := tf.span(newest)
	if err != nil {
		return eventSpan{}, journalPart{}, err
	}
	if tf.counted() && newest.IsZero() {
		span.From = time.Time{}
	}
	var part journalPart
	if jdir != "" {
		if part, err = readJournalPart(jdir, files, span, time.Local); err != nil {
			journalUnread(g.stderr, err)
			part = journalPart{}
		}
	}
	if n := len(part.events); n > 0 {
		fmt.Fprintf(g.stderr, "coworktop: %d event(s) %s, %s → %s\n", n, render.JournalNote,
			part.first.Local().Format(render.TimeLayout), part.last.Local().Format(render.TimeLayout))
	}
	return eventSpan{span}, part, nil
}

// journalUnread says, in one line, that the journal could not be read (a
// newer coworktop's, a damaged folder) and the logs alone are.
func journalUnread(w io.Writer, err error) {
	if w != nil {
		fmt.Fprintf(w, "coworktop: %s; reading the logs alone\n", sources.CleanText(oneLine(err.Error())))
	}
}
