package governor

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// QuotaState is what one window's figure says, in every output.
type QuotaState int8

// Quota figure states.
const (
	QuotaStateNone QuotaState = iota // not said: ""
	// QuotaStateCurrent ("current"): a fresh reading of a window that has not reset.
	QuotaStateCurrent
	// QuotaStateStale ("stale"): older than its source's normal interval; its
	// window has not reset, so the figure is at least this high.
	QuotaStateStale
	// QuotaStateLimitReached ("limit_reached"): a current figure at 100 %.
	QuotaStateLimitReached
	// QuotaStateResetPassed ("reset_passed"): the reading's resets_at is in the
	// past, whenever it was read: the figure is what it was before.
	QuotaStateResetPassed
	// QuotaStateNoLimit ("no_limit"): the account has no such limit.
	QuotaStateNoLimit
	// QuotaStateNotReported ("not_reported"): the source leaves it out.
	QuotaStateNotReported
	// QuotaStateNoPlanLimits ("no_plan_limits"): an API or Enterprise seat.
	QuotaStateNoPlanLimits
)

var quotaStateNames = [...]string{QuotaStateCurrent: "current", QuotaStateStale: "stale", QuotaStateLimitReached: "limit_reached",
	QuotaStateResetPassed: "reset_passed", QuotaStateNoLimit: "no_limit", QuotaStateNotReported: "not_reported",
	QuotaStateNoPlanLimits: "no_plan_limits"}

// QuotaStates lists every state, for the metrics' help.
var QuotaStates = []QuotaState{QuotaStateCurrent, QuotaStateStale, QuotaStateLimitReached, QuotaStateResetPassed,
	QuotaStateNoLimit, QuotaStateNotReported, QuotaStateNoPlanLimits}

// String is the state's stable text ("" for QuotaStateNone).
func (s QuotaState) String() string { return vocab.NameOf(quotaStateNames[:], int(s)) }

// MarshalText writes the state's text.
func (s QuotaState) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a state's text; a text no state has is an error.
func (s *QuotaState) UnmarshalText(t []byte) error {
	v, err := vocab.ValueOf(quotaStateNames[:], t, "quota state")
	*s = QuotaState(v)
	return err
}

// HasPercent: the figure carries a percentage (absent windows do not).
func (s QuotaState) HasPercent() bool {
	return s == QuotaStateCurrent || s == QuotaStateStale || s == QuotaStateLimitReached || s == QuotaStateResetPassed
}

// Counts: the percentage is the window's use now (at least; a stale one
// can only have risen), not what it was before a reset.
func (s QuotaState) Counts() bool {
	return s == QuotaStateCurrent || s == QuotaStateStale || s == QuotaStateLimitReached
}

// QuotaFigure is one window's figure as every output shows it.
type QuotaFigure struct {
	Window QuotaWindow `json:"window"`
	Scope  string      `json:"scope,omitempty"`
	// Name is how every output names the window: "5h", "7d",
	// "Fable weekly", "spend limit".
	Name  string     `json:"name"`
	State QuotaState `json:"state"`
	// Percent is the source's figure; meaningless (and left out of JSON)
	// when State.HasPercent is false.
	Percent    float64       `json:"percent"`
	ResetsAt   time.Time     `json:"-"`
	Source     QuotaSource   `json:"source"`
	ObservedAt time.Time     `json:"-"`
	Age        time.Duration `json:"-"`
	AgeS       int64         `json:"age_s"`
	// Stale: older than its source's normal interval, or its window's
	// reset time has passed (ResetPassed).
	Stale       bool `json:"stale"`
	ResetPassed bool `json:"reset_passed,omitempty"`
	// Text is the figure in words, as the header, the status line, the
	// report and the notifications write it (QuotaFigureText).
	Text string `json:"text"`
	// Burn is coworktop's estimate of where this window goes at its
	// recent pace; nil without enough readings.
	Burn *QuotaBurn `json:"burn,omitempty"`

	loc *time.Location // the clock's zone, for the words' times
}

// QuotaView is the account's quota as of a snapshot.
type QuotaView struct {
	FiveHour *QuotaFigure   `json:"five_hour,omitempty"`
	SevenDay *QuotaFigure   `json:"seven_day,omitempty"`
	Scoped   []*QuotaFigure `json:"weekly_scoped,omitempty"`
	Spend    *QuotaFigure   `json:"spend_limit,omitempty"`
	// Binding names the window that leads every output: the one nearest
	// its end (the highest percentage counted, then the soonest reset).
	Binding string `json:"binding,omitempty"`
	// NoPlanLimits: every window reads "no plan limits".
	NoPlanLimits bool `json:"no_plan_limits,omitempty"`
	// Text is QuotaSummary: the one line every output writes.
	Text string `json:"text"`

	ordered []*QuotaFigure // binding first
}

// Figure returns the 5-hour or 7-day window's figure (the first scoped
// one for QuotaWeeklyScoped), or nil.
func (q *QuotaView) Figure(w QuotaWindow) *QuotaFigure {
	if q == nil {
		return nil
	}
	switch w {
	case QuotaFiveHour:
		return q.FiveHour
	case QuotaSevenDay:
		return q.SevenDay
	case QuotaSpend:
		return q.Spend
	case QuotaWeeklyScoped:
		if len(q.Scoped) > 0 {
			return q.Scoped[0]
		}
	}
	return nil
}

// Figures returns every figure, the binding one first (see order).
func (q *QuotaView) Figures() []*QuotaFigure {
	if q == nil {
		return nil
	}
	if q.ordered == nil { // read back from JSON
		for _, f := range append([]*QuotaFigure{q.FiveHour, q.SevenDay, q.Spend}, q.Scoped...) {
			if f != nil {
				q.ordered = append(q.ordered, f)
			}
		}
		slices.SortStableFunc(q.ordered, quotaOrder)
	}
	return q.ordered
}

// Lead is the figure that leads every output, or nil.
func (q *QuotaView) Lead() *QuotaFigure {
	if figs := q.Figures(); len(figs) > 0 {
		return figs[0]
	}
	return nil
}

// Rules of the choice: at most quotaMaxKeys windows are kept (a file
// listing thousands of scopes cannot grow the state), and a reading more
// than quotaSkew ahead of the clock is refused (a clock set wrong, or a
// forged file, would otherwise read as fresh and outrank true readings).
const (
	quotaMaxKeys = 16
	quotaSkew    = time.Minute
)

// QuotaUsable: the reading can be shown as of now: a real time not ahead
// of now, and a percentage within 0–100 when it has one. Every reader of
// readings keeps to it; the sources count what it refuses.
func QuotaUsable(s QuotaSample, now time.Time) bool {
	if s.At.IsZero() || s.At.After(now.Add(quotaSkew)) {
		return false
	}
	return s.Absent != QuotaPresent || QuotaPercentValid(s.Percent)
}

// QuotaPercentValid: a percentage any source may write, 0–100.
func QuotaPercentValid(p float64) bool {
	return !math.IsNaN(p) && p >= 0 && p <= 100
}

// QuotaFigures picks, for each window, the best reading among samples as
// of now, one rule for every output: the newest reading of the first
// source, in QuotaSources order, whose newest reading is fresh; when every
// source is stale, the newest reading of all. A reading that leaves the
// window out ("not reported") gives way to a source that says the account
// has no such limit. Readings of the same source are ordered by their
// time, whatever order they came in (several orgs interleave in the
// desktop file: the newest wins). It returns nil when no window has a
// reading. Times in the words are in now's zone.
func QuotaFigures(samples []QuotaSample, now time.Time) *QuotaView {
	byKey := map[quotaKey][]QuotaSample{}
	var keys []quotaKey
	for _, s := range samples {
		if !QuotaUsable(s, now) {
			continue
		}
		k := s.key()
		if _, ok := byKey[k]; !ok {
			if len(keys) >= quotaMaxKeys {
				continue
			}
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], s)
	}
	if len(keys) == 0 {
		return nil
	}
	var v QuotaView
	for _, k := range keys {
		f := quotaFigure(byKey[k], now)
		switch k.window {
		case QuotaFiveHour:
			v.FiveHour = f
		case QuotaSevenDay:
			v.SevenDay = f
		case QuotaSpend:
			v.Spend = f
		default:
			v.Scoped = append(v.Scoped, f)
		}
		v.ordered = append(v.ordered, f)
	}
	slices.SortFunc(v.Scoped, func(a, b *QuotaFigure) int { return cmp.Compare(a.Name, b.Name) })
	slices.SortStableFunc(v.ordered, quotaOrder)
	v.NoPlanLimits = true
	for _, f := range v.ordered {
		v.NoPlanLimits = v.NoPlanLimits && f.State == QuotaStateNoPlanLimits
	}
	v.Binding = v.ordered[0].Name
	v.Text = QuotaSummary(&v)
	return &v
}

// quotaFigure is one window's figure from its readings.
func quotaFigure(samples []QuotaSample, now time.Time) *QuotaFigure {
	best := bestQuota(samples, now)
	f := &QuotaFigure{Window: best.Window, Scope: best.Scope, Percent: best.Percent, ResetsAt: best.ResetsAt,
		Source: best.Source, ObservedAt: best.At, loc: now.Location()}
	f.Name = quotaName(best.Window, best.Scope)
	f.Age = max(0, now.Sub(best.At))
	f.AgeS = int64(f.Age / time.Second)
	f.ResetPassed = best.Absent == QuotaPresent && resetPassed(best, now)
	f.Stale = !quotaFresh(best, now)
	f.State = quotaStateOf(best, f)
	if f.State.Counts() {
		f.Burn = quotaBurn(samples, best, now)
	}
	f.Text = QuotaFigureText(f)
	return f
}

func quotaStateOf(best QuotaSample, f *QuotaFigure) QuotaState {
	switch best.Absent {
	case QuotaNoLimit:
		return QuotaStateNoLimit
	case QuotaNotReported:
		return QuotaStateNotReported
	case QuotaNoPlanLimits:
		return QuotaStateNoPlanLimits
	}
	switch {
	case f.ResetPassed:
		return QuotaStateResetPassed
	case f.Stale:
		return QuotaStateStale
	case f.Percent >= 100:
		return QuotaStateLimitReached
	}
	return QuotaStateCurrent
}

// quotaName is how every output names a window: "Fable weekly" for a
// per-model limit.
func quotaName(w QuotaWindow, scope string) string {
	if w == QuotaWeeklyScoped {
		if scope == "" {
			return "scoped weekly"
		}
		return scope + " weekly"
	}
	return w.Short()
}

// quotaOrder puts the binding window first: figures that count (current,
// stale, at the limit) by percentage, highest first, then by the soonest
// reset; then windows that have reset; then windows without a figure;
// ties in QuotaWindows order.
func quotaOrder(a, b *QuotaFigure) int {
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
	if c := cmp.Compare(slices.Index(QuotaWindows, a.Window), slices.Index(QuotaWindows, b.Window)); c != 0 {
		return c
	}
	return cmp.Compare(a.Name, b.Name)
}

func quotaClass(f *QuotaFigure) int {
	switch {
	case f.State.Counts():
		return 0
	case f.State == QuotaStateResetPassed:
		return 1
	}
	return 2
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
func quotaFresh(s QuotaSample, now time.Time) bool {
	return now.Sub(s.At) <= s.Source.interval() && !resetPassed(s, now)
}

// resetPassed: the reading's window has reset: its resets_at is not in the
// future, whenever the reading was taken (Claude Code passes the last
// response's rate_limits, so after a reset it still says 88 %).
func resetPassed(s QuotaSample, now time.Time) bool {
	return !s.ResetsAt.IsZero() && !now.Before(s.ResetsAt)
}

// bestQuota is QuotaFigures' choice for one window; samples is not empty.
func bestQuota(samples []QuotaSample, now time.Time) QuotaSample {
	newest := map[QuotaSource]QuotaSample{}
	for _, s := range samples {
		// Of two readings at the same instant, the later delivered wins
		// (the status line's stdin comes after its state file's).
		if n, ok := newest[s.Source]; !ok || !s.At.Before(n.At) {
			newest[s.Source] = s
		}
	}
	all := make([]QuotaSample, 0, len(newest))
	for _, s := range newest {
		all = append(all, s)
	}
	slices.SortFunc(all, func(a, b QuotaSample) int { return a.Source.rank() - b.Source.rank() })
	best := slices.MaxFunc(all, func(a, b QuotaSample) int { return a.At.Compare(b.At) })
	for _, s := range all {
		if quotaFresh(s, now) {
			best = s
			break
		}
	}
	if best.Absent == QuotaNotReported {
		for _, s := range all {
			if s.Absent == QuotaNoLimit {
				return s // the source that says why beats the one that does not
			}
		}
	}
	return best
}
