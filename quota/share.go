package quota

import (
	"slices"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// BurnSpan is the span of a session's recent burn: its weighted tokens
// over the last quarter hour.
const BurnSpan = 15 * time.Minute

// WindowBasis says where the window's start was taken from.
type WindowBasis int8

// Window bases.
const (
	// BasisResetsAt ("resets_at"): the 5-hour figure's reset, less 5 hours.
	BasisResetsAt WindowBasis = iota + 1
	// BasisLast5h ("last_5h"): no current 5-hour figure gives a reset:
	// the last 5 hours.
	BasisLast5h
)

var windowBasisNames = [...]string{BasisResetsAt: "resets_at", BasisLast5h: "last_5h"}

var windowBasisEnum = vocab.Enum[WindowBasis]{Names: windowBasisNames[:], What: "window basis"}

// String is the basis's stable text.
func (b WindowBasis) String() string { return windowBasisEnum.Name(b) }

// MarshalText writes the basis's text.
func (b WindowBasis) MarshalText() ([]byte, error) { return windowBasisEnum.Text(b) }

// UnmarshalText reads a basis's text; a text no basis has is an error.
func (b *WindowBasis) UnmarshalText(t []byte) error { return windowBasisEnum.Read(b, t) }

// ModelTokens are a session's tokens of one model class.
type ModelTokens struct {
	Model  ModelClass `json:"model"`
	Tokens Tokens     `json:"tokens"`
}

// SessionShare is one live session's share of the window's local usage:
// coworktop's estimate (Basis), from its transcripts.
type SessionShare struct {
	// Known: a transcript was found; without one the share is unknown,
	// never 0.
	Known bool `json:"known"`
	// Percent is its weighted tokens over all live local sessions' since
	// the window began, 0–100.
	Percent float64 `json:"percent"`
	Units   float64 `json:"weighted_units"`
	Replies int     `json:"replies"`
	Tokens  Tokens  `json:"tokens"`
	// ByModel are its tokens by model class, the largest first.
	ByModel []ModelTokens `json:"by_model,omitempty"`
	// Burn is its weighted tokens over the last BurnSpan, and BurnPercent
	// its share of all local sessions' in that span.
	Burn        float64      `json:"burn_15m_units"`
	BurnPercent float64      `json:"burn_15m_percent"`
	Rank        int          `json:"rank,omitempty"` // 1 for the largest share
	Basis       vocab.Source `json:"basis"`          // always estimated
	BasisText   string       `json:"basis_text"`
	// Text is the share in a cell's words: "62%", "?" when unknown.
	Text string `json:"text"`
}

// Elsewhere is the part of the account's 5-hour percentage that local
// transcripts cannot explain: the meter's rises between two readings
// during which no live local session replied. Web, phone, desktop chat,
// other machines, cloud sessions and sessions already gone spend there.
// Never spread over the local sessions.
type Elsewhere struct {
	Percent float64 `json:"percent"`
	// Local is the part of the meter's rises during which a local session
	// replied.
	Local    float64      `json:"local_percent"`
	Readings int          `json:"readings"`
	Source   Source       `json:"source"`
	Basis    vocab.Source `json:"basis"` // always estimated
	Text     string       `json:"text"`
}

// ShareView is the window's local usage as every output shows it.
type ShareView struct {
	WindowStart time.Time   `json:"window_start"` // in the clock's zone
	WindowBasis WindowBasis `json:"window_basis"`
	// Units is every live local session's weighted tokens since the
	// window began; Sessions how many had a transcript, Unknown how many
	// live sessions had none.
	Units    float64 `json:"weighted_units"`
	Sessions int     `json:"sessions"`
	Unknown  int     `json:"unknown,omitempty"`
	Replies  int     `json:"replies"`
	// Elsewhere is nil when the account's 5-hour percentage is not known.
	Elsewhere *Elsewhere   `json:"elsewhere,omitempty"`
	Weights   string       `json:"weights"`
	Basis     vocab.Source `json:"basis"`
	Label     string       `json:"label"`
	Text      string       `json:"text"`

	bySession map[string]*SessionShare
}

// Of is the share of Claude Code session id, nil when the reading did not
// cover it.
func (v *ShareView) Of(session string) *SessionShare {
	if v == nil {
		return nil
	}
	return v.bySession[session]
}

// Ranked are the known shares, the largest first (for /metrics).
func (v *ShareView) Ranked() []*SessionShare {
	if v == nil {
		return nil
	}
	var out []*SessionShare
	for _, s := range v.bySession {
		if s.Known {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b *SessionShare) int { return a.Rank - b.Rank })
	return out
}

// WindowStart is when the current 5-hour window began: the 5-hour
// figure's reset less 5 hours when it counts and its reset is ahead,
// else now less 5 hours.
func WindowStart(five *Figure, now time.Time) (time.Time, WindowBasis) {
	if five != nil && five.State.Counts() && five.ResetsAt.After(now) {
		if s := five.ResetsAt.Add(-FiveHour.Length()); !s.After(now) {
			return s.In(now.Location()), BasisResetsAt
		}
	}
	return now.Add(-FiveHour.Length()), BasisLast5h
}

// Shares is each live session's share of the window's local usage, from
// the deduplicated rows of the reading: the one computation every output
// shows. five is the 5-hour figure shown (for the window and elsewhere),
// samples the kept readings. Nil when there is no reading.
func Shares(r *UsageReading, rows []Owned, five *Figure, samples []Sample, now time.Time) *ShareView {
	if r == nil {
		return nil
	}
	start, basis := WindowStart(five, now)
	v := &ShareView{WindowStart: start, WindowBasis: basis, Weights: WeightsText, Basis: vocab.SourceEstimated,
		Label: ShareLabel, bySession: map[string]*SessionShare{}}
	shares := make([]*SessionShare, len(r.Sessions))
	for i, s := range r.Sessions {
		shares[i] = &SessionShare{Known: s.Files > 0, Basis: vocab.SourceEstimated}
		v.bySession[s.Session] = shares[i]
		if s.Files == 0 {
			v.Unknown++
		} else {
			v.Sessions++
		}
	}
	burnFrom := now.Add(-BurnSpan)
	var burnAll float64
	byModel := make([]map[ModelClass]*Tokens, len(shares))
	for _, o := range rows {
		if o.At.Before(start) || o.At.After(now) || o.Session >= len(shares) {
			continue
		}
		sh, w := shares[o.Session], o.Weight()
		sh.Units += w
		sh.Replies++
		sh.Tokens.Add(o.Tokens)
		if byModel[o.Session] == nil {
			byModel[o.Session] = map[ModelClass]*Tokens{}
		}
		if byModel[o.Session][o.Model] == nil {
			byModel[o.Session][o.Model] = &Tokens{}
		}
		byModel[o.Session][o.Model].Add(o.Tokens)
		v.Units += w
		v.Replies++
		if !o.At.Before(burnFrom) {
			sh.Burn += w
			burnAll += w
		}
	}
	for i, sh := range shares {
		if v.Units > 0 {
			sh.Percent = 100 * sh.Units / v.Units
		}
		if burnAll > 0 {
			sh.BurnPercent = 100 * sh.Burn / burnAll
		}
		for _, m := range ModelClasses {
			if t := byModel[i][m]; t != nil {
				sh.ByModel = append(sh.ByModel, ModelTokens{m, *t})
			}
		}
		slices.SortStableFunc(sh.ByModel, func(a, b ModelTokens) int { return int(b.Tokens.Total() - a.Tokens.Total()) })
	}
	rankShares(shares)
	v.Elsewhere = elsewhere(rows, five, samples, start, basis, now)
	for _, sh := range shares {
		sh.Text = ShareCell(sh)
		sh.BasisText = ShareBasisText(v)
	}
	v.Text = ShareSummary(v)
	return v
}

// rankShares numbers the known shares, the largest first.
func rankShares(shares []*SessionShare) {
	known := slices.DeleteFunc(slices.Clone(shares), func(s *SessionShare) bool { return !s.Known })
	slices.SortStableFunc(known, func(a, b *SessionShare) int {
		switch {
		case a.Units > b.Units:
			return -1
		case a.Units < b.Units:
			return 1
		}
		return 0
	})
	for i, s := range known {
		s.Rank = i + 1
	}
}

// elsewhere splits the 5-hour meter's rises in the window between those
// during which a local session replied and the rest; nil without two
// points of the figure's source (the window's start counts as 0 % when
// the reset gives it).
func elsewhere(rows []Owned, five *Figure, samples []Sample, start time.Time, basis WindowBasis, now time.Time) *Elsewhere {
	if five == nil || !five.State.Counts() {
		return nil
	}
	var pts []Sample
	if basis == BasisResetsAt {
		pts = append(pts, Sample{At: start})
	}
	for _, s := range samples {
		if s.Window == FiveHour && s.Source == five.Source && s.Absent == Present && !s.At.Before(start) && !s.At.After(now) {
			pts = append(pts, s)
		}
	}
	slices.SortStableFunc(pts, func(a, b Sample) int { return a.At.Compare(b.At) })
	if len(pts) < 2 {
		return nil
	}
	e := &Elsewhere{Readings: len(pts), Source: five.Source, Basis: vocab.SourceEstimated}
	r := 0
	for i := 1; i < len(pts); i++ {
		rise := pts[i].Percent - pts[i-1].Percent
		local := false
		for r < len(rows) && !rows[r].At.After(pts[i].At) {
			local = local || rows[r].At.After(pts[i-1].At)
			r++
		}
		switch {
		case rise <= 0:
		case local:
			e.Local += rise
		default:
			e.Percent += rise
		}
	}
	e.Text = ElsewhereText(e)
	return e
}
