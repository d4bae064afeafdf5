package quota

import (
	"bytes"
	"time"

	"github.com/coworktop/coworktop/quota"
)

// The parsers and the recorder on their own, for the tests: the program
// reads the files through QuotaReader and records through
// StatuslineReadings.

// ParseStatuslineState reads coworktop's statusline state file.
func ParseStatuslineState(data []byte) ([]quota.Sample, error) {
	p, err := parseStatuslineState(data)
	return p.samples, err
}

// ParseDesktopHistory reads the desktop app's plan-usage-history.json:
// {"version":2,"samples":[{"t":<epoch ms>,"org":"…","u":{"fh":12,"sd":37}}]}.
// Several orgs may interleave: the org of the newest sample by t is the one
// shown, and only its samples are returned (the org itself never leaves
// this function). It has no reset times.
func ParseDesktopHistory(data []byte) ([]quota.Sample, error) {
	p, err := parseDesktopHistory(data)
	return p.samples, err
}

// ParseClaudeJSONQuota reads the cachedUsageUtilization key of
// ~/.claude.json, and nothing else of it: the file holds the account's
// details, which are decoded into no field.
func ParseClaudeJSONQuota(data []byte) ([]quota.Sample, error) {
	p, err := parseClaudeJSON(bytes.NewReader(data))
	return p.samples, err
}

// RecordStatusline adds what `coworktop statusline` saw at now to the
// state file at path, atomically: a temporary file in the same folder,
// renamed over the old one, so a reader sees the old file or the new one,
// never half of one. A state file that cannot be read is started afresh.
// Two status lines writing at once may lose one reading, never the file.
func RecordStatusline(path string, rl *RateLimits, now time.Time) error {
	_, err := recordStatusline(path, "", rl, now)
	return err
}
