package quota

import (
	"math"
	"testing"
	"time"

	"github.com/coworktop/coworktop/quota"
)

// FuzzQuotaParsers: no input makes a quota parser panic, or yield a reading
// with no time or a percentage outside 0–100 (NaN and infinities too).
func FuzzQuotaParsers(f *testing.F) {
	for _, name := range []string{"statusline-input.json", "statusline-input-no-limits.json", "statusline-input-five-hour-only.json", "plan-usage-history.json", "claude.json",
		"claude-ultra.json", "statusline-input-ultra.json", "statusline-input-api-seat.json", "statusline-input-gateway.json"} {
		f.Add(readQuotaFixtureF(f, name))
	}
	f.Add([]byte(`{"rate_limits":{"five_hour":{"used_percentage":1e309,"resets_at":-1}}}`))
	f.Add([]byte(`{"samples":[{"t":-5,"u":{"fh":-1}},{"t":1e30,"u":{"sd":"x"}}]}`))
	f.Add([]byte(`{"cachedUsageUtilization":{"fetchedAtMs":1e300,"utilization":{"five_hour":{"utilization":null,"resets_at":7}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		check := func(samples []quota.Sample) {
			for _, s := range samples {
				if s.At.IsZero() || math.IsNaN(s.Percent) || math.IsInf(s.Percent, 0) || s.Percent < 0 || s.Percent > 100 {
					t.Fatalf("reading %+v from %q", s, data)
				}
			}
		}
		if in, err := ParseStatuslineInput(data); err == nil {
			check(in.RateLimits.Samples(quota.Statusline, time.Unix(1, 0)))
		}
		for _, parse := range []func([]byte) ([]quota.Sample, error){ParseDesktopHistory, ParseClaudeJSONQuota, ParseStatuslineState} {
			if s, err := parse(data); err == nil {
				check(s)
			}
		}
	})
}

func readQuotaFixtureF(f *testing.F, name string) []byte {
	f.Helper()
	b, err := readFixtureBytes(name)
	if err != nil {
		f.Fatal(err)
	}
	return b
}
