package render

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// Text for the report's lifecycle parts: each says only what the log
// showed (a zero count adds nothing to a row).

// joinNonEmpty is " · a · b" of the parts that are not empty.
func joinNonEmpty(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p != "" {
			b.WriteString(" · ")
			b.WriteString(p)
		}
	}
	return b.String()
}

func countText(n int, one, many string) string {
	if n == 0 {
		return ""
	}
	return plural(n, one, many)
}

// appVersionText is the app's version and platform, or that no start
// gave them.
func appVersionText(a App) string {
	if a.Version == "" {
		return "version not logged"
	}
	return strings.TrimSpace(a.Version + " on " + a.Platform)
}

func appLifecycleText(a AppLifecycle) string {
	pending := ""
	if a.PendingVersion != "" {
		pending = "update " + a.PendingVersion + " downloaded, not installed"
		if a.PendingSince != "" {
			pending += " (pending since " + a.PendingSince.String() + ")"
		}
	}
	deferred := ""
	if a.UpdateDeferrals > 0 {
		deferred = fmt.Sprintf("update restart deferred %s because Claude was working", plural(a.UpdateDeferrals, "time", "times"))
	}
	restarts := ""
	if a.UpdateRestarts > 0 {
		restarts = fmt.Sprintf("%s (%s)", plural(a.UpdateRestarts, "update restart", "update restarts"), a.stopped)
	}
	renderer := countText(a.RendererGone, "renderer or GPU process lost", "renderer or GPU processes lost")
	if a.RendererOOM > 0 {
		renderer += fmt.Sprintf(" (%d out of memory)", a.RendererOOM)
	}
	if a.AppCrashes > 0 {
		renderer += fmt.Sprintf(" (%s: %s)", plural(a.AppCrashes, "GPU crash", "GPU crashes"), governor.GPUCrashText)
	}
	down := ""
	if a.NotRunningSince != "" {
		down = "not running since " + a.NotRunningSince.String() + " (its last word was a quit)"
	}
	return joinNonEmpty(countText(a.Updates, "version change", "version changes"), pending, deferred, restarts,
		countText(a.Quits, "quit", "quits"), countText(a.Relaunches, "relaunch", "relaunches"),
		countText(a.RelaunchResumes, "relaunch auto-resume", "relaunch auto-resumes"), renderer,
		countText(a.RemoteControlChanges, "Remote Control state change", "Remote Control state changes"),
		countText(a.PTYHostExits, "pty-host worker died", "pty-host worker deaths"),
		countText(a.SecondInstances, "second instance (exited at once; the running app unchanged)", "second instances (exited at once; the running app unchanged)"),
		countText(a.MCPServersGone, "MCP server disconnect", "MCP server disconnects"), down, a.StuckQuitting)
}

// bootsText is the VM's boot attempts and how many failed.
func bootsText(v VM) string {
	if v.Boots == 0 && v.Failures == 0 {
		return ""
	}
	return fmt.Sprintf(" · %s, %d failed", plural(v.Boots, "boot attempt", "boot attempts"), v.Failures)
}

// daemonLine is the Claude Code daemon's row.
func daemonLine(d Daemon) string {
	s := plural(d.Starts, "start", "starts")
	if d.SilentEnds > 0 {
		s += fmt.Sprintf(" (%d after a run that ended with no line)", d.SilentEnds)
	}
	upgrades := ""
	if d.Upgrades > 0 {
		upgrades = plural(d.Upgrades, "upgrade", "upgrades")
		if d.UpgradeTo != "" {
			upgrades += fmt.Sprintf(" (last %s → %s)", d.UpgradeFrom, d.UpgradeTo)
		}
	}
	races := ""
	if d.LockRaces > 0 {
		races = plural(d.LockRaces, "lock race", "lock races") + " (a start gave up)"
		if g, ok := longestGap(d.LockGaps); ok {
			races += fmt.Sprintf(": no daemon line for %s after %s", vocab.FormatDuration(time.Duration(g.GapS)*time.Second), g.At)
		}
	}
	shut := ""
	if d.Shutdowns > 0 {
		shut = "shutdowns: " + causesText(d.ShutdownCauses)
		if d.LiveWorkersAtShutdown > 0 {
			shut += fmt.Sprintf(" (%s live at shutdown)", plural(d.LiveWorkersAtShutdown, "worker", "workers"))
		}
	}
	refused := ""
	if d.Refused > 0 {
		refused = plural(d.Refused, "worker refused after takeover (not brought back)", "workers refused after takeover (not brought back)")
	}
	return s + joinNonEmpty(upgrades, races, shut, plural(d.WorkersLost, "worker lost", "workers lost"), refused,
		countText(d.OrphansReaped, "orphan spare reaped", "orphan spares reaped"), countText(d.LowMemory, "low-memory line", "low-memory lines"),
		countText(d.Killed, "worker "+governor.KilledText, "workers "+governor.KilledText), d.AtRisk)
}

// longestGap is the lock race that left the longest silence.
func longestGap(gaps []LockGap) (LockGap, bool) {
	var best LockGap
	for _, g := range gaps {
		if g.GapS >= best.GapS {
			best = g
		}
	}
	return best, len(gaps) > 0
}

// causesText is "1 upgrade, 2 signal", causes in name order.
func causesText(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d %s", m[k], k))
	}
	return strings.Join(parts, ", ")
}

func sessionEndsText(s SessionEnds) string {
	torn := ""
	if s.TornDownWithTasks > 0 {
		torn = fmt.Sprintf("%s torn down with live background work (%s lost)", plural(s.TornDownWithTasks, "session", "sessions"), plural(s.TasksLost, "task", "tasks"))
	}
	declined := ""
	if s.DeclinedPauses > 0 {
		declined = fmt.Sprintf("%s of declined idle pauses (up to %d in a row)", plural(s.DeclinedPauses, "report", "reports"), s.MaxDeclined)
	}
	return joinNonEmpty(countText(s.Crashed, "crashed (its query error logged)", "crashed (their query errors logged)"), countText(s.Resumed, "resumed", "resumed"),
		countText(s.QueriesDone, "query loop ended", "query loops ended"), torn,
		countText(s.PauseSkipped.RemoteControl, "idle pause skipped for Remote Control", "idle pauses skipped for Remote Control"), declined)
}

func serviceText(s VMService) string {
	if s.Starts+s.Stops == 0 && s.State == "" && s.Warning == "" {
		return ""
	}
	t := fmt.Sprintf(" · VM service: %s, %s", plural(s.Starts, "start", "starts"), plural(s.Stops, "stop", "stops"))
	if s.State != "" {
		t += ", last " + s.State
	}
	if s.Warning != "" {
		t += " (recovery actions not configured: a crashed service stays down until reboot)"
	}
	return t
}

func badStampsText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", %s dated no real day (not trusted)", plural(n, "line", "lines"))
}

// lifecycleVerdict: what else cost the user work, for the verdict.
func lifecycleVerdict(r Report) []string {
	// Sessions lost to an update restart or a crash are counted with the
	// other losses (lossVerdict); these are what else the log shows.
	var parts []string
	if r.Sessions.TornDownWithTasks > 0 {
		parts = append(parts, fmt.Sprintf("%s lost with a session torn down", plural(r.Sessions.TasksLost, "background task was", "background tasks were")))
	}
	if n := r.Sessions.PauseSkipped.RemoteControl; n > 0 && r.App.rcLost > 0 {
		// The exemption did not outlive the restart: never "never reaped".
		parts = append(parts, fmt.Sprintf("Remote Control vetoed %s until the %s update restart turned it off for %s",
			plural(n, "idle pause", "idle pauses"), r.App.rcLostAt, plural(r.App.rcLost, "session", "sessions")))
	} else if n > 0 {
		parts = append(parts, fmt.Sprintf("Remote Control vetoed %s (those sessions are never reaped)", plural(n, "idle pause", "idle pauses")))
	}
	return parts
}
