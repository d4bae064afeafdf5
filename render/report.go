// Package render renders coworktop's non-interactive outputs: the
// post-mortem summary of saved logs (`report`, as text for people and one
// JSON object for scripts) and the one-shot `snapshot` text. It owns their
// shape and layout; the wording of causes and estimates is governor's. It
// reads nothing itself (the cmd package feeds it the governor state rebuilt
// from the logs), imports governor only, and prints only
// sanitised text.
package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// File is one log file that was read.
type File struct {
	Path  string `json:"path"`
	Lines int    `json:"lines"`
	Error string `json:"error,omitempty"`
}

// Report is the JSON contract of `coworktop report --json`.
type Report struct {
	Files []File `json:"files"`
	// Journal is the part of the report read from coworktop's journal:
	// the events older than the logs still on disk (absent when none).
	Journal   *JournalPart `json:"journal,omitempty"`
	Span      Span         `json:"span"`
	App       App          `json:"app"`
	Governor  Governor     `json:"governor"`
	Sessions  Sessions     `json:"sessions"`
	Evictions []Evicted    `json:"evictions"`
	// Crashes lists the sessions whose process was killed or exited under
	// them, shaped like Evictions.
	Crashes []Crashed `json:"crashes"`
	// CrashesNotListed counts crashes older than the ones kept in the list.
	CrashesNotListed int `json:"crashes_not_listed,omitempty"`
	// EvictionsNotListed counts evictions older than the ones kept in the
	// list (the counts above still include them).
	EvictionsNotListed int `json:"evictions_not_listed,omitempty"`
	// Losses is every lost session on one timeline, whatever killed it,
	// from main.log, the VM logs and the Claude Code daemon's log;
	// LossCounts counts them by cause (every cause present, zero or not).
	Losses          []Lost         `json:"losses"`
	LossesNotListed int            `json:"losses_not_listed,omitempty"`
	LossCounts      map[string]int `json:"loss_counts"`
	// CameBack counts the losses that came back since (the session was
	// resumed, warmed, started or active again); Lost is
	// governor.Snapshot.LostCount, the figure every output shows: the
	// losses less those ("lost" means not back).
	CameBack int `json:"came_back,omitempty"`
	Lost     int `json:"lost"`
	// LostNow counts Lost by cause (every cause present).
	LostNow map[string]int `json:"lost_now"`
	// Restarts are the update restarts and what each cost: the sessions
	// stopped, which came back, whose turn was cut, which lost Remote
	// Control (governor.RestartView, in its JSON form).
	Restarts []words.Restart `json:"restarts,omitempty"`
	// NextVictim is governor.Snapshot.NextVictim as of the log's last
	// line: coworktop's estimate of whom the next warm spawn at the cap
	// would evict then (absent when none would be).
	NextVictim *Victim `json:"next_victim,omitempty"`
	Memory     Memory  `json:"memory"`
	VM         VM      `json:"vm"`
	// Daemon is the Claude Code daemon's part, when daemon.log was read.
	Daemon    *Daemon   `json:"daemon,omitempty"`
	RateLimit RateLimit `json:"rate_limit"`
	// Quota is the account's quota readings taken within the span, oldest
	// first (render/quota.go); left out when there are none.
	Quota []QuotaReading `json:"quota,omitempty"`
	// QuotaFigures is the quota as of the log's last line, by the rule
	// every output uses (quota.Figures); left out with no reading.
	QuotaFigures *quota.View `json:"quota_figures,omitempty"`
	// QuotaShare is each live session's share of the current 5-hour
	// window's local usage (coworktop's estimate), when the report runs
	// on this machine's logs; left out otherwise.
	QuotaShare *QuotaShare `json:"quota_share,omitempty"`
	Lines      Lines       `json:"lines"`
	Verdict    string      `json:"verdict"`
	// later: BuildJSON left the evictions and losses to WriteJSON.
	later *laterLists
}

// Span is the time of the first and last event read.
type Span struct {
	First Stamp `json:"first"`
	Last  Stamp `json:"last"`
}

// App is what the log says about the desktop app.
type App struct {
	Version  string `json:"version"` // the newest version the log shows running
	Platform string `json:"platform"`
	AppLifecycle
}

// Governor totals the [CliGovernor] lines.
type Governor struct {
	Cap       int    `json:"cap"`
	CapSource string `json:"cap_source"`
	AtCap     AtCap  `json:"at_cap"`
	Yields    int    `json:"yields"`
	// WarmsRefused counts the yields that refused the warm of a session
	// that was not live: it stayed paused, no return.
	WarmsRefused      int      `json:"warms_refused,omitempty"`
	Pressure          Pressure `json:"pressure"`
	PressureEvictions int      `json:"pressure_evictions"`
	MaxEffective      int      `json:"max_effective"`
	Unknown           int      `json:"unknown"`
	// RulesGeneration is the governor whose rules the estimates follow:
	// the app's major version (1 or 2).
	RulesGeneration int `json:"rules_generation"`
}

// AtCap counts G2 lines by verb.
type AtCap struct {
	WouldEvict int `json:"would_evict"`
	Evicting   int `json:"evicting"`
}

// Pressure counts G4 lines by level.
type Pressure struct {
	Warning  int `json:"warning"`
	Critical int `json:"critical"`
}

// Sessions counts lifecycle lines.
type Sessions struct {
	Started      int    `json:"started"`
	IdleTimeouts int    `json:"idle_timeouts"`
	Paused       Paused `json:"paused"`
	SessionEnds
}

// Paused counts "Pausing session" lines by reason.
type Paused struct {
	GovernorEvict int `json:"governor_evict"`
	IdleTimeout   int `json:"idle_timeout"`
}

// Evicted is one real eviction.
type Evicted struct {
	Time    Stamp  `json:"time"`
	Session string `json:"session"`
	IdleS   int    `json:"idle_s"`
	// IdleSource: logged (the governor's "(idle Ns)"), estimated (from the
	// last activity coworktop saw) or unknown (idle_s is then 0, not a figure).
	IdleSource string `json:"idle_source"`
	Cause      string `json:"cause"`
	File       string `json:"file,omitempty"`
	Line       int    `json:"line,omitempty"`
	// Name is the session's title or folder name (governor.State.NameOf).
	Name string `json:"name,omitempty"`
}

// Lost is one lost session (or Count unnamed ones) with its evidence.
type Lost struct {
	Time    Stamp  `json:"time"`
	Session string `json:"session,omitempty"`
	Count   int    `json:"count"`
	Cause   string `json:"cause"` // governor_cap|governor_pressure|idle_timeout|update_restart|crash|daemon_low_memory|daemon_crash_loop|unknown
	Detail  string `json:"detail,omitempty"`
	// Evidence is the line that shows the loss, "file:line";
	// CauseEvidence a second line the cause was read from, when there is one.
	Evidence      string `json:"evidence"`
	CauseEvidence string `json:"cause_evidence,omitempty"`
	// WaitingFor: the record its process left behind said it waited for
	// the person when it was lost (governor.Loss.WaitingFor).
	WaitingFor string `json:"waiting_for,omitempty"`
	// Title is the session's title from the app's record, where it was
	// read (a session lost while waiting); --redact replaces it whole.
	Title string `json:"title,omitempty"`
	// ClaudeCodeID is the session's Claude Code id where a record read
	// gives it (ClaudeCodeIDSource says which), and Resume the command
	// that opens it in the desktop app (governor.ResumeCommand).
	ClaudeCodeID       string `json:"claude_code_id,omitempty"`
	ClaudeCodeIDSource string `json:"claude_code_id_source,omitempty"`
	Resume             string `json:"resume,omitempty"`
	// Name is the session's title or folder name (governor.State.NameOf),
	// Back when a line showed it live again: a loss that came back is
	// history, not lost (empty while it has not).
	Name string `json:"name,omitempty"`
	Back Stamp  `json:"back,omitempty"`
}

// RedactedTitle stands for a title under --redact.
const RedactedTitle = "[title]"

// Memory summarises the [process-memory] samples.
type Memory struct {
	Samples      int   `json:"samples"`
	MinSysFreeMB int   `json:"min_sys_free_mb"`
	MinAt        Stamp `json:"min_at,omitempty"`
	TotalMB      int   `json:"total_mb"`
}

// VM is the Cowork VM's configuration and boot trouble.
type VM struct {
	CPUs       int    `json:"cpus"`
	MemoryGB   int    `json:"memory_gb"`
	BootStalls int    `json:"boot_stalls"`
	State      string `json:"state"` // last known: unknown|booting|running|stalled|stopped|failed
	// MemoryMB is cowork-service.log's "SizeInMB" (Windows), when logged.
	MemoryMB int       `json:"memory_mb,omitempty"`
	Service  VMService `json:"service"`
	// Boots counts boot attempts and Failures those that failed (one each
	// at most); left out when none was logged.
	Boots    int `json:"boots,omitempty"`
	Failures int `json:"failures,omitempty"`
	// BundleDeleted counts "[deleteVMBundle] Deleted …" lines (the VM's
	// disk deleted: data loss), BundleDeletedText the last, as logged.
	BundleDeleted     int    `json:"bundle_deleted,omitempty"`
	BundleDeletedText string `json:"bundle_deleted_text,omitempty"`
	// Notes counts VM lines that change no state (a keepalive, a note).
	Notes int `json:"notes,omitempty"`
	// Unsupported: the app refuses this VM type, as logged (a refusal,
	// not a failed boot).
	Unsupported string `json:"unsupported,omitempty"`
	// Unusable says how long Cowork was unusable after the last failed
	// boot and what the repair deleted or kept (words.VMOutageText);
	// UnusableS the seconds.
	Unusable  string `json:"unusable,omitempty"`
	UnusableS int64  `json:"unusable_s,omitempty"`
}

// RateLimit counts real rate-limit or overload signals.
type RateLimit struct {
	Hits int `json:"hits"`
}

// Lines says how much of the input could be read as entries.
type Lines struct {
	Read       int `json:"read"`
	Entries    int `json:"entries"`
	Cut        int `json:"cut"`
	Unreadable int `json:"unreadable"`
	// BadStamps counts lines shaped as an entry whose timestamp is no real
	// date: counted, never read as another date.
	BadStamps int `json:"bad_stamps"`
	// FirstStamp and LastStamp are the first and last entry of any file
	// with a real date, said anything or not: the span covers them.
	FirstStamp, LastStamp time.Time `json:"-"`
}

// TimeLayout is how the report prints the logs' local wall-clock times: as
// logged, without inventing a zone the log did not carry.
const TimeLayout = "2006-01-02 15:04:05"

// Build assembles the report from the state after every event was applied
// (and State.Finish called).
func Build(state *governor.State, files []File, lines Lines) Report {
	return build(state, files, lines, false)
}

// BuildJSON is Build for WriteJSON alone: the evictions and the losses
// are not listed in the Report but written by WriteJSON from state, one
// by one, as Build would list them. A month's lists were 1.6 MB of fresh
// memory at the end of a run, 400 page faults on the many-ids month
// (issue 49). state must not change before WriteJSON; the Report is not
// for Redact or WriteText.
func BuildJSON(state *governor.State, files []File, lines Lines) Report {
	return build(state, files, lines, true)
}

// build is Build, or BuildJSON when inJSON.
func build(state *governor.State, files []File, lines Lines, inJSON bool) Report {
	first, last := state.Span()
	if f := lines.FirstStamp; !f.IsZero() && (first.IsZero() || f.Before(first)) {
		first = f
	}
	if l := lines.LastStamp; l.After(last) {
		last = l
	}
	snap := state.Snapshot(last)
	c := snap.Counts
	r := Report{
		Quota:        QuotaReadings(quota.In(state.QuotaSamples(), first, last)),
		QuotaFigures: snap.Quota,
		Files:        files,
		Span:         Span{First: stamp(first), Last: stamp(last)},
		App:          App{Version: snap.App.Version, Platform: snap.App.Platform},
		Governor: Governor{
			Cap: snap.Cap.Value, CapSource: snap.Cap.Source.String(),
			AtCap:             AtCap{WouldEvict: c.AtCapWouldEvict, Evicting: c.AtCapEvicting},
			Yields:            c.Yields,
			WarmsRefused:      c.WarmsRefused,
			Pressure:          Pressure{Warning: c.PressureWarning, Critical: c.PressureCritical},
			PressureEvictions: c.PressureEvicts,
			MaxEffective:      c.MaxEffective,
			Unknown:           c.Unknown,
		},
		Sessions: Sessions{Started: c.SessionsStarted, IdleTimeouts: c.IdleTimeouts,
			Paused: Paused{GovernorEvict: c.PausedEvict, IdleTimeout: c.PausedIdle}},
		Memory:    Memory{Samples: c.MemorySamples, MinSysFreeMB: max(c.MinSysFreeMB, 0), MinAt: stamp(c.MinSysFreeAt), TotalMB: c.TotalMB},
		VM:        VM{CPUs: snap.VM.CPUs, MemoryGB: snap.VM.MemoryGB, BootStalls: snap.VM.BootStalls, State: snap.VM.State.String()},
		RateLimit: RateLimit{Hits: c.RateLimitHits},
		Lines:     lines,
	}
	if inJSON {
		r.listLater(state)
	} else {
		r.Evictions = make([]Evicted, 0, state.EvictionsLen())
		r.EvictionsNotListed = state.EachEviction(func(o *governor.Outcome) {
			r.Evictions = append(r.Evictions, evictedOf(state, o))
		})
		r.addLosses(state)
	}
	r.addLossCounts(state)
	r.CameBack, r.Lost = snap.CameBack, snap.LostCount()
	if v := snap.NextVictim; v != nil {
		r.NextVictim = &Victim{Session: v.ID, Project: v.Project, IdleS: int64(v.Idle / time.Second), Why: words.NextVictimWhy(&snap)}
	}
	r.Governor.RulesGeneration = snap.Rules.Generation
	r.VM.MemoryMB = snap.VM.MemoryMB
	r.lifecycle(state, snap)
	r.Restarts = words.Restarts(state.Restarts(&snap))
	r.App.stopped = restartsStoppedText(r.Restarts)
	for _, v := range r.Restarts {
		if v.LostRC > 0 {
			r.App.rcLostAt, r.App.rcLost = v.At.Format("15:04"), v.LostRC
		}
	}
	r.Verdict = verdict(r, c)
	return r
}

// stamp writes t in TimeLayout in the local zone (the daemon's UTC stamps
// read as the app's local ones) with its offset, or "" for the zero time.
// A report lists thousands of evictions and losses, and time.Format, which
// reads its layout afresh each call, was 3 % of a dense log's report: the
// digits are placed by hand, and a year outside 0–9999 goes to Format.
func stamp(t time.Time) Stamp {
	if t.IsZero() {
		return ""
	}
	t = t.Local()
	var buf [32]byte // the text made in one allocation: a report makes thousands
	s := string(appendOffset(appendWallStamp(buf[:0], t), t))
	if _, _, ok := vocab.RepeatedWall(t); ok {
		// The hour that repeats when clocks go back: the text names the
		// zone ("01:30:00 EST"), or its two occurrences read the same.
		name, _ := t.Zone()
		s += " " + vocab.SanitizeStringWith(name, vocab.PathText)
	}
	return Stamp(s)
}

// appendOffset appends t's offset as RFC 3339 writes it: "Z", or "-05:00".
func appendOffset(b []byte, t time.Time) []byte {
	_, off := t.Zone()
	if off == 0 {
		return append(b, 'Z')
	}
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	b = append(b, sign, '0', '0', ':', '0', '0')
	n := len(b)
	digits(b[n-5:n-3], off/3600)
	digits(b[n-2:n], off/60%60)
	return b
}

// Stamp is a time of the report, on the app's local clock, with its
// offset: "2006-01-02 15:04:05-05:00", and, in the hour that repeats when
// clocks go back, the zone's name after a space. The text prints its wall
// clock (String: "2006-01-02 15:04:05", or "2006-01-02 01:30:00 EST" in
// the repeated hour); its JSON is the form every JSON output writes
// (vocab.FormatLogged): RFC 3339 with the offset,
// "2006-01-02T15:04:05-05:00".
type Stamp string

// wallLen is the length of a stamp's wall clock, "2006-01-02 15:04:05".
const wallLen = len(TimeLayout)

// parts splits the stamp into its wall clock, offset and zone name (an
// older stamp has only the first).
func (s Stamp) parts() (wall, offset, name string) {
	if len(s) <= wallLen {
		return string(s), "", ""
	}
	wall, rest := string(s[:wallLen]), string(s[wallLen:])
	offset, name, _ = strings.Cut(rest, " ")
	return wall, offset, name
}

// String is the stamp as the text prints it: the wall clock, and the
// zone's name in the repeated hour.
func (s Stamp) String() string {
	wall, _, name := s.parts()
	if name != "" {
		return wall + " " + name
	}
	return wall
}

// Time is the instant the stamp names (zero if it names none).
func (s Stamp) Time() time.Time {
	wall, offset, _ := s.parts()
	layout := TimeLayout
	if offset != "" {
		layout += "Z07:00"
	}
	t, err := time.Parse(layout, wall+offset)
	if err != nil {
		return time.Time{}
	}
	return t
}

// JSON is the stamp as JSON writes it.
func (s Stamp) JSON() string {
	var buf [48]byte
	return string(s.appendJSON(buf[:0]))
}

// appendJSON appends s.JSON().
func (s Stamp) appendJSON(b []byte) []byte {
	wall, offset, _ := s.parts()
	if len(wall) > 10 && wall[10] == ' ' {
		b = append(append(append(b, wall[:10]...), 'T'), wall[11:]...)
	} else {
		b = append(b, wall...)
	}
	return append(b, offset...)
}

// MarshalText writes the stamp's JSON form.
func (s Stamp) MarshalText() ([]byte, error) { return []byte(s.JSON()), nil }

// wallStamp is t.Format(TimeLayout), in t's own zone.
func wallStamp(t time.Time) string {
	var buf [32]byte
	return string(appendWallStamp(buf[:0], t))
}

// appendWallStamp appends wallStamp(t).
func appendWallStamp(b []byte, t time.Time) []byte {
	y, mo, d := t.Date()
	if y < 0 || y > 9999 {
		return t.AppendFormat(b, TimeLayout)
	}
	h, mi, sec := t.Clock()
	b = append(b, "0000-00-00 00:00:00"...)
	w := b[len(b)-wallLen:]
	digits(w[0:4], y)
	digits(w[5:7], int(mo))
	digits(w[8:10], d)
	digits(w[11:13], h)
	digits(w[14:16], mi)
	digits(w[17:19], sec)
	return b
}

// digits writes n into b in decimal, zero-padded to b's length.
func digits(b []byte, n int) {
	for i := len(b) - 1; i >= 0; i-- {
		b[i] = byte('0' + n%10)
		n /= 10
	}
}

// Redactor rewrites text that may name a person (redact.Redactor): it
// learns the user's names from paths, then rewrites any string.
type Redactor interface {
	Learn(path string)
	String(s string) string
}

// Redact rewrites every string in the report that could carry a user name,
// home folder, e-mail address or UUID (`report --redact`).
func (r *Report) Redact(rd Redactor) {
	for _, f := range r.Files {
		rd.Learn(f.Path)
	}
	for i := range r.Files {
		r.Files[i].Path = rd.String(r.Files[i].Path)
		r.Files[i].Error = rd.String(r.Files[i].Error)
	}
	for i := range r.Evictions {
		r.Evictions[i].Session = rd.String(r.Evictions[i].Session)
	}
	for i := range r.Losses {
		r.Losses[i].Session = rd.String(r.Losses[i].Session)
		r.Losses[i].Detail = rd.String(r.Losses[i].Detail)
		r.Losses[i].WaitingFor = rd.String(r.Losses[i].WaitingFor)
		r.Losses[i].ClaudeCodeID = rd.String(r.Losses[i].ClaudeCodeID)
		r.Losses[i].Resume = rd.String(r.Losses[i].Resume)
		if r.Losses[i].Title != "" { // a title is the person's words: all of it goes
			r.Losses[i].Title = RedactedTitle
		}
	}
	for i := range r.Crashes {
		r.Crashes[i].Session = rd.String(r.Crashes[i].Session)
	}
	if v := r.NextVictim; v != nil {
		v.Session = rd.String(v.Session)
		v.Project = "" // a folder's name: the redacted report names no project
	}
	r.VM.Service.Warning = rd.String(r.VM.Service.Warning) // the service's error text may name a path
	r.QuotaShare.Redact()
	r.Verdict = rd.String(r.redactRestarts(rd, r.Verdict))
}

// redactRestarts names the restarts' sessions by their redacted short
// ids, in the restarts and in verdict, which it returns.
func (r *Report) redactRestarts(rd Redactor, verdict string) string {
	for i := range r.Restarts {
		v := &r.Restarts[i]
		for j := range v.Sessions {
			rs := &v.Sessions[j]
			rs.ID = rd.String(rs.ID)
			short := vocab.ShortID(rs.ID)
			if rs.Name != "" {
				verdict = strings.ReplaceAll(verdict, rs.Name, short)
			}
			rs.Name = short
		}
	}
	for i := range r.Losses {
		r.Losses[i].Name = "" // a folder's name or a title: the redacted report names none
	}
	for i := range r.Evictions {
		r.Evictions[i].Name = ""
	}
	return verdict
}

// addLosses fills the loss timeline and its counts.
func (r *Report) addLosses(state *governor.State) {
	r.Losses = make([]Lost, 0, state.LossesLen())
	r.LossesNotListed = state.EachLoss(func(l *governor.Loss) {
		r.Losses = append(r.Losses, lostOf(state, l))
	})
}

// evictedOf is the eviction o as the report lists it.
func evictedOf(state *governor.State, o *governor.Outcome) Evicted {
	return Evicted{Time: stamp(o.Time), Session: o.Session, IdleS: o.IdleS, IdleSource: o.IdleSource.String(), Cause: o.CauseName(), File: o.File, Line: o.Line,
		Name: state.NameOf(o.Session)}
}

// lostOf is the loss l as the report lists it.
func lostOf(state *governor.State, l *governor.Loss) Lost {
	lost := Lost{Time: stamp(l.Time), Session: l.Session, Count: l.Count, Cause: l.Cause.String(), Detail: words.LossDetailText(*l), Evidence: l.Evidence()}
	if l.CauseFile != "" {
		lost.CauseEvidence = fmt.Sprintf("%s:%d", l.CauseFile, l.CauseLine)
	}
	lost.WaitingFor = l.WaitingFor
	lost.Back = stamp(l.Back)
	if l.Session != "" {
		lost.Name = state.NameOf(l.Session)
		lost.Title = state.RecordTitle(l.Session)
		rec := state.RecoveryOf(l.Session, "")
		lost.ClaudeCodeID, lost.Resume = rec.CodeID, rec.Command()
		if rec.CodeID != "" {
			lost.ClaudeCodeIDSource = rec.Source.String()
		}
	}
	return lost
}

// addLossCounts counts the losses by cause, all and not back.
func (r *Report) addLossCounts(state *governor.State) {
	r.LossCounts, r.LostNow = map[string]int{}, map[string]int{}
	for _, c := range state.LossCounts() {
		r.LossCounts[c.Cause.String()] = c.Count
	}
	for _, c := range state.LostNow() {
		r.LostNow[c.Cause.String()] = c.Count
	}
}

// UnmarshalText reads the JSON form back (the zone's name of a repeated
// hour, which JSON leaves to the offset, is not restored).
func (s *Stamp) UnmarshalText(b []byte) error {
	if len(b) > 10 && b[10] == 'T' {
		*s = Stamp(string(b[:10]) + " " + string(b[11:]))
		return nil
	}
	*s = Stamp(b)
	return nil
}

// Victim is the next victim as report --json gives it (an estimate).
type Victim struct {
	Session string `json:"session"`
	Project string `json:"project,omitempty"`
	IdleS   int64  `json:"idle_s"`
	// Why is what the estimate rests on (words.NextVictimWhy).
	Why string `json:"why,omitempty"`
}
