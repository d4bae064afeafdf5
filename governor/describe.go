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
		return "pause skipped: " + e.Text
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
	case KindRendererGone, KindUnresponsive, KindRateLimit, KindVMFailed:
		return string(e.Kind) + ": " + e.Text
	case KindVMBoot:
		return "vm: boot attempt"
	case KindVMConfig:
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
