package quota

import (
	"time"

	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/vocab"
)

// The status line reads its own state file and its stdin, and nothing
// else on its hot path. Claude Code's status-line JSON cannot say why a
// window is missing (Ultra has no 5-hour limit; the JSON just leaves it
// out), while the account's own list of windows in ~/.claude.json can.
// So when `coworktop statusline` writes its state (the figures changed),
// it also notes what that key says, read again only when the file's size
// or time changed since the last note, and looked at (a stat) at most
// every accountEvery: every call then words the quota from the same
// readings as the other outputs, and a large ~/.claude.json that Claude
// Code rewrites often costs one walk in ten minutes, not one per message.

// accountEvery is how often the note is checked against the file: the
// plan's windows change rarely, and the key is often days old anyway.
const accountEvery = 10 * time.Minute

// AccountSeen is ~/.claude.json's quota readings as of a size and
// modification time of the file.
type AccountSeen struct {
	Size    int64     `json:"size"`
	Mod     time.Time `json:"mod"`
	Checked time.Time `json:"checked"` // when the file was last looked at

	Readings []AccountEntry `json:"readings,omitempty"`
}

// AccountEntry is one reading of the account's cached usage.
type AccountEntry struct {
	Window   quota.Window `json:"window"`
	Scope    string       `json:"scope,omitempty"`
	Percent  *float64     `json:"percent,omitempty"`
	NoLimit  bool         `json:"no_limit,omitempty"`
	ResetsAt UnixStamp    `json:"resets_at,omitzero"`
	At       time.Time    `json:"at"`
}

// noteAccount refreshes seen from the file at path when accountEvery has
// passed since it was checked and the file's size or time changed (or seen
// is nil); a file that is missing or cannot be read leaves no note.
func noteAccount(seen *AccountSeen, path string, now time.Time) *AccountSeen {
	if path == "" {
		return nil
	}
	if seen != nil && now.Sub(seen.Checked) < accountEvery && !now.Before(seen.Checked) {
		return seen
	}
	st, err := statQuotaFile(path, MaxClaudeJSON)
	if err != nil {
		return nil
	}
	if seen != nil && seen.Size == st.size && seen.Mod.Equal(st.mod) {
		seen.Checked = now.UTC()
		return seen
	}
	p, err := readQuotaFile(path, MaxClaudeJSON, parseClaudeJSON)
	if err != nil {
		return nil
	}
	out := &AccountSeen{Size: st.size, Mod: st.mod.UTC(), Checked: now.UTC()}
	for _, s := range p.samples {
		e := AccountEntry{Window: s.Window, Scope: s.Scope, NoLimit: s.Absent == quota.NoLimit, At: s.At}
		e.ResetsAt.Time = s.ResetsAt
		if s.Absent == quota.Present {
			pct := s.Percent
			e.Percent = &pct
		}
		out.Readings = append(out.Readings, e)
	}
	return out
}

// samples are the note's readings, as the cache source's; only plausible
// ones (the state file is a file like any other).
func (a *AccountSeen) samples() []quota.Sample {
	if a == nil {
		return nil
	}
	var out []quota.Sample
	for _, e := range a.Readings {
		s := quota.Sample{Window: e.Window, Scope: vocab.SanitizeString(e.Scope, 40), ResetsAt: e.ResetsAt.Time,
			Source: quota.Cache, At: e.At}
		switch {
		case e.NoLimit:
			s.Absent = quota.NoLimit
		case e.Percent != nil && quota.PercentValid(*e.Percent):
			s.Percent = *e.Percent
		default:
			continue
		}
		if s.Window != quota.WindowNone && !s.At.IsZero() {
			out = append(out, s)
		}
	}
	return out
}
