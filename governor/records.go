package governor

import (
	"time"

	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/vocab"
)

// Session records: what Claude Code and the desktop app write about each
// session of their own (docs/records.md). sources/records reads them into
// record's types and hands them over as a record.Reading; this file folds
// them, and records_join.go joins them to the sessions of the log. Every
// field may be missing in a given version: missing is "not reported by this
// version", never a guess.

// recordState is what State keeps of the records: the latest reading, its
// indexes, and when each session's current wait began.
type recordState struct {
	latest *record.Reading
	code   map[string]*record.Code // by HostSessionID
	app    map[string]*record.App  // by SessionID
	waits  map[string]waitMark     // by session (local id, or "bg:"+job id)
	busy   map[string]busyMark     // by session: when a busy record last moved (stalled.go)
	// terminal: the live records of sessions started outside the app
	// (record.Code.FromTerminal), in reading order.
	terminal []*record.Code
	// leftover: records of desktop sessions whose process is gone, by
	// HostSessionID, for the losses only (never shown as live).
	leftover map[string]record.Code
	// joins: which sessions' joinInputs differ between latest and the
	// reading before it (session_join_changes.go).
	joins joinChanges
}

// waitMark is a wait as first seen: what for, and since when.
type waitMark struct {
	what   string
	since  time.Time
	source record.Source // FromCodeRecord/FromJobRecord (updatedAt) or FromSeen
}

// ApplyRecords folds one reading of the records. A session no longer in
// a reading (its process gone) has no record from then on.
func (s *State) ApplyRecords(r record.Reading) {
	rs := &s.records
	prev, prevCode, prevApp := rs.latest, rs.code, rs.app
	rs.latest = &r
	byCLI := map[string]string{} // cliSessionId → local_<uuid>
	for _, a := range r.App {
		if a.CLISessionID != "" {
			byCLI[a.CLISessionID] = a.SessionID
		}
	}
	rs.code = make(map[string]*record.Code, len(r.Code))
	rs.terminal = rs.terminal[:0]
	for i := range r.Code {
		c := &r.Code[i]
		if c.HostSessionID == "" && c.SessionID != "" {
			c.HostSessionID = byCLI[c.SessionID] // older builds: joined through the app's record
		}
		switch {
		case c.HostSessionID != "":
			rs.code[c.HostSessionID] = c
		case c.FromTerminal():
			rs.terminal = append(rs.terminal, c)
		}
	}
	if len(r.Leftover) > 0 {
		rs.leftover = make(map[string]record.Code, len(r.Leftover))
		for _, c := range r.Leftover {
			if c.HostSessionID == "" && c.SessionID != "" {
				c.HostSessionID = byCLI[c.SessionID]
			}
			if c.HostSessionID != "" {
				rs.leftover[c.HostSessionID] = c
			}
		}
	}
	rs.app = make(map[string]*record.App, len(r.App))
	for i := range r.App {
		rs.app[r.App[i].SessionID] = &r.App[i]
	}
	waits := make(map[string]waitMark)
	for id, c := range rs.code {
		if record.AttentionOf(c.Status) == record.AttentionWaiting {
			waits[id] = rs.keepWait(id, c.WaitingFor, c.UpdatedAt, record.FromCodeRecord, r.At)
		}
	}
	for _, c := range rs.terminal {
		if record.AttentionOf(c.Status) == record.AttentionWaiting {
			id := terminalID(*c)
			waits[id] = rs.keepWait(id, c.WaitingFor, c.UpdatedAt, record.FromCodeRecord, r.At)
		}
	}
	for _, b := range r.Background {
		if record.AttentionOf(b.Status) == record.AttentionWaiting || record.AttentionOf(b.State) == record.AttentionWaiting {
			id := BackgroundPrefix + b.ID
			waits[id] = rs.keepWait(id, b.WaitingFor, b.UpdatedAt, record.FromJobRecord, r.At)
		}
	}
	rs.waits = waits
	busy := make(map[string]busyMark)
	for id, c := range rs.code {
		if record.AttentionOf(c.Status) == record.AttentionBusy {
			busy[id] = rs.keepBusy(id, c.UpdatedAt, r.At)
		}
	}
	rs.busy = busy
	rs.noteJoinChanges(prev, prevCode, prevApp)
	s.joinMemory()
}

// keepWait is the wait of id: the one already running when it waits for the
// same thing, else a new one since the record's own time (or, when it
// gives none, since this reading).
func (rs *recordState) keepWait(id, what string, updated time.Time, src record.Source, at time.Time) waitMark {
	if w, ok := rs.waits[id]; ok && w.what == what {
		return w
	}
	if updated.IsZero() || updated.After(at) {
		return waitMark{what: what, since: at, source: record.FromSeen}
	}
	return waitMark{what: what, since: updated, source: src}
}

// waitingAt is what the session waited for at t by its records, "" when no
// record read before t says it waited: the latest reading, or the record a
// process left behind when it died (record.Reading.Leftover), updated before t.
func (rs *recordState) waitingAt(id string, t time.Time) string {
	if rs.latest == nil {
		return ""
	}
	if w, ok := rs.waits[id]; ok && !rs.latest.At.After(t) {
		return orWaiting(w.what)
	}
	if c, ok := rs.leftover[id]; ok && record.AttentionOf(c.Status) == record.AttentionWaiting && !c.UpdatedAt.IsZero() && !c.UpdatedAt.After(t) {
		return orWaiting(vocab.SanitizeString(c.WaitingFor, maxWaitingFor))
	}
	return ""
}

func orWaiting(what string) string {
	if what == "" {
		return "waiting"
	}
	return what
}

// RecordTitle is a session's title as the app's record last gave it
// (sanitised), "" when none was read.
func (s *State) RecordTitle(id string) string {
	if a := s.records.app[id]; a != nil {
		return vocab.SanitizeString(a.Title, maxTitle)
	}
	return ""
}

// BackgroundPrefix starts the id of a background session's row.
const BackgroundPrefix = "bg:"

// terminalPrefix starts the id of a terminal session's row (its Claude
// Code session id follows).
const terminalPrefix = "term:"
