package governor

import (
	"strconv"
	"strings"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/vocab"
)

// ProtectedScheduled is what a session of a scheduled task is shown as:
// the 2.x governor never picks a session with a live scheduled job.
const ProtectedScheduled = "scheduled task"

// joinRecords adds to v what the records say of its session: its title,
// whether it needs the person (and for what, since when), its
// protections, and where the log and the record disagree. Without records
// v is left as the log has it.
func (s *State) joinRecords(v *SessionView) {
	rs := &s.records
	if rs.latest == nil || !rs.latest.Found {
		return
	}
	app, code := rs.app[v.ID], rs.code[v.ID]
	switch {
	case app != nil && app.Title != "":
		v.Title, v.TitleSource = vocab.SanitizeString(app.Title, maxTitle), record.FromAppRecord
	case code != nil && code.Name != "":
		v.Title, v.TitleSource = vocab.SanitizeString(code.Name, maxTitle), record.FromCodeRecord
	}
	v.Attention = record.AttentionUnknown
	if code != nil && v.Live() {
		v.Attention = record.AttentionOf(code.Status)
		if code.Status != "" {
			v.AttentionSource = record.FromCodeRecord
		}
		if w, ok := rs.waits[v.ID]; ok && v.Attention == record.AttentionWaiting {
			v.WaitingFor = vocab.SanitizeString(w.what, maxWaitingFor)
			v.WaitingForSource = record.FromCodeRecord
			v.WaitingSince, v.WaitingSinceSource = w.since, w.source
		}
	}
	if v.Live() && v.Protected == "" {
		switch {
		case code != nil && code.RemoteControl == record.ToggleOn, app != nil && app.RemoteControl == record.ToggleOn:
			v.Protected = ProtectedRemoteControl
		case app != nil && app.Scheduled:
			v.Protected = ProtectedScheduled
		}
	}
	v.HasRecord = code != nil
}

// Caps on record text (untrusted, like log text).
const (
	maxTitle      = 80
	maxWaitingFor = 60
)

// NeedsYou reports whether the session waits for the person, by its record.
func (v SessionView) NeedsYou() bool { return v.Attention == record.AttentionWaiting }

// nearIdlePause is how close an idle pause puts a waiting session at risk.
const nearIdlePause = 5 * time.Minute

// waitingRisks: a session that waits for the person and is also the next
// victim, in a sweep's way, or near its idle pause, with every reason;
// its short form says the reason that comes first.
func waitingRisks(snap *Snapshot, others []Risk) []Risk {
	var out []Risk
	for i := range snap.Sessions {
		v := &snap.Sessions[i]
		if !v.Live() || !v.NeedsYou() {
			continue
		}
		f := RiskFacts{View: *v, IsNext: snap.NextVictim != nil && snap.NextVictim.ID == v.ID}
		backed, due := false, time.Time{}
		if f.IsNext {
			f.ShortOf = RiskEvictNext
		}
		if !v.WaitingSince.IsZero() {
			f.For = max(0, snap.Now.Sub(v.WaitingSince))
		}
		for _, r := range others {
			if r.Session == v.ID && r.Kind == RiskPressureSweep {
				f.Sweep, f.ShortOf, due, f.Level, f.Soon = true, RiskPressureSweep, r.Due, r.Level, r.Soon
			}
			if r.Session == v.ID && (r.Kind == RiskPressureSweep || r.Kind == RiskEvictNext) && r.Backed {
				backed = true
			}
		}
		if v.TimerTimeout > 0 && v.TimerRemaining > 0 && v.TimerRemaining <= nearIdlePause {
			f.PauseIn = v.TimerRemaining
			backed = true // the timer is logged
			if when := snap.Now.Add(v.TimerRemaining); due.IsZero() || when.Before(due) {
				f.ShortOf, due = RiskNone, when
			}
		}
		if !f.IsNext && !f.Sweep && f.PauseIn == 0 {
			continue
		}
		out = append(out, Risk{Kind: RiskWaitingAtRisk, Session: v.ID, Backed: backed, Due: due, RiskFacts: f}) // NEEDS YOU says the wait
	}
	return out
}

// BackgroundView is one background session of the Claude Code supervisor,
// a row of its own kind.
type BackgroundView struct {
	ID                 string           `json:"id"` // "bg:" + its job id, "term:" + its Claude Code session id
	Kind               OutsideKind      `json:"kind"`
	Name               string           `json:"name,omitempty"`
	Pane               string           `json:"tmux_pane,omitempty"` // a terminal session's tmux pane ("%0"), when it runs in one
	State              string           `json:"state,omitempty"`     // working|blocked|done|failed|stopped, as recorded
	Attention          record.Attention `json:"attention"`
	WaitingFor         string           `json:"waiting_for,omitempty"`
	WaitingSince       time.Time        `json:"-"` // as "waiting_since" (records_json.go)
	WaitingSinceSource record.Source    `json:"waiting_since_source,omitempty"`
	Source             record.Source    `json:"source"`
}

// NeedsYou reports whether the background session waits for the person.
func (b BackgroundView) NeedsYou() bool { return b.Attention == record.AttentionWaiting }

// OutsideKind is what a session outside the desktop app's governor is: a
// background session of the Claude Code supervisor, or a session started
// from a terminal.
type OutsideKind string

// The kinds of session outside the desktop app's governor.
const (
	KindBackground OutsideKind = "background"
	KindTerminal   OutsideKind = "terminal"
)

// terminalID is a terminal session's row id: its Claude Code session id,
// or its pid where the record names none.
func terminalID(c record.Code) string {
	if c.SessionID != "" {
		return terminalPrefix + c.SessionID
	}
	return terminalPrefix + "pid " + strconv.Itoa(c.Pid)
}

// tmuxPane is the pane of a record's tmux field ("0:@0.%0" gives "%0").
func tmuxPane(field string) string {
	if i := strings.LastIndexByte(field, '.'); i >= 0 {
		field = field[i+1:]
	}
	return vocab.SanitizeString(field, 20)
}

// terminalViews are the rows of the sessions started from a terminal.
func (rs *recordState) terminalViews() []BackgroundView {
	var out []BackgroundView
	for _, c := range rs.terminal {
		id := terminalID(*c)
		v := BackgroundView{ID: vocab.SanitizeString(id, 60), Kind: KindTerminal, Name: vocab.SanitizeString(c.Name, maxTitle),
			Attention: record.AttentionOf(c.Status), Source: record.FromCodeRecord}
		if c.Tmux != "" {
			v.Pane = tmuxPane(c.Tmux)
		}
		if w, ok := rs.waits[id]; ok && v.NeedsYou() {
			v.WaitingFor, v.WaitingSince, v.WaitingSinceSource = vocab.SanitizeString(w.what, maxWaitingFor), w.since, w.source
		}
		out = append(out, v)
	}
	return out
}

// RecordsView says whether records were read, and what was left out.
type RecordsView struct {
	Available bool      `json:"available"`
	NeedsYou  int       `json:"needs_you"`         // Snapshot.NeedsYou
	At        time.Time `json:"-"`                 // as "at" (records_json.go)
	Stale     int       `json:"stale,omitempty"`   // records of processes gone or replaced: not shown
	Refused   int       `json:"refused,omitempty"` // files refused: not regular, too large, not JSON
	Skipped   int       `json:"skipped,omitempty"` // files left unread past a reading's bound (the oldest)
	Legacy    int       `json:"legacy,omitempty"`  // older CLIs' pid-<n>.json records
	Foreign   int       `json:"foreign,omitempty"` // records of another OS's CLI (pidDomain)
	// Unreadable names the record folders that exist but could not be
	// listed: the needs-you count cannot be complete (NeedsYouKnown).
	Unreadable []string `json:"unreadable,omitempty"`
	// CoworkLocal counts Cowork sessions kept on this machine; CloudOnly:
	// there are none and the VM is not up, so Cowork's tasks run in the
	// cloud, out of sight (words.CloudCoworkNote says so).
	CoworkLocal int  `json:"cowork_local,omitempty"`
	CloudOnly   bool `json:"-"`
}

// recordsView, backgroundViews and the needs-you count fill snap.
func (s *State) applyRecordsTo(snap *Snapshot) {
	rs := &s.records
	r := rs.latest
	if r == nil {
		return
	}
	vmUp := snap.VM.State == event.VMRunning || snap.VM.State == event.VMBooting
	rv := &RecordsView{Available: r.Found, At: r.At.Truncate(time.Second), Stale: r.Stale, Refused: r.Refused, CoworkLocal: r.CoworkLocal,
		Skipped: r.Skipped, Legacy: r.Legacy, Foreign: r.Foreign}
	for _, u := range r.Unreadable {
		rv.Unreadable = append(rv.Unreadable, vocab.SanitizeString(u, maxTitle))
	}
	snap.Records = rv
	for _, b := range r.Background {
		bv := BackgroundView{ID: BackgroundPrefix + vocab.SanitizeString(b.ID, 40), Kind: KindBackground, Name: vocab.SanitizeString(b.Name, maxTitle),
			State: vocab.SanitizeString(b.State, 20), Attention: record.AttentionOf(b.Status), Source: record.FromJobRecord}
		if bv.Attention == record.AttentionUnknown {
			bv.Attention = record.AttentionOf(b.State)
		}
		if w, ok := rs.waits[BackgroundPrefix+b.ID]; ok && bv.NeedsYou() {
			bv.WaitingFor, bv.WaitingSince, bv.WaitingSinceSource = vocab.SanitizeString(w.what, maxWaitingFor), w.since, w.source
		}
		snap.Background = append(snap.Background, bv)
	}
	snap.Background = append(snap.Background, rs.terminalViews()...)
	if !vmUp && rv.CoworkLocal == 0 {
		rv.CloudOnly = true
	}
	snap.NeedsYou = needsYouCount(*snap)
	rv.NeedsYou = snap.NeedsYou
}

// needsYouCount is the one count of sessions that need the person:
// sessions and background sessions whose record says they wait, by the
// same NeedsYou the rows show. A session of a silent log (StateUnknown)
// whose live record waits still counts: the record, not the log, says it
// waits. The header, snapshot and the metrics all show it.
func needsYouCount(snap Snapshot) int {
	n := 0
	for i := range snap.Sessions {
		if snap.Sessions[i].NeedsYou() {
			n++
		}
	}
	for _, b := range snap.Background {
		if b.NeedsYou() {
			n++
		}
	}
	return n
}

// NeedsYouKnown reports whether the needs-you count is complete: a record
// folder was found, every one that exists could be listed and no record
// file was left unread past a reading's bound. An
// incomplete count of 0 is unknown, not 0; one above 0 is a least.
func (r *RecordsView) NeedsYouKnown() bool {
	return r != nil && r.Available && len(r.Unreadable) == 0 && r.Skipped == 0
}
