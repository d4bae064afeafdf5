package quota

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"time"

	"github.com/coworktop/coworktop/quota"
)

// ModLimitsName is the file coworktop's mod inside Claude Code writes in
// coworktop's cache folder: the rate limits the last reply of any Claude
// Code session brought (session.measure), with its session and time. The
// last session to get a reply wins; the file holds one reading.
const ModLimitsName = "mod-limits.json"

// MaxModLimits bounds the mod's file (it is a few hundred bytes).
const MaxModLimits = 64 << 10

// ModLimitsPath is the mod's limits file in coworktop's cache folder; ""
// when the OS gives no cache folder.
func ModLimitsPath(env QuotaEnv) string {
	if env.CacheDir == "" {
		return ""
	}
	return filepath.Join(env.CacheDir, "coworktop", ModLimitsName)
}

// modLimits is the mod's file: {"v":1, "sessionId", "at" (RFC 3339),
// "rateLimits": [{"kind":"five_hour","percentUsed":42,"resetsAt":"<RFC 3339>"}]}
// as Claude Code's session.measure hands them (percent 0–100).
type modLimits struct {
	At         time.Time    `json:"at"`
	SessionID  string       `json:"sessionId"`
	RateLimits []modLimitIn `json:"rateLimits"`
}

type modLimitIn struct {
	Kind        string          `json:"kind"`
	PercentUsed json.RawMessage `json:"percentUsed"`
	ResetsAt    UnixStamp       `json:"resetsAt"`
}

// parseModLimits reads the mod's file into readings of the Mod source. The
// mod writes it in place (Claude Code's $.fs.write does not rename), so a
// file caught half written fails here and is read again at the next look.
// A window of a kind coworktop does not know is left out.
func parseModLimits(data []byte) (quotaParsed, error) {
	var m modLimits
	if err := json.Unmarshal(bytes.TrimSpace(data), &m); err != nil {
		return quotaParsed{}, fmt.Errorf("%s: %w", ModLimitsName, plainJSONError(err))
	}
	if m.At.IsZero() || len(m.RateLimits) == 0 {
		return quotaParsed{}, nil
	}
	var rl RateLimits
	for _, w := range m.RateLimits {
		rw := rateWindow(modWindowJSON(w))
		switch w.Kind {
		case "five_hour":
			rl.FiveHour = rw
		case "seven_day":
			rl.SevenDay = rw
		}
	}
	return quotaParsed{samples: rl.Samples(quota.Mod, m.At.UTC().Truncate(time.Second)), refused: rl.Refused()}, nil
}

// modWindowJSON is the mod's window as the statusline's JSON has it, so
// one decoder checks both.
func modWindowJSON(w modLimitIn) json.RawMessage {
	if len(w.PercentUsed) == 0 {
		return nil
	}
	reset := []byte("null")
	if !w.ResetsAt.IsZero() {
		reset = []byte(fmt.Sprint(w.ResetsAt.Unix()))
	}
	return json.RawMessage(fmt.Sprintf(`{"used_percentage":%s,"resets_at":%s}`, w.PercentUsed, reset))
}
