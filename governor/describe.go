package governor

import (
	"fmt"
	"strings"
	"time"
)

// Describe is a one-line human summary of an event, built only from parsed
// (already sanitised) fields.
func Describe(e Event) string {
	det := e.Details()
	id := ShortID(e.Session)
	switch e.Kind {
	case KindAcquire:
		return fmt.Sprintf("governor: acquire(%s) effective %d/%d", e.ReasonText(), e.Effective, e.Cap)
	case KindAtCap:
		verb := "would evict"
		if e.Verb == VerbEvicting {
			verb = "EVICTING"
		}
		return fmt.Sprintf("governor: at cap %d, %s %s (idle %ds) for %s spawn", e.Cap, verb, id, e.IdleS, e.ReasonText())
	case KindYield:
		return fmt.Sprintf("governor: at cap, yielding %s spawn", e.ReasonText())
	case KindPressure:
		return fmt.Sprintf("governor: memory pressure %s, would evict %d, %d effective", e.PressureText(), e.Count, e.Effective)
	case KindPressureEvict:
		return fmt.Sprintf("governor: PRESSURE EVICTING %s (idle %ds)", id, e.IdleS)
	case KindRatioFailed:
		return "governor: getFreeMemoryRatio failed; pressure treated as clear"
	case KindGovernorUnknown:
		return "governor (unknown shape): " + e.Text
	case KindSessionStart:
		return fmt.Sprintf("session %s started in %s", id, projectName(e.Cwd))
	case KindFocus:
		return fmt.Sprintf("session %s focused", id)
	case KindWarming:
		return fmt.Sprintf("session %s warming", id)
	case KindIdleTimer:
		return fmt.Sprintf("session %s idle timer armed: %ds (%s)", id, e.TimeoutS, e.Lifecycle)
	case KindIdleTimeout:
		return fmt.Sprintf("session %s idle timeout reached, disconnecting (%s)", id, e.Lifecycle)
	case KindPause:
		return fmt.Sprintf("session %s paused (%s)", id, e.ReasonText())
	case KindPauseSkipped:
		if e.Reason == ReasonRemoteControl {
			return fmt.Sprintf("session %s idle pause skipped: Remote Control active (%s bridge)", id, det.Bridge)
		}
		return "pause skipped: " + e.Text
	case KindPauseDeclined:
		return fmt.Sprintf("session %s has declined %d idle pauses in a row: its process is not reaped", id, e.Count)
	case KindCrash:
		return fmt.Sprintf("session %s CRASHED: process %s", id, Crash{Signal: det.Signal, ExitCode: det.ExitCode}.crashText())
	case KindQueryDone:
		return fmt.Sprintf("session %s query ended", id)
	case KindResume:
		return fmt.Sprintf("session %s resumed", id)
	case KindTornDown:
		return fmt.Sprintf("session %s torn down: %d background task(s) lost", id, e.Count)
	case KindAppUpdated:
		return fmt.Sprintf("app updated: %s → %s", det.From, det.To)
	case KindUpdateReady:
		return fmt.Sprintf("app update %s downloaded, waiting to install", det.Version)
	case KindUpdateRestart:
		if det.PendingS > 0 {
			return fmt.Sprintf("app RESTARTING TO UPDATE after %s pending: every session stops", FormatDuration(time.Duration(det.PendingS)*time.Second))
		}
		return "app RESTARTING TO UPDATE: every session stops"
	case KindUpdateDeferred, KindUpdateStaged, KindSecondInstance, KindRestartMarker, KindPTYKill, KindPTYHostExit, KindMCPGone:
		return describeRestart(e)
	case KindVMNote, KindServiceWarning:
		return "vm: " + e.Text
	case KindRelaunch:
		return "app relaunched after an update"
	case KindRelaunchResume:
		return fmt.Sprintf("app relaunch: warmed %d of %d eligible session(s) (%d marked)", e.Count, det.Eligible, det.Marked)
	case KindRemoteState:
		return "remote control: " + e.Text
	case KindServiceStart:
		return "vm service starting"
	case KindServiceReady:
		return "vm service ready"
	case KindServiceStop:
		return "vm service stopped"
	case KindDaemonStart, KindDaemonShutdown, KindDaemonAdopt, KindDaemonSpawn, KindDaemonSettled, KindDaemonRetire, KindDaemonLowMemory,
		KindDaemonUpgrade, KindDaemonLockRace, KindDaemonReap, KindDaemonPrewarm, KindDaemonSpare:
		return describeDaemon(e)
	case KindHeartbeat:
		return "app heartbeat ([ScheduledTasks])"
	case KindRemoteControl:
		return fmt.Sprintf("session %s remote control enabled", id)
	case KindTurnEnd:
		return fmt.Sprintf("session %s turn ended", id)
	case KindCycleHealth:
		h := "unhealthy"
		if e.Health == HealthGood {
			h = "healthy"
		}
		if e.Text != "" {
			return fmt.Sprintf("session %s %s: %s", id, e.ReasonText(), e.Text)
		}
		return fmt.Sprintf("session %s %s cycle (%ds)", id, h, e.DurationMs/1000)
	case KindStopAll:
		return fmt.Sprintf("app quitting: stopping %d session(s)", e.Count)
	case KindAppStart:
		return fmt.Sprintf("app started: %s %s %s", det.Version, det.Platform, det.Arch)
	case KindAppQuit:
		return "app quitting"
	case KindMemorySample:
		if m := e.Memory; m != nil {
			return fmt.Sprintf("memory: %d/%d MB free, tree %d MB, %d children", m.SysFreeMB, m.TotalMB, m.TreeRSSMB, m.ChildCount)
		}
	case KindStall:
		return fmt.Sprintf("app main process blocked for %d ms", e.DurationMs)
	case KindRendererGone:
		if e.ReasonText() != "" {
			return fmt.Sprintf("%s (%s): %s", e.Kind, e.ReasonText(), e.Text)
		}
		return e.Kind.String() + ": " + e.Text
	case KindUnresponsive, KindRateLimit, KindVMFailed:
		return e.Kind.String() + ": " + e.Text
	case KindVMBoot:
		return "vm: boot attempt"
	case KindVMConfig:
		return vmConfigText(e)
	case KindVMStep:
		if e.DurationMs > 0 {
			return fmt.Sprintf("vm: %s %s (%d ms)", det.Step, det.Phase, e.DurationMs)
		}
		return fmt.Sprintf("vm: %s %s", det.Step, det.Phase)
	case KindVMReady:
		return "vm: started"
	}
	return e.Kind.String()
}

// vmConfigText names only what was logged: a CPU count of "auto" or a line
// without one is not "cpus=0".
func vmConfigText(e Event) string {
	det := e.Details()
	parts := []string{"vm: config"}
	if det.CPUs > 0 {
		parts = append(parts, fmt.Sprintf("cpus=%d", det.CPUs))
	}
	switch {
	case det.MemoryMB > 0:
		parts = append(parts, fmt.Sprintf("memory=%dMB", det.MemoryMB))
	case det.MemoryGB > 0:
		parts = append(parts, fmt.Sprintf("memory=%dGB", det.MemoryGB))
	}
	if len(parts) == 1 {
		parts = append(parts, "(no figure logged)")
	}
	return strings.Join(parts, " ")
}

// The wording below is the one place facts and estimates are labelled: the
// screen, report and snapshot all call it, so a figure reads the same
// wherever it is shown.

// IdleText is an eviction's idle time: as logged, "~6m55s (est.)" when it is
// coworktop's estimate from the last activity line, "?" when nobody knows.
func IdleText(idleS int, src Source) string {
	d := FormatDuration(time.Duration(idleS) * time.Second)
	switch src {
	case SourceLogged:
		return d
	case SourceEstimated:
		return "~" + d + " (est.)"
	}
	return "?"
}

// Text is why a session was evicted, in words, the same in the TUI,
// report and notifications ("at cap, warm spawn"); String is its name.
func (c Cause) Text() string {
	switch c {
	case CauseWarm, CauseUser:
		return "at cap, " + c.String() + " spawn"
	case CausePressure:
		return "memory pressure"
	case CauseIdleTimeout:
		return "idle timeout"
	}
	return "cause not logged"
}

// OutcomeWhat names an outcome in a list of governor actions.
func OutcomeWhat(o Outcome) string {
	switch {
	case o.Eviction:
		return "EVICTED"
	case o.Kind == KindAtCap:
		return "would evict"
	case o.Kind == KindYield:
		return "yield"
	case o.Kind == KindPressure:
		return "pressure"
	case o.Kind == KindIdleTimeout:
		return "idle timeout"
	}
	return o.Kind.String()
}

// OutcomeCause says why, for any outcome, in words; an eviction's cause
// reads as Cause.Text does in report.
func OutcomeCause(o Outcome) string {
	switch {
	case o.Kind == KindPressure:
		return "memory pressure (" + o.CauseName() + ")"
	case o.Kind == KindYield:
		return "at cap, " + o.CauseName() + " spawn refused"
	}
	return o.Cause.Text()
}

// CapText is the cap with its source: "8 (logged)", "~8 (est.)", "?".
func CapText(c CapView) string {
	switch {
	case c.Value == 0:
		return "?"
	case c.Source == SourceLogged:
		return fmt.Sprintf("%d (logged)", c.Value)
	}
	return fmt.Sprintf("~%d (est.)", c.Value)
}

// EffectiveText is the governor's last logged count with its age:
// "governor 9 effective, 12s ago", or that none was logged.
func EffectiveText(e EffectiveView) string {
	if e.Source != SourceLogged {
		return "governor effective not logged yet"
	}
	return fmt.Sprintf("governor %d effective, %s ago", e.Value, FormatDuration(e.Age))
}

// SessionsText is the whole session count in one line, as snapshot prints
// it: "8 live / cap 8 (logged) · governor 9 effective, 12s ago".
func SessionsText(s Snapshot) string {
	capText := CapText(s.Cap)
	if s.Cap.Source == SourceLogged && !s.Cap.At.IsZero() {
		capText = fmt.Sprintf("%d (logged %s ago)", s.Cap.Value, FormatDuration(s.Cap.Age))
	}
	eff := EffectiveText(s.Effective)
	if s.Stale {
		eff = "no governor count: the log is silent"
	}
	return fmt.Sprintf("%d live / cap %s · %s", s.Live, capText, eff)
}

// describeRestart is Describe for the lines around an update restart.
func describeRestart(e Event) string {
	det := e.Details()
	switch e.Kind {
	case KindUpdateDeferred:
		return fmt.Sprintf("app deferred its update restart (%s pending): %s", FormatDuration(time.Duration(det.PendingS)*time.Second), e.Text)
	case KindUpdateStaged:
		return fmt.Sprintf("app update %s staged, waiting to install", det.Version)
	case KindSecondInstance:
		return "a second copy of the app started and exited: " + e.Text
	case KindRestartMarker:
		return "app came back after an update restart"
	case KindPTYKill:
		return fmt.Sprintf("app quitting: killing %d session terminal(s)", e.Count)
	case KindPTYHostExit:
		code := ""
		if det.ExitCode != nil {
			code = fmt.Sprintf(" (exit %d)", *det.ExitCode)
		}
		return fmt.Sprintf("pty-host worker died%s holding %d session terminal(s)", code, e.Count)
	case KindMCPGone:
		return "mcp server gone: " + e.Text
	}
	return e.Kind.String()
}
