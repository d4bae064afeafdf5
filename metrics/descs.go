package metrics

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

var (
	descBuildInfo = newDesc("build_info", "coworktop build: version, commit and Go version (value 1).", "version", "commit", "goversion")

	descSessions        = newDesc("sessions", "Sessions by state as of the scrape (paused and disconnected: those still remembered, bounded).", "state")
	descIdleMax         = newDesc("session_idle_seconds_max", "Longest idle time among live sessions; 0 when none is live.")
	descLive            = newDesc("sessions_live", "Sessions coworktop sees live (working or idle): the count the screen's header and Sessions pane show.")
	descLost            = newDesc("sessions_lost", "Sessions lost in the window read that have not come back (resumed, warmed, started or active again since): the \"N lost\" the screen and snapshot show.")
	descVictimIdle      = newDesc("next_victim_idle_seconds", "Idle time of the next victim (coworktop's estimate: the least recently active unprotected session idle 60 s or more), the one the screen and snapshot name; absent when there is none.")
	descLogAge          = newDesc("log_age_seconds", "Seconds since the newest log line read; over 1200 the log is silent and no session is taken as live.")
	descEffective       = newDesc("sessions_effective", "The governor's own effective count (live sessions plus in-flight spawns) as it last logged it; source=unknown (value 0) when none was logged since the app started.", "source")
	descEffectiveAge    = newDesc("sessions_effective_age_seconds", "Age of the governor's last logged effective count. Absent when none was logged.")
	descCap             = newDesc("session_cap", "The governor's session cap; source=logged once a cap= line was seen, estimated as max(6, floor(RAM/3GiB)). Absent when unknown.", "source")
	descEvictions       = newDesc("evictions_total", "Sessions the governor evicted, by cause (warm or user spawn at the cap, memory pressure), counted from the log.", "cause")
	descYields          = newDesc("yields_total", "Spawns the governor yielded at the cap, counted from the log.")
	descPressureEvents  = newDesc("pressure_events_total", "Memory pressure events the governor logged, by level.", "level")
	descIdleTimeouts    = newDesc("idle_timeouts_total", "Sessions disconnected by their idle timeout, counted from the log.")
	descUnknownLines    = newDesc("governor_unknown_lines_total", "[CliGovernor] lines of no known shape, counted from the log.")
	descSessionsStarted = newDesc("sessions_started_total", "Sessions started, counted from the log.")
	descSessionLosses   = newDesc("session_losses_total",
		"Sessions lost, by cause (governor_cap, governor_pressure, idle_timeout, update_restart, crash, daemon_low_memory, daemon_crash_loop, unknown), counted from the desktop app's, the Cowork VM's and the Claude Code daemon's logs.", "cause")
	descRisk = newDesc("risk",
		"Risks coworktop infers now, by kind (app_stalled, declined_pauses, orphans, vm_after_quit, memory_trend, evict_next, pressure_sweep, update_restart, remote_control_lost, waiting_at_risk): how many are shown, each with its evidence; coworktop's inference, not a figure the app logged.", "kind")
	descUpdatePending = newDesc("update_pending_seconds",
		"How long a downloaded update has waited to install, as of the scrape (from the app's \"Update downloaded\" line, or its own \"Deferring auto-restart after N hours\" count); its restart stops every live session. Absent when none is pending. "+governor.UpdateWhenText+".")
	descUpdateSessions = newDesc("update_restart_sessions",
		"Live sessions a pending update's restart will stop, by whether they have Remote Control (remote_control=\"true\": the relaunch does not turn it back on, so their idle timer pauses them about 15 minutes later). Absent when no update is pending.", "remote_control")
	descRestartSessions = newDesc("last_update_restart_sessions",
		"Sessions the last update restart stopped that coworktop saw live, by what became of them: stopped, back (warmed, resumed, started or active again), not_back, turn_cut (its turn was cut by the quit), remote_control_lost (Remote Control on before, not turned back on after). Absent when the log shows no update restart.", "outcome")
	descRestartAge       = newDesc("last_update_restart_age_seconds", "Seconds since the last update restart the log shows. Absent when none.")
	descGovernorPressure = newDesc("governor_pressure_level",
		"Memory pressure level the governor logged in the last 10 minutes: 0 none or older, 1 normal, 2 warning, 3 critical.")

	descHostTotal     = newDesc("host_memory_total_bytes", "Host physical memory.")
	descHostAvailable = newDesc("host_memory_available_bytes", "Host memory available to new work without swapping.")
	descHostFree      = newDesc("host_memory_free_bytes", "Host memory entirely free.")
	descHostSwapUsed  = newDesc("host_swap_used_bytes", "Host swap in use.")
	descHostSwapTotal = newDesc("host_swap_total_bytes", "Host swap size.")
	descHostPressure  = newDesc("host_pressure_level",
		"Host memory pressure level as sampled: 0 unknown, 1 normal, 2 warning, 3 critical.")

	descVMMemory     = newDesc("vm_configured_memory_bytes", "Memory the Cowork VM was configured with, from the VM logs.")
	descVMState      = newDesc("vm_state", "Cowork VM state as the VM logs describe it (1 for the current state, 0 otherwise).", "state")
	descVMBootStalls = newDesc("vm_boot_stalls_total", "Cowork VM startup steps that started and never completed, counted from the log.")

	descGroupProcesses = newDesc("group_processes", "Processes per engine or app group found by the process scanner.", "group", "kind")
	descGroupRSS       = newDesc("group_resident_memory_bytes", "Resident memory summed over a group's readable processes.", "group", "kind")
	descGroupFootprint = newDesc("group_footprint_memory_bytes", "macOS physical footprint summed over a group's readable processes.", "group", "kind")
	descGroupGuest     = newDesc("group_guest_memory_bytes", "Configured guest memory of a group's VMs, when their arguments say it.", "group", "kind")

	descLinesRead       = newDesc("log_lines_read_total", "Log lines the follower read, over all followed files.")
	descLinesCut        = newDesc("log_lines_cut_total", "Log lines longer than the line cap, cut.")
	descBytesLost       = newDesc("log_bytes_lost_total", "Bytes of log generations that vanished before the follower could read them to their end.")
	descListErrors      = newDesc("log_list_errors_total", "Follower checks at which listing the log folder or opening a generation failed (too many open files, a folder briefly unreadable); every known generation was kept and the check retried.")
	descLinesUnreadable = newDesc("log_lines_unreadable_total", "Log lines that could not be read as entries (orphans before the first timestamp, cut lines).")
	descEntries         = newDesc("log_events_total", "Parsed events applied to the model, from the log.")
	descLogFiles        = newDesc("log_files", "Log files by follower state.", "state")
	descFollowErrors    = newDesc("log_files_failing", "Log files the follower currently cannot follow (an error or unreadable).")
	descLastLineTime    = newDesc("log_last_line_timestamp_seconds", "Wall-clock time the newest log line was read, as a Unix timestamp.")
	descLastLineAge     = newDesc("log_last_line_age_seconds", "Seconds since the newest log line was read, as of the scrape.")
)

// descriptors lists every family collectSnapshot may emit (a pedantic
// registry in the tests checks that nothing undescribed is emitted).
func descriptors() []*desc {
	return append([]*desc{
		descBuildInfo,
		descSessions,
		descIdleMax,
		descLive,
		descLost,
		descVictimIdle,
		descLogAge,
		descEffective,
		descEffectiveAge,
		descCap,
		descEvictions,
		descYields,
		descPressureEvents,
		descIdleTimeouts,
		descUnknownLines,
		descSessionsStarted,
		descSessionLosses,
		descRisk,
		descGovernorPressure,
		descUpdatePending,
		descUpdateSessions,
		descRestartSessions,
		descRestartAge,
		descHostTotal,
		descHostAvailable,
		descHostFree,
		descHostSwapUsed,
		descHostSwapTotal,
		descHostPressure,
		descVMMemory,
		descVMState,
		descVMBootStalls,
		descGroupProcesses,
		descGroupRSS,
		descGroupFootprint,
		descGroupGuest,
		descLinesRead,
		descLinesCut,
		descBytesLost,
		descListErrors,
		descLinesUnreadable,
		descEntries,
		descLogFiles,
		descFollowErrors,
		descLastLineTime,
		descLastLineAge,
	}, append(append(append(quotaDescriptors(), recordsDescriptors()...), memoryDescriptors()...), shareDescriptors()...)...)
}

var (
	sessionStates = []governor.SessionState{governor.StateWorking, governor.StateIdle, governor.StatePaused, governor.StateDisconnected}
	// fileStates are the log_files gauge's state labels: every
	// governor.FileStates, then fileOther.
	fileStates = func() []string {
		var l []string
		for _, s := range event.FileStates {
			l = append(l, s.String())
		}
		return append(l, fileOther)
	}()
)

// fileOther labels a follower state this build does not know.
const fileOther = "other"

// maxGroups bounds the group label set; the signature table has about twenty.
const maxGroups = 32

func knownFileState(s event.FileState) bool { return slices.Contains(event.FileStates, s) }

func sourceLabel(s vocab.Source) string {
	switch s {
	case vocab.SourceLogged, vocab.SourceEstimated:
		return s.String()
	}
	return vocab.SourceUnknown.String()
}

func kindLabel(k host.GroupKind) string {
	switch k {
	case host.GroupCowork, host.GroupClaudeApp, host.GroupSessions, host.GroupCompetitor,
		host.GroupCoworkService, host.GroupOtherCLI:
		return k.String()
	}
	return "other"
}

// groupLabel admits a signature-table key (lower-case letters, digits, '-',
// '_' and '.', at most 32 bytes); anything else becomes "other".
func groupLabel(key string) string {
	if key == "" || len(key) > 32 {
		return "other"
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return "other"
		}
	}
	return key
}

// labelText keeps build labels printable and short (vocab.LabelText).
func labelText(s, fallback string) string {
	s = strings.ReplaceAll(vocab.SanitizeStringWith(s, vocab.LabelText), string(utf8.RuneError), "")
	if s == "" {
		return fallback
	}
	return s
}
