package cmd

import (
	"context"
	"fmt"
	"maps"
	"os"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/journal"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/redact"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/follow"
	"github.com/coworktop/coworktop/vocab"
)

// journalBase is the folder the journals are kept in, this OS's state
// folder for coworktop.
func journalBase() (string, error) {
	home, _ := os.UserHomeDir()
	return journal.Dir(journal.Env{GOOS: runtime.GOOS, Home: home, Getenv: os.Getenv})
}

// journalFolder is the journal of the logs in paths (paths[0] is the log
// folder discovery chose, or the one --log-dir named).
func journalFolder(paths []string) (string, error) {
	if len(paths) == 0 {
		return "", fmt.Errorf("no log folder")
	}
	base, err := journalBase()
	if err != nil {
		return "", err
	}
	return journal.ForLogs(base, paths[0]), nil
}

// journalOptions are the journal's settings: its bound from the config,
// the same redaction as --redact, the log families.
func journalOptions(g *globalOptions, dir string) journal.Options {
	return journal.Options{
		Dir:      dir,
		MaxAge:   g.journalMaxAge(),
		MaxBytes: g.journalMaxBytes(),
		Redact:   redact.New(currentUserNames()...).String,
		Family:   logFamily,
	}
}

// logFamily is the log a file is a generation of: "main" for main1.log.
func logFamily(name string) string {
	if f, _, _, ok := follow.ClassifyLogName(name); ok {
		return f
	}
	return name
}

// journalUpdates keeps what a long-running mode reads (live view, serve,
// events --follow) in the journal as it passes, and on the journal's first
// use reads the whole log folder into it. Only this machine's logs are kept:
// with PATH arguments it is in itself. done flushes what is queued; call it
// once the updates are no longer read.
func journalUpdates(ctx context.Context, g *globalOptions, logs liveLogs, in <-chan governor.Update) (out <-chan governor.Update, done func()) {
	if !logs.own || len(logs.paths) == 0 {
		return in, func() {}
	}
	stderr := g.stderr
	warn := func(err error) { fmt.Fprintf(stderr, "coworktop: journal: %s\n", oneLine(err.Error())) }
	dir, err := journalFolder(logs.paths)
	if err == nil {
		var w *journal.Writer
		if w, err = journal.Open(journalOptions(g, dir)); err == nil {
			return teeJournal(ctx, w, logs, in, warn)
		}
	}
	warn(fmt.Errorf("%w (nothing is kept this run)", err))
	return in, func() {}
}

// teeJournal hands every update on, after queueing it for the journal.
func teeJournal(ctx context.Context, w *journal.Writer, logs liveLogs, in <-chan governor.Update, warn func(error)) (<-chan governor.Update, func()) {
	runCtx, stopRun := context.WithCancel(context.Background())
	importCtx, stopImport := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		w.Run(runCtx, warn)
	}()
	if !w.Imported() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := importLogs(importCtx, w, logs); err != nil {
				warn(err)
			}
		}()
	}
	out := make(chan governor.Update, cap(in))
	go func() {
		defer close(out)
		var m minuteSummary
		names := sessionNames{}
		for u := range in {
			w.Add(u.Events)
			m.observe(w, u)
			if u.Records != nil {
				names.observe(w, u.Records)
			}
			select {
			case out <- u:
			case <-ctx.Done():
			}
		}
		m.flush(w)
	}()
	var once sync.Once
	return out, func() {
		once.Do(func() {
			stopImport()
			stopRun() // Run writes what is queued and closes
			wg.Wait()
		})
	}
}

// importBatch is how many events the first-use import writes at a time.
const importBatch = 4096

// importLogs reads the whole log folder into the journal once, so the
// history the logs hold from before coworktop ran is kept too. The events
// the live modes read as well are kept once.
func importLogs(ctx context.Context, w *journal.Writer, logs liveLogs) error {
	files, err := sources.ExpandPaths(logs.paths)
	if err != nil {
		return err
	}
	batch := make([]event.Event, 0, importBatch)
	var werr error
	readEvents(files, time.Local, func(e *event.Event) {
		if werr != nil || ctx.Err() != nil {
			return
		}
		batch = append(batch, *e)
		if len(batch) == importBatch {
			w.Add(batch)
			batch = batch[:0]
			werr = w.Flush()
		}
	})
	if werr != nil || ctx.Err() != nil {
		return werr
	}
	w.Add(batch)
	if err := w.MarkImported(); err != nil {
		return err
	}
	return w.Prune() // a whole folder read at once may pass the size bound
}

// minuteSummary gathers the machine's samples of the current minute: the
// last host reading and the account's latest quota figures.
type minuteSummary struct {
	cur   journal.Minute
	quota map[string]journal.QuotaFigure
}

func (m *minuteSummary) observe(w *journal.Writer, u governor.Update) {
	for _, s := range u.Quota {
		if s.Absent != quota.Present {
			continue
		}
		if m.quota == nil {
			m.quota = map[string]journal.QuotaFigure{}
		}
		k := s.Window.String() + "/" + s.Scope
		m.quota[k] = journal.QuotaFigure{Window: s.Window.String(), Scope: s.Scope, Percent: s.Percent, Source: s.Source.String()}
	}
	h := u.Host
	if h == nil || h.At.IsZero() {
		return
	}
	at := h.At.Truncate(time.Minute)
	if !m.cur.At.IsZero() && !at.Equal(m.cur.At) {
		m.flush(w)
	}
	m.cur = journal.Minute{At: at, Pressure: h.Pressure.String(),
		TotalBytes: known(h.Total), AvailableBytes: known(h.Available), FreeBytes: known(h.Free), SwapUsedBytes: known(h.SwapUsed)}
}

// flush queues the minute gathered so far.
func (m *minuteSummary) flush(w *journal.Writer) {
	if m.cur.At.IsZero() {
		return
	}
	for _, k := range slices.Sorted(maps.Keys(m.quota)) {
		m.cur.Quota = append(m.cur.Quota, m.quota[k])
	}
	w.AddMinute(m.cur)
	m.cur = journal.Minute{}
}

// known is a figure's value, 0 when it was not read.
func known(f vocab.Figure) uint64 {
	if !f.Known {
		return 0
	}
	return f.Value
}

// journalMaxAge and journalMaxBytes are the journal's bound, from the
// config file (journal.keep_days, journal.max_mb).
func (g *globalOptions) journalMaxAge() time.Duration {
	if d := g.cfg.Journal.KeepDays; d > 0 {
		return time.Duration(d) * 24 * time.Hour
	}
	return journal.DefaultMaxAge
}

func (g *globalOptions) journalMaxBytes() int64 {
	if m := g.cfg.Journal.MaxMB; m > 0 {
		return int64(m) << 20
	}
	return journal.DefaultMaxBytes
}

// sessionNames are the names and titles the records gave each session,
// queued for the journal when they change.
type sessionNames map[string]string

// maxNameRunes caps a name or title kept.
const maxNameRunes = 200

func (n sessionNames) observe(w *journal.Writer, r *record.Reading) {
	at := r.At
	if at.IsZero() {
		at = time.Now()
	}
	keep := func(id, name, title string) {
		name, title = vocab.SanitizeString(name, maxNameRunes), vocab.SanitizeString(title, maxNameRunes)
		if id == "" || name == "" && title == "" || n[id] == name+"\x00"+title {
			return
		}
		n[id] = name + "\x00" + title
		w.AddSession(journal.Session{At: at, Session: id, Name: name, Title: title})
	}
	for _, c := range r.Code {
		id := c.HostSessionID
		if id == "" {
			id = c.SessionID
		}
		keep(id, c.Name, "")
	}
	for _, a := range r.App {
		keep(a.SessionID, "", a.Title)
	}
}
