package quota

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// State is what one window's figure says, in every output.
type State int8

// Quota figure states.
const (
	StateNone State = iota // not said: ""
	// StateCurrent ("current"): a fresh reading of a window that has not reset.
	StateCurrent
	// StateStale ("stale"): older than its source's normal interval; its
	// window has not reset, so the figure is at least this high.
	StateStale
	// StateLimitReached ("limit_reached"): a current figure at 100 %.
	StateLimitReached
	// StateResetPassed ("reset_passed"): the reading's resets_at is in the
	// past, whenever it was read: the figure is what it was before.
	StateResetPassed
	// StateNoLimit ("no_limit"): the account has no such limit.
	StateNoLimit
	// StateNotReported ("not_reported"): the source leaves it out.
	StateNotReported
	// StateNoPlanLimits ("no_plan_limits"): an API or Enterprise seat.
	StateNoPlanLimits
)

var quotaStateNames = [...]string{StateCurrent: "current", StateStale: "stale", StateLimitReached: "limit_reached",
	StateResetPassed: "reset_passed", StateNoLimit: "no_limit", StateNotReported: "not_reported",
	StateNoPlanLimits: "no_plan_limits"}

// States lists every state, for the metrics' help.
var States = []State{StateCurrent, StateStale, StateLimitReached, StateResetPassed,
	StateNoLimit, StateNotReported, StateNoPlanLimits}

// stateEnum is State's texts (String, MarshalText, UnmarshalText).
var stateEnum = vocab.Enum[State]{Names: quotaStateNames[:], What: "quota state"}

// String is the state's stable text ("" for StateNone).
func (s State) String() string { return stateEnum.Name(s) }

// MarshalText writes the state's text.
func (s State) MarshalText() ([]byte, error) { return stateEnum.Text(s) }

// UnmarshalText reads a state's text; a text no state has is an error.
func (s *State) UnmarshalText(t []byte) error { return stateEnum.Read(s, t) }

// HasPercent says the figure carries a percentage (absent windows do not).
func (s State) HasPercent() bool {
	return s == StateCurrent || s == StateStale || s == StateLimitReached || s == StateResetPassed
}

// Counts says the percentage is the window's use now (at least; a stale one
// can only have risen), not what it was before a reset.
func (s State) Counts() bool {
	return s == StateCurrent || s == StateStale || s == StateLimitReached
}

// Figure is one window's figure as every output shows it.
type Figure struct {
	Window Window `json:"window"`
	Scope  string `json:"scope,omitempty"`
	// Name is how every output names the window: "5h", "7d",
	// "Fable weekly", "spend limit".
	Name  string `json:"name"`
	State State  `json:"state"`
	// Percent is the source's figure; meaningless (and left out of JSON)
	// when State.HasPercent is false.
	Percent    float64       `json:"percent"`
	ResetsAt   time.Time     `json:"-"`
	Source     Source        `json:"source"`
	ObservedAt time.Time     `json:"-"`
	Age        time.Duration `json:"-"`
	AgeS       int64         `json:"age_s"`
	// Stale: older than its source's normal interval, or its window's
	// reset time has passed (ResetPassed).
	Stale       bool `json:"stale"`
	ResetPassed bool `json:"reset_passed,omitempty"`
	// Text is the figure in words, as the header, the status line, the
	// report and the notifications write it (FigureText).
	Text string `json:"text"`
	// Burn is coworktop's estimate of where this window goes at its
	// recent pace; nil without enough readings.
	Burn *Burn `json:"burn,omitempty"`

	loc *time.Location // the clock's zone, for the words' times
}

// View is the account's quota as of a snapshot.
type View struct {
	FiveHour *Figure   `json:"five_hour,omitempty"`
	SevenDay *Figure   `json:"seven_day,omitempty"`
	Scoped   []*Figure `json:"weekly_scoped,omitempty"`
	Spend    *Figure   `json:"spend_limit,omitempty"`
	// Binding names the window that leads every output: the one nearest
	// its end (the highest percentage counted, then the soonest reset).
	Binding string `json:"binding,omitempty"`
	// NoPlanLimits: every window reads "no plan limits".
	NoPlanLimits bool `json:"no_plan_limits,omitempty"`
	// Text is Summary: the one line every output writes.
	Text string `json:"text"`

	ordered []*Figure // binding first
}

// Figure returns the 5-hour or 7-day window's figure (the first scoped
// one for WeeklyScoped), or nil.
func (q *View) Figure(w Window) *Figure {
	if q == nil {
		return nil
	}
	switch w {
	case FiveHour:
		return q.FiveHour
	case SevenDay:
		return q.SevenDay
	case Spend:
		return q.Spend
	case WeeklyScoped:
		if len(q.Scoped) > 0 {
			return q.Scoped[0]
		}
	}
	return nil
}

// Figures returns every figure, the binding one first (see order).
func (q *View) Figures() []*Figure {
	if q == nil {
		return nil
	}
	if q.ordered == nil { // read back from JSON
		for _, f := range append([]*Figure{q.FiveHour, q.SevenDay, q.Spend}, q.Scoped...) {
			if f != nil {
				q.ordered = append(q.ordered, f)
			}
		}
		slices.SortStableFunc(q.ordered, quotaOrder)
	}
	return q.ordered
}

// Lead is the figure that leads every output, or nil.
func (q *View) Lead() *Figure {
	if figs := q.Figures(); len(figs) > 0 {
		return figs[0]
	}
	return nil
}

// Rules of the choice: at most MaxKeys windows are kept (a file
// listing thousands of scopes cannot grow the state), and a reading more
// than MaxSkew ahead of the clock is refused (a clock set wrong, or a
// forged file, would otherwise read as fresh and outrank true readings).
// MaxSkew is the one skew rule: the status line's writer keeps to it too
// (a newest entry further ahead means the clock went back).
const (
	MaxKeys = 16
	MaxSkew = time.Minute
)

// Usable says the reading can be shown as of now: a real time not ahead
// of now, and a percentage within 0–100 when it has one. Every reader of
// readings keeps to it; the sources count what it refuses.
func Usable(s Sample, now time.Time) bool {
	if s.At.IsZero() || s.At.After(now.Add(MaxSkew)) {
		return false
	}
	return s.Absent != Present || PercentValid(s.Percent)
}

// PercentValid says p is a percentage any source may write, 0–100.
func PercentValid(p float64) bool {
	return !math.IsNaN(p) && p >= 0 && p <= 100
}

// Figures picks, for each window, the best reading among samples as
// of now, one rule for every output: the newest reading of the first
// source, in Sources order, whose newest reading is fresh; when every
// source is stale, the newest reading of all. A reading that leaves the
// window out ("not reported") gives way to a source that says the account
// has no such limit. Readings of the same source are ordered by their
// time, whatever order they came in (several orgs interleave in the
// desktop file: the newest wins). It returns nil when no window has a
// reading. Times in the words are in now's zone.
func Figures(samples []Sample, now time.Time) *View {
	// At most MaxKeys windows: a slice searched in order costs less than a
	// map hashed at every reading (a snapshot at every refresh walks a
	// day of readings).
	var groups []keyGroup
	for _, s := range samples {
		if !Usable(s, now) {
			continue
		}
		k := s.Key()
		g := slices.IndexFunc(groups, func(g keyGroup) bool { return g.key == k })
		if g < 0 {
			if len(groups) >= MaxKeys && !dropStalestScoped(&groups) {
				continue
			}
			groups = append(groups, keyGroup{key: k})
			g = len(groups) - 1
		}
		groups[g].samples = append(groups[g].samples, s)
		if s.At.After(groups[g].lastSeen) {
			groups[g].lastSeen = s.At
		}
	}
	if len(groups) == 0 {
		return nil
	}
	var v View
	for _, g := range groups {
		f := quotaFigure(g.samples, now)
		switch g.key.window {
		case FiveHour:
			v.FiveHour = f
		case SevenDay:
			v.SevenDay = f
		case Spend:
			v.Spend = f
		default:
			v.Scoped = append(v.Scoped, f)
		}
		v.ordered = append(v.ordered, f)
	}
	slices.SortFunc(v.Scoped, func(a, b *Figure) int { return cmp.Compare(a.Name, b.Name) })
	slices.SortStableFunc(v.ordered, quotaOrder)
	v.NoPlanLimits = true
	for _, f := range v.ordered {
		v.NoPlanLimits = v.NoPlanLimits && f.State == StateNoPlanLimits
	}
	v.Binding = v.ordered[0].Name
	v.Text = Summary(&v)
	return &v
}

// dropStalestScoped makes room among MaxKeys windows for k: the 5-hour,
// 7-day and spend windows always have it, and a per-model window takes
// the place of the per-model window seen least recently (names come and
// go with the models; a fresh one, or the 5-hour figure, must not be kept
// out by old ones). It says whether there is room.
func dropStalestScoped(groups *[]keyGroup) bool {
	at := -1
	for i, old := range *groups {
		if old.key.window == WeeklyScoped && (at < 0 || old.lastSeen.Before((*groups)[at].lastSeen)) {
			at = i
		}
	}
	if at < 0 {
		return false
	}
	*groups = slices.Delete(*groups, at, at+1)
	return true
}

// keyGroup is one window's usable readings, in the order given, and the
// newest time among them.
type keyGroup struct {
	key      Key
	samples  []Sample
	lastSeen time.Time
}

// quotaFigure is one window's figure from its readings.
func quotaFigure(samples []Sample, now time.Time) *Figure {
	best := bestQuota(samples, now)
	f := &Figure{Window: best.Window, Scope: best.Scope, Percent: best.Percent, ResetsAt: best.ResetsAt,
		Source: best.Source, ObservedAt: best.At, loc: now.Location()}
	f.Name = quotaName(best.Window, best.Scope)
	f.Age = max(0, now.Sub(best.At))
	f.AgeS = int64(f.Age / time.Second)
	f.ResetPassed = best.Absent == Present && resetPassed(best, now)
	f.Stale = !quotaFresh(best, now)
	f.State = quotaStateOf(best, f)
	if f.State.Counts() {
		f.Burn = quotaBurn(samples, best, now)
	}
	f.Text = FigureText(f)
	return f
}

func quotaStateOf(best Sample, f *Figure) State {
	switch best.Absent {
	case NoLimit:
		return StateNoLimit
	case NotReported:
		return StateNotReported
	case NoPlanLimits:
		return StateNoPlanLimits
	}
	switch {
	case f.ResetPassed:
		return StateResetPassed
	case f.Stale:
		return StateStale
	case f.Percent >= 100:
		return StateLimitReached
	}
	return StateCurrent
}

// quotaName is how every output names a window: "Fable weekly" for a
// per-model limit.
func quotaName(w Window, scope string) string {
	if w == WeeklyScoped {
		if scope == "" {
			return "scoped weekly"
		}
		return scope + " weekly"
	}
	return w.Short()
}

// quotaOrder puts the binding window first: fresh figures that count
// (current, at the limit) by percentage, highest first, then by the
// soonest reset; then stale ones, the same way (a day-old figure does not
// lead over a fresh one); then windows that have reset; then windows
// without a figure; ties in Windows order.
func quotaOrder(a, b *Figure) int {
	if c := cmp.Compare(quotaClass(a), quotaClass(b)); c != 0 {
		return c
	}
	if a.State.Counts() {
		if c := cmp.Compare(b.Percent, a.Percent); c != 0 {
			return c
		}
		if c := compareReset(a.ResetsAt, b.ResetsAt); c != 0 {
			return c
		}
	}
	if c := cmp.Compare(slices.Index(Windows, a.Window), slices.Index(Windows, b.Window)); c != 0 {
		return c
	}
	return cmp.Compare(a.Name, b.Name)
}

func quotaClass(f *Figure) int {
	switch {
	case f.State.Counts() && f.State != StateStale:
		return 0
	case f.State == StateStale: // a stale figure never leads over a fresh one (issue 47)
		return 1
	case f.State == StateResetPassed:
		return 2
	}
	return 3
}

// compareReset: a known reset before an unknown one, the sooner first.
func compareReset(a, b time.Time) int {
	switch {
	case a.IsZero() && b.IsZero():
		return 0
	case a.IsZero():
		return 1
	case b.IsZero():
		return -1
	}
	return a.Compare(b)
}

// quotaFresh: the reading is within its source's normal interval, and its
// window has not reset.
func quotaFresh(s Sample, now time.Time) bool {
	return now.Sub(s.At) <= s.Source.interval() && !resetPassed(s, now)
}

// resetPassed: the reading's window has reset: its resets_at is not in the
// future, whenever the reading was taken (Claude Code passes the last
// response's rate_limits, so after a reset it still says 88 %).
func resetPassed(s Sample, now time.Time) bool {
	return !s.ResetsAt.IsZero() && !now.Before(s.ResetsAt)
}

// bestQuota is Figures' choice for one window; samples is not empty.
func bestQuota(samples []Sample, now time.Time) Sample {
	newest := map[Source]Sample{}
	for _, s := range samples {
		// Of two readings at the same instant, the later delivered wins
		// (the status line's stdin comes after its state file's).
		if n, ok := newest[s.Source]; !ok || !s.At.Before(n.At) {
			newest[s.Source] = s
		}
	}
	all := make([]Sample, 0, len(newest))
	for _, s := range newest {
		all = append(all, s)
	}
	slices.SortFunc(all, func(a, b Sample) int { return a.Source.Rank() - b.Source.Rank() })
	best := slices.MaxFunc(all, func(a, b Sample) int { return a.At.Compare(b.At) })
	for _, s := range all {
		if quotaFresh(s, now) {
			best = s
			break
		}
	}
	if best.Absent == NotReported {
		return saidElsewhere(all, best)
	}
	return best
}

// saidElsewhere is the choice when the chosen reading leaves the window out
// without saying why: a source that says there is no such limit, else the
// newest reading that has the window's percentage, however old (it shows as
// stale, its age said), rather than "not reported": a status line that
// passes only the 5-hour window must not hide the app's weekly figure.
func saidElsewhere(all []Sample, best Sample) Sample {
	for _, s := range all {
		if s.Absent == NoLimit {
			return s // the source that says why beats the one that does not
		}
	}
	var found bool
	var newest Sample
	for _, s := range all {
		if s.Absent == Present && (!found || s.At.After(newest.At)) {
			newest, found = s, true
		}
	}
	if found {
		return newest
	}
	return best
}
