package sources

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// RateLimits is the rate_limits object of the JSON Claude Code hands its
// statusLine command (documented: "appears only for Claude.ai subscribers
// (Pro/Max) after the first API response in the session"; each window may
// be absent). coworktop's statusline state file keeps it as received.
type RateLimits struct {
	FiveHour *RateWindow `json:"five_hour,omitempty"`
	SevenDay *RateWindow `json:"seven_day,omitempty"`
}

// RateWindow is one window: used_percentage 0–100 and resets_at in Unix
// seconds.
type RateWindow struct {
	UsedPercentage *float64  `json:"used_percentage,omitempty"`
	ResetsAt       UnixStamp `json:"resets_at,omitzero"`
}

// Empty reports whether no window carries a percentage.
func (r *RateLimits) Empty() bool {
	return r == nil || (r.FiveHour.percent() == nil && r.SevenDay.percent() == nil)
}

func (w *RateWindow) percent() *float64 {
	if w == nil || w.UsedPercentage == nil || math.IsNaN(*w.UsedPercentage) || math.IsInf(*w.UsedPercentage, 0) || *w.UsedPercentage < 0 {
		return nil
	}
	return w.UsedPercentage
}

// Samples turns the windows into readings from src observed at at.
func (r *RateLimits) Samples(src governor.QuotaSource, at time.Time) []governor.QuotaSample {
	if r == nil {
		return nil
	}
	var out []governor.QuotaSample
	for _, w := range []struct {
		win governor.QuotaWindow
		rw  *RateWindow
	}{{governor.QuotaFiveHour, r.FiveHour}, {governor.QuotaSevenDay, r.SevenDay}} {
		if p := w.rw.percent(); p != nil {
			out = append(out, governor.QuotaSample{Window: w.win, Percent: *p, ResetsAt: w.rw.ResetsAt.Time, Source: src, At: at})
		}
	}
	return out
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
// model's name, the session's id and rate_limits. Each key is decoded on
// its own, so one of an unexpected type loses only itself.
type StatuslineInput struct {
	SessionID  string
	Model      string // model.display_name, else model.id
	RateLimits *RateLimits
}

// ParseStatuslineInput reads the statusLine JSON. It fails only when data
// is not a JSON object.
func ParseStatuslineInput(data []byte) (StatuslineInput, error) {
	var top struct {
		SessionID  json.RawMessage `json:"session_id"`
		Model      json.RawMessage `json:"model"`
		RateLimits json.RawMessage `json:"rate_limits"`
	}
	var in StatuslineInput
	if err := json.Unmarshal(bytes.TrimSpace(data), &top); err != nil {
		return in, fmt.Errorf("statusline input: %w", err)
	}
	_ = json.Unmarshal(top.SessionID, &in.SessionID)
	var model struct {
		ID          string `json:"id"`
		DisplayName string `json:"display_name"`
	}
	if json.Unmarshal(top.Model, &model) == nil {
		in.Model = model.DisplayName
		if in.Model == "" {
			in.Model = model.ID
		}
	}
	var windows struct {
		FiveHour json.RawMessage `json:"five_hour"`
		SevenDay json.RawMessage `json:"seven_day"`
	}
	if json.Unmarshal(top.RateLimits, &windows) == nil {
		rl := RateLimits{FiveHour: rateWindow(windows.FiveHour), SevenDay: rateWindow(windows.SevenDay)}
		if !rl.Empty() {
			in.RateLimits = &rl
		}
	}
	return in, nil
}

// rateWindow decodes one window, nil when it is absent or malformed.
func rateWindow(raw json.RawMessage) *RateWindow {
	var w RateWindow
	if len(raw) == 0 || json.Unmarshal(raw, &w) != nil || w.percent() == nil {
		return nil
	}
	return &w
}

// StatuslineState is coworktop's statusline state file: the rate_limits
// `coworktop statusline` saw, with the time, newest last, bounded.
type StatuslineState struct {
	Version int              `json:"version"`
	Samples []StatuslineSeen `json:"samples"`
}

// StatuslineSeen is one rate_limits and when it was seen.
type StatuslineSeen struct {
	At         time.Time  `json:"at"`
	RateLimits RateLimits `json:"rate_limits"`
}

// ParseStatuslineState reads coworktop's statusline state file.
func ParseStatuslineState(data []byte) ([]governor.QuotaSample, error) {
	var st StatuslineState
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("statusline state: %w", err)
	}
	var out []governor.QuotaSample
	for _, s := range st.Samples {
		if !s.At.IsZero() {
			out = append(out, s.RateLimits.Samples(governor.QuotaStatusline, s.At.UTC())...)
		}
	}
	return out, nil
}

// ParseDesktopHistory reads the desktop app's plan-usage-history.json:
// {"version":2,"samples":[{"t":<epoch ms>,"org":"…","u":{"fh":12,"sd":37}}]}.
// Several orgs may interleave: the org of the newest sample by t is the one
// shown, and only its samples are returned (the org itself never leaves
// this function). It has no reset times.
func ParseDesktopHistory(data []byte) ([]governor.QuotaSample, error) {
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
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("plan-usage-history.json: %w", err)
	}
	newest, org := -1.0, ""
	for _, s := range doc.Samples {
		if s.T != nil && *s.T > newest {
			newest, org = *s.T, s.Org
		}
	}
	if newest < 0 {
		if len(doc.Samples) == 0 {
			return nil, nil
		}
		return nil, errors.New("plan-usage-history.json: no sample has a time")
	}
	var out []governor.QuotaSample
	for _, s := range doc.Samples {
		if s.T == nil || s.Org != org || *s.T <= 0 {
			continue
		}
		at := time.UnixMilli(int64(*s.T)).UTC()
		rl := RateLimits{FiveHour: &RateWindow{UsedPercentage: s.U.FH}, SevenDay: &RateWindow{UsedPercentage: s.U.SD}}
		out = append(out, rl.Samples(governor.QuotaDesktop, at)...)
	}
	return out, nil
}

// ParseClaudeJSONQuota reads the cachedUsageUtilization key of
// ~/.claude.json, and nothing else of it: the file holds the account's
// details, which are decoded into no field.
func ParseClaudeJSONQuota(data []byte) ([]governor.QuotaSample, error) {
	type window struct {
		Utilization *float64 `json:"utilization"`
		ResetsAt    string   `json:"resets_at"`
	}
	var doc struct {
		Cached *struct {
			FetchedAtMs *float64 `json:"fetchedAtMs"`
			Utilization struct {
				FiveHour *window `json:"five_hour"`
				SevenDay *window `json:"seven_day"`
			} `json:"utilization"`
		} `json:"cachedUsageUtilization"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf(".claude.json: %w", err)
	}
	c := doc.Cached
	if c == nil {
		return nil, nil
	}
	if c.FetchedAtMs == nil || *c.FetchedAtMs <= 0 {
		return nil, errors.New(".claude.json: cachedUsageUtilization has no fetchedAtMs")
	}
	at := time.UnixMilli(int64(*c.FetchedAtMs)).UTC()
	conv := func(w *window) *RateWindow {
		if w == nil {
			return nil
		}
		rw := &RateWindow{UsedPercentage: w.Utilization}
		if t, err := time.Parse(time.RFC3339Nano, w.ResetsAt); err == nil {
			rw.ResetsAt.Time = t.UTC()
		}
		return rw
	}
	rl := RateLimits{FiveHour: conv(c.Utilization.FiveHour), SevenDay: conv(c.Utilization.SevenDay)}
	return rl.Samples(governor.QuotaCache, at), nil
}
