package quota

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/coworktop/coworktop/quota"
)

// RateLimits is the rate_limits object of the JSON Claude Code hands its
// statusLine command (documented: "appears only for Claude.ai subscribers
// (Pro/Max) after the first API response in the session"; each window may
// be absent; behind a Claude apps gateway a spend_limit appears).
// coworktop's statusline state file keeps it as received, with None set
// when a session that had API responses was given no rate_limits at all
// (an API or Enterprise seat: "no plan limits").
type RateLimits struct {
	FiveHour   *RateWindow `json:"five_hour,omitempty"`
	SevenDay   *RateWindow `json:"seven_day,omitempty"`
	SpendLimit *RateWindow `json:"spend_limit,omitempty"`
	None       bool        `json:"none,omitempty"`
}

// RateWindow is one window: used_percentage 0–100 and resets_at in Unix
// seconds.
type RateWindow struct {
	UsedPercentage *float64  `json:"used_percentage,omitempty"`
	ResetsAt       UnixStamp `json:"resets_at,omitzero"`
}

// Empty reports whether the object says nothing: no window carries a
// number and it is not a seat without plan limits.
func (r *RateLimits) Empty() bool {
	return r == nil || (!r.None && r.FiveHour.number() == nil && r.SevenDay.number() == nil && r.SpendLimit.number() == nil)
}

// number is the window's percentage when it is a number at all.
func (w *RateWindow) number() *float64 {
	if w == nil || w.UsedPercentage == nil || math.IsNaN(*w.UsedPercentage) || math.IsInf(*w.UsedPercentage, 0) {
		return nil
	}
	return w.UsedPercentage
}

// percent is the window's percentage when it is plausible (0–100).
func (w *RateWindow) percent() *float64 {
	if p := w.number(); p != nil && quota.PercentValid(*p) {
		return p
	}
	return nil
}

// refused: the window carries a percentage, and it is not plausible.
func (w *RateWindow) refused() bool {
	return w != nil && w.UsedPercentage != nil && w.percent() == nil
}

// Samples turns the windows into readings from src observed at at; a
// percentage outside 0–100 is left out (Refused counts it).
func (r *RateLimits) Samples(src quota.Source, at time.Time) []quota.Sample {
	if r.Empty() {
		return nil
	}
	if r.None {
		return []quota.Sample{
			{Window: quota.FiveHour, Absent: quota.NoPlanLimits, Source: src, At: at},
			{Window: quota.SevenDay, Absent: quota.NoPlanLimits, Source: src, At: at},
		}
	}
	var out []quota.Sample
	for _, w := range []struct {
		win quota.Window
		rw  *RateWindow
	}{{quota.FiveHour, r.FiveHour}, {quota.SevenDay, r.SevenDay}, {quota.Spend, r.SpendLimit}} {
		switch p := w.rw.percent(); {
		case p != nil:
			out = append(out, quota.Sample{Window: w.win, Percent: *p, ResetsAt: w.rw.ResetsAt.Time, Source: src, At: at})
		case w.rw == nil && w.win != quota.Spend:
			// The reading holds other windows and not this one, and does
			// not say why: "not reported", never 0 %.
			out = append(out, quota.Sample{Window: w.win, Absent: quota.NotReported, Source: src, At: at})
		}
	}
	return out
}

// Refused counts the windows whose percentage is outside 0–100.
func (r *RateLimits) Refused() int {
	if r == nil {
		return 0
	}
	n := 0
	for _, w := range []*RateWindow{r.FiveHour, r.SevenDay, r.SpendLimit} {
		if w.refused() {
			n++
		}
	}
	return n
}

// UnixStamp is a time written as Unix seconds (the documented form of
// resets_at). An RFC 3339 string is read too; anything else reads as
// unknown (zero) rather than failing the document.
type UnixStamp struct{ time.Time }

// UnmarshalJSON reads seconds or an RFC 3339 string.
func (u *UnixStamp) UnmarshalJSON(b []byte) error {
	u.Time = time.Time{}
	if f, err := strconv.ParseFloat(string(b), 64); err == nil {
		if f > 0 && f < 1e11 {
			u.Time = time.Unix(int64(f), 0).UTC()
		}
		return nil
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
			u.Time = t.UTC()
		}
	}
	return nil
}

// MarshalJSON writes Unix seconds.
func (u UnixStamp) MarshalJSON() ([]byte, error) {
	return strconv.AppendInt(nil, u.Unix(), 10), nil
}

// StatuslineInput is what coworktop uses of the statusLine JSON: the
// model's name, the session's id and rate_limits (with None set when a
// session that had API responses, cost.total_api_duration_ms above zero,
// was given none: an API or Enterprise seat). Each key is decoded on its
// own, so one of an unexpected type loses only itself.
type StatuslineInput struct {
	SessionID  string
	Model      string // model.display_name, else model.id
	RateLimits *RateLimits
}

// ParseStatuslineInput reads the statusLine JSON. It fails only when data
// is not a JSON object. Objects are read as maps of raw members, never into
// struct types: encoding/json builds a struct type's field table at its
// first use in a process, and the status line is a new process each time
// (that table building was most of its own CPU).
func ParseStatuslineInput(data []byte) (StatuslineInput, error) {
	var in StatuslineInput
	top, err := members(bytes.TrimSpace(data))
	if err != nil {
		return in, fmt.Errorf("statusline input: %w", plainJSONError(err))
	}
	_ = json.Unmarshal(top["session_id"], &in.SessionID)
	if model, err := members(top["model"]); err == nil {
		_ = json.Unmarshal(model["display_name"], &in.Model)
		if in.Model == "" {
			_ = json.Unmarshal(model["id"], &in.Model)
		}
	}
	raw := top["rate_limits"]
	if windows, err := members(raw); err == nil && windows != nil {
		rl := RateLimits{FiveHour: rateWindow(windows["five_hour"]), SevenDay: rateWindow(windows["seven_day"]), SpendLimit: rateWindow(windows["spend_limit"])}
		if !rl.Empty() || rl.Refused() > 0 {
			in.RateLimits = &rl
		}
		return in, nil
	}
	if len(raw) == 0 || string(raw) == "null" {
		var apiMs float64
		if cost, err := members(top["cost"]); err == nil && json.Unmarshal(cost["total_api_duration_ms"], &apiMs) == nil && apiMs > 0 {
			in.RateLimits = &RateLimits{None: true}
		}
	}
	return in, nil
}

// rateWindow decodes one window, nil when it is absent or malformed; a
// percentage outside 0–100 is kept, to be refused and counted.
func rateWindow(raw json.RawMessage) *RateWindow {
	m, err := members(raw)
	if err != nil {
		return nil
	}
	var w RateWindow
	if p, ok := m["used_percentage"]; ok && string(p) != "null" {
		var f float64
		if json.Unmarshal(p, &f) != nil {
			return nil
		}
		w.UsedPercentage = &f
	}
	if r, ok := m["resets_at"]; ok {
		_ = w.ResetsAt.UnmarshalJSON(r)
	}
	if w.number() == nil {
		return nil
	}
	return &w
}

// StatuslineState is coworktop's statusline state file: the rate_limits
// `coworktop statusline` saw, with the time, newest last, bounded.
type StatuslineState struct {
	Version int              `json:"version"`
	Samples []StatuslineSeen `json:"samples"`
	// Account is what ~/.claude.json's cachedUsageUtilization said when
	// the state was last written (quota_account.go): the account's own
	// windows, which say "no 5-hour limit" where the status line cannot.
	Account *AccountSeen `json:"account,omitempty"`
}

// StatuslineSeen is one rate_limits and when it was seen.
type StatuslineSeen struct {
	At         time.Time  `json:"at"`
	RateLimits RateLimits `json:"rate_limits"`
}

// quotaParsed is what a quota file held: its plausible readings, and how
// many were refused as implausible (a percentage outside 0–100).
type quotaParsed struct {
	samples []quota.Sample
	refused int
}

func parseStatuslineState(data []byte) (quotaParsed, error) {
	var p quotaParsed
	st, err := decodeStatuslineState(data)
	if err != nil {
		return p, fmt.Errorf("%s: %w", StatuslineStateName, plainJSONError(err))
	}
	for _, s := range st.Samples {
		if !s.At.IsZero() {
			p.samples = append(p.samples, s.RateLimits.Samples(quota.Statusline, s.At.UTC())...)
			p.refused += s.RateLimits.Refused()
		}
	}
	return p, nil
}

func parseDesktopHistory(data []byte) (quotaParsed, error) {
	var doc struct {
		Samples []struct {
			T   *float64 `json:"t"`
			Org string   `json:"org"`
			U   struct {
				FH *float64 `json:"fh"`
				SD *float64 `json:"sd"`
			} `json:"u"`
		} `json:"samples"`
	}
	var p quotaParsed
	if err := json.Unmarshal(data, &doc); err != nil {
		return p, fmt.Errorf("plan-usage-history.json: %w", plainJSONError(err))
	}
	newest, org := -1.0, ""
	for _, s := range doc.Samples {
		if s.T != nil && *s.T > newest {
			newest, org = *s.T, s.Org
		}
	}
	if newest < 0 {
		if len(doc.Samples) == 0 {
			return p, nil
		}
		return p, errors.New("plan-usage-history.json: no sample has a time")
	}
	for _, s := range doc.Samples {
		if s.T == nil || s.Org != org || *s.T <= 0 || *s.T > maxEpochMs {
			continue
		}
		at := time.UnixMilli(int64(*s.T)).UTC()
		rl := RateLimits{FiveHour: desktopWindow(s.U.FH), SevenDay: desktopWindow(s.U.SD)}
		p.samples = append(p.samples, rl.Samples(quota.Desktop, at)...)
		p.refused += rl.Refused()
	}
	return p, nil
}

// maxEpochMs bounds a time in milliseconds to one time.UnixMilli can hold
// (year 5000); a later one is refused as the clock's future anyway.
const maxEpochMs = 95_617_584_000_000

func desktopWindow(p *float64) *RateWindow {
	if p == nil {
		return nil
	}
	return &RateWindow{UsedPercentage: p}
}
