package quota

import (
	"encoding/json"
	"fmt"
)

// The status line's own files (the state file, statusline-log.json) are
// read member by member, as ParseStatuslineInput reads its input: every
// `coworktop statusline` is a new process, and encoding/json builds a
// struct type's field table (and each field's encoder) at its first use
// in a process, which was 0.36 M of the status line's 0.84 M instructions
// over a bare start. Each member is decoded by json.Unmarshal into the
// field the struct decode filled, so a value reads alike either way; what
// differs is only that keys match exactly (the files are coworktop's own,
// written with these keys), where the struct decode also took another
// case. A member that does not decode fails the whole document, as before.

// member is one key of a JSON object and where its value goes.
type member struct {
	key string
	dst any
}

// decodeMembers decodes raw's members named in ms. present is false for
// null (the destinations are left alone, as a struct decode leaves a
// struct); anything but an object or null is an error.
func decodeMembers(raw []byte, ms ...member) (present bool, err error) {
	m, err := members(raw)
	if err != nil || m == nil {
		return false, err
	}
	for _, f := range ms {
		if v, ok := m[f.key]; ok {
			if err := json.Unmarshal(v, f.dst); err != nil {
				return true, fmt.Errorf("%s: %w", f.key, err)
			}
		}
	}
	return true, nil
}

// decodeList decodes a JSON array (nil for null or absent) element by
// element with one.
func decodeList[T any](raw json.RawMessage, one func(json.RawMessage) (T, error)) ([]T, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || items == nil {
		return nil, err
	}
	out := make([]T, 0, len(items))
	for _, it := range items {
		v, err := one(it)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// decodeStatuslineLog reads statusline-log.json.
func decodeStatuslineLog(data []byte) (StatuslineLog, error) {
	var l StatuslineLog
	_, err := decodeMembers(data,
		member{"version", &l.Version}, member{"checked", &l.Checked}, member{"override", &l.Override},
		member{"folder", &l.Folder}, member{"found", &l.Found}, member{"log_size", &l.LogSize},
		member{"log_mod", &l.LogMod}, member{"effective", &l.Effective}, member{"effective_at", &l.EffectiveAt},
		member{"cap", &l.Cap})
	return l, err
}

// decodeStatuslineState reads the statusline state file.
func decodeStatuslineState(data []byte) (StatuslineState, error) {
	var st StatuslineState
	var samples, account json.RawMessage
	if _, err := decodeMembers(data, member{"version", &st.Version}, member{"samples", &samples},
		member{"account", &account}); err != nil {
		return st, err
	}
	var err error
	if st.Samples, err = decodeList(samples, decodeSeen); err != nil {
		return st, err
	}
	st.Account, err = decodeAccount(account)
	return st, err
}

func decodeSeen(raw json.RawMessage) (StatuslineSeen, error) {
	var s StatuslineSeen
	var rl json.RawMessage
	if _, err := decodeMembers(raw, member{"at", &s.At}, member{"rate_limits", &rl}); err != nil || len(rl) == 0 {
		return s, err
	}
	var five, seven, spend json.RawMessage
	if _, err := decodeMembers(rl, member{"five_hour", &five}, member{"seven_day", &seven},
		member{"spend_limit", &spend}, member{"none", &s.RateLimits.None}); err != nil {
		return s, err
	}
	var err error
	for _, w := range []struct {
		raw json.RawMessage
		dst **RateWindow
	}{{five, &s.RateLimits.FiveHour}, {seven, &s.RateLimits.SevenDay}, {spend, &s.RateLimits.SpendLimit}} {
		if *w.dst, err = decodeWindow(w.raw); err != nil {
			return s, err
		}
	}
	return s, nil
}

// decodeWindow reads a kept window: nil when absent or null.
func decodeWindow(raw json.RawMessage) (*RateWindow, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var w RateWindow
	present, err := decodeMembers(raw, member{"used_percentage", &w.UsedPercentage}, member{"resets_at", &w.ResetsAt})
	if err != nil || !present {
		return nil, err
	}
	return &w, nil
}

// decodeAccount reads the account note: nil when absent or null.
func decodeAccount(raw json.RawMessage) (*AccountSeen, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var a AccountSeen
	var readings json.RawMessage
	present, err := decodeMembers(raw, member{"size", &a.Size}, member{"mod", &a.Mod}, member{"checked", &a.Checked},
		member{"readings", &readings})
	if err != nil || !present {
		return nil, err
	}
	a.Readings, err = decodeList(readings, func(raw json.RawMessage) (AccountEntry, error) {
		var e AccountEntry
		_, err := decodeMembers(raw, member{"window", &e.Window}, member{"scope", &e.Scope}, member{"percent", &e.Percent},
			member{"no_limit", &e.NoLimit}, member{"resets_at", &e.ResetsAt}, member{"at", &e.At})
		return e, err
	})
	if err != nil {
		return nil, err
	}
	return &a, nil
}
