package governor

import "fmt"

// Describe is a one-line human summary of an event, built only from parsed
// (already sanitised) fields.
func Describe(e Event) string {
	id := ShortID(e.Session)
	switch e.Kind {
	case KindAcquire:
		return fmt.Sprintf("governor: acquire(%s) effective %d/%d", e.Reason, e.Effective, e.Cap)
	case KindAtCap:
		verb := "would evict"
		if e.Verb == "evicting" {
			verb = "EVICTING"
		}
		return fmt.Sprintf("governor: at cap %d, %s %s (idle %ds) for %s spawn", e.Cap, verb, id, e.IdleS, e.Reason)
	case KindYield:
		return fmt.Sprintf("governor: at cap, yielding %s spawn", e.Reason)
	case KindPressure:
		return fmt.Sprintf("governor: memory pressure %s, would evict %d, %d effective", e.Pressure, e.Count, e.Effective)
	case KindPressureEvict:
		return fmt.Sprintf("governor: PRESSURE EVICTING %s (idle %ds)", id, e.IdleS)
	case KindRatioFailed:
		return "governor: getFreeMemoryRatio failed; pressure treated as clear"
	case KindGovernorUnknown:
		return "governor (unknown shape): " + e.Text
	case KindSessionStart:
		return fmt.Sprintf("session %s started in %s", id, ProjectName(e.Cwd))
	case KindFocus:
		return fmt.Sprintf("session %s focused", id)
	case KindWarming:
		return fmt.Sprintf("session %s warming", id)
	case KindIdleTimer:
		return fmt.Sprintf("session %s idle timer armed: %ds (%s)", id, e.TimeoutS, e.Lifecycle)
	case KindIdleTimeout:
		return fmt.Sprintf("session %s idle timeout reached, disconnecting (%s)", id, e.Lifecycle)
	case KindPause:
		return fmt.Sprintf("session %s paused (%s)", id, e.Reason)
	case KindPauseSkipped:
		if e.Reason == SkipRemoteControl {
			return fmt.Sprintf("session %s idle pause skipped: Remote Control active (%s bridge)", id, e.Bridge)
		}
		return "pause skipped: " + e.Text
	case KindPauseDeclined:
		return fmt.Sprintf("session %s has declined %d idle pauses in a row: its process is not reaped", id, e.Count)
	case KindCrash:
		return fmt.Sprintf("session %s CRASHED: process %s", id, Crash{Signal: e.Signal, ExitCode: e.ExitCode}.CrashText())
	case KindQueryDone:
		return fmt.Sprintf("session %s query ended", id)
	case KindResume:
		return fmt.Sprintf("session %s resumed", id)
	case KindTornDown:
		return fmt.Sprintf("session %s torn down: %d background task(s) lost", id, e.Count)
	case KindAppUpdated:
		return fmt.Sprintf("app updated: %s → %s", e.From, e.To)
	case KindUpdateReady:
		return fmt.Sprintf("app update %s downloaded, waiting to install", e.Version)
	case KindUpdateRestart:
		return "app RESTARTING TO UPDATE: every session stops"
	case KindRelaunch:
		return "app relaunched after an update"
	case KindRelaunchResume:
		return fmt.Sprintf("app relaunch: warmed %d of %d eligible session(s) (%d marked)", e.Count, e.Eligible, e.Marked)
	case KindRemoteState:
		return "remote control: " + e.Text
	case KindServiceStart:
		return "vm service starting"
	case KindServiceReady:
		return "vm service ready"
	case KindServiceStop:
		return "vm service stopped"
	case KindRemoteControl:
		return fmt.Sprintf("session %s remote control enabled", id)
	case KindTurnEnd:
		return fmt.Sprintf("session %s turn ended", id)
	case KindCycleHealth:
		h := "unhealthy"
		if e.Healthy != nil && *e.Healthy {
			h = "healthy"
		}
		if e.Text != "" {
			return fmt.Sprintf("session %s %s: %s", id, e.Reason, e.Text)
		}
		return fmt.Sprintf("session %s %s cycle (%ds)", id, h, e.DurationMs/1000)
	case KindStopAll:
		return fmt.Sprintf("app quitting: stopping %d session(s)", e.Count)
	case KindAppStart:
		return fmt.Sprintf("app started: %s %s %s", e.Version, e.Platform, e.Arch)
	case KindAppQuit:
		return "app quitting"
	case KindMemorySample:
		if m := e.Memory; m != nil {
			return fmt.Sprintf("memory: %d/%d MB free, tree %d MB, %d children", m.SysFreeMB, m.TotalMB, m.TreeRSSMB, m.ChildCount)
		}
	case KindStall:
		return fmt.Sprintf("app main process blocked for %d ms", e.DurationMs)
	case KindRendererGone:
		if e.Reason != "" {
			return fmt.Sprintf("%s (%s): %s", e.Kind, e.Reason, e.Text)
		}
		return string(e.Kind) + ": " + e.Text
	case KindUnresponsive, KindRateLimit, KindVMFailed:
		return string(e.Kind) + ": " + e.Text
	case KindVMBoot:
		return "vm: boot attempt"
	case KindVMConfig:
		if e.MemoryMB > 0 {
			return fmt.Sprintf("vm: config cpus=%d memory=%dMB", e.CPUs, e.MemoryMB)
		}
		return fmt.Sprintf("vm: config cpus=%d memory=%dGB", e.CPUs, e.MemoryGB)
	case KindVMStep:
		if e.DurationMs > 0 {
			return fmt.Sprintf("vm: %s %s (%d ms)", e.Step, e.Phase, e.DurationMs)
		}
		return fmt.Sprintf("vm: %s %s", e.Step, e.Phase)
	case KindVMReady:
		return "vm: started"
	}
	return string(e.Kind)
}
