package render

import (
	"fmt"
	"strings"

	"github.com/coworktop/coworktop/governor"
)

// verdict is the one line a person reads first: what happened, in order of
// how much it cost them.
func verdict(r Report, c governor.Counts) string {
	var parts []string
	switch {
	case c.Evictions > 0:
		var causes []string
		add := func(n int, what string) {
			if n > 0 {
				causes = append(causes, fmt.Sprintf("%d %s", n, what))
			}
		}
		add(c.EvictionsWarm, "at the cap for a warm spawn")
		add(c.EvictionsUser, "at the cap for a user spawn")
		add(c.EvictionsPress, "under memory pressure")
		add(c.EvictionsUnknown, "with no cause logged")
		parts = append(parts, fmt.Sprintf("%s evicted (%s)", plural(c.Evictions, "session was", "sessions were"), strings.Join(causes, ", ")))
	case c.Yields > 0:
		parts = append(parts, fmt.Sprintf("no evictions, but %s yielded at the cap", plural(c.Yields, "warm spawn", "warm spawns")))
	case c.PressureWarning+c.PressureCritical > 0:
		parts = append(parts, "no evictions, but the governor reported memory pressure")
	default:
		parts = append(parts, "no evictions, yields or memory pressure in these logs")
	}
	if l := lossVerdict(r); l != "" {
		parts = append(parts, l)
	}
	if rv := restartsVerdict(r.Restarts); rv != "" {
		parts = append(parts, rv)
	}
	parts = append(parts, lifecycleVerdict(r)...)
	if c.PressureCritical > 0 {
		parts = append(parts, fmt.Sprintf("memory pressure reached critical %s", plural(c.PressureCritical, "time", "times")))
	}
	if r.Memory.Samples > 0 && r.Memory.TotalMB > 0 {
		parts = append(parts, fmt.Sprintf("free memory fell to %d MB (%.1f%% of %d MB)",
			r.Memory.MinSysFreeMB, 100*float64(r.Memory.MinSysFreeMB)/float64(r.Memory.TotalMB), r.Memory.TotalMB))
	}
	if r.VM.Failures > 0 {
		parts = append(parts, fmt.Sprintf("the Cowork VM failed %d of %s (last state %s)", r.VM.Failures, plural(max(r.VM.Boots, r.VM.Failures), "boot attempt", "boot attempts"), r.VM.State))
	}
	if r.VM.BundleDeleted > 0 {
		parts = append(parts, governor.VMBundleDeletedText+" ("+r.VM.BundleDeletedText+")")
	}
	if r.VM.BootStalls > 0 {
		parts = append(parts, fmt.Sprintf("the Cowork VM stalled while booting %s", plural(r.VM.BootStalls, "time", "times")))
	}
	if r.RateLimit.Hits > 0 {
		parts = append(parts, plural(r.RateLimit.Hits, "rate-limit or overload signal", "rate-limit or overload signals"))
	}
	return strings.Join(parts, "; ") + "."
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
