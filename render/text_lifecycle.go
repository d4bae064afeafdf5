package render

import (
	"fmt"
	"strings"
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

func appLifecycleText(a AppLifecycle) string {
	pending := ""
	if a.PendingVersion != "" {
		pending = "update " + a.PendingVersion + " downloaded, not installed"
	}
	restarts := ""
	if a.UpdateRestarts > 0 {
		restarts = fmt.Sprintf("%s (%s stopped)", plural(a.UpdateRestarts, "update restart", "update restarts"), plural(a.LostToUpdate, "session", "sessions"))
	}
	renderer := countText(a.RendererGone, "renderer or GPU process lost", "renderer or GPU processes lost")
	if a.RendererOOM > 0 {
		renderer += fmt.Sprintf(" (%d out of memory)", a.RendererOOM)
	}
	return joinNonEmpty(countText(a.Updates, "version change", "version changes"), pending, restarts,
		countText(a.Quits, "quit", "quits"), countText(a.RelaunchResumes, "relaunch auto-resume", "relaunch auto-resumes"), renderer,
		countText(a.RemoteControlChanges, "Remote Control state change", "Remote Control state changes"))
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
	if s.Starts+s.Stops == 0 {
		return ""
	}
	return fmt.Sprintf(" · VM service: %s, %s", plural(s.Starts, "start", "starts"), plural(s.Stops, "stop", "stops"))
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
	if n := r.Sessions.PauseSkipped.RemoteControl; n > 0 {
		parts = append(parts, fmt.Sprintf("Remote Control vetoed %s (those sessions are never reaped)", plural(n, "idle pause", "idle pauses")))
	}
	return parts
}
