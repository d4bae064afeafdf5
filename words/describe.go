package words

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// Describe is a one-line human summary of an event, built only from parsed
// (already sanitised) fields: its kind's words in describers, or the
// kind's name for a kind with none.
func Describe(e event.Event) string {
	if d := describers[e.Kind]; d != nil {
		return d(e)
	}
	return e.Kind.String()
}

// describers are the words of each event kind: its one line in the event
// log and `events`. A kind added to governor's kind table without its
// words here fails TestEveryKindHasWords.
var describers = map[event.Kind]func(event.Event) string{
	event.KindAcquire: func(e event.Event) string {
		return fmt.Sprintf("governor: acquire(%s) effective %d/%d", e.ReasonText(), e.Effective, e.Cap)
	},
	event.KindAtCap: describeAtCap,
	event.KindYield: func(e event.Event) string {
		return fmt.Sprintf("governor: at cap, yielding %s spawn", e.ReasonText())
	},
	event.KindPressure: func(e event.Event) string {
		return fmt.Sprintf("governor: memory pressure %s, would evict %d, %d effective", e.PressureText(), e.Count, e.Effective)
	},
	event.KindRatioFailed: func(event.Event) string {
		return "governor: getFreeMemoryRatio failed; pressure treated as clear"
	},
	event.KindPressureEvict: func(e event.Event) string {
		return fmt.Sprintf("governor: PRESSURE EVICTING %s (idle %ds)", vocab.ShortID(e.Session), e.IdleS)
	},
	event.KindGovernorUnknown: func(e event.Event) string {
		return "governor (unknown shape): " + e.Text
	},
	event.KindSessionStart: func(e event.Event) string {
		return fmt.Sprintf("session %s started in %s", vocab.ShortID(e.Session), governor.ProjectName(e.Cwd))
	},
	event.KindFocus:   sessionWords("focused"),
	event.KindWarming: sessionWords("warming"),
	event.KindIdleTimer: func(e event.Event) string {
		return fmt.Sprintf("session %s idle timer armed: %ds (%s)", vocab.ShortID(e.Session), e.TimeoutS, e.Lifecycle)
	},
	event.KindIdleTimeout: func(e event.Event) string {
		return fmt.Sprintf("session %s idle timeout reached, disconnecting (%s)", vocab.ShortID(e.Session), e.Lifecycle)
	},
	event.KindPause: func(e event.Event) string {
		return fmt.Sprintf("session %s paused (%s)", vocab.ShortID(e.Session), e.ReasonText())
	},
	event.KindPauseSkipped:  describePauseSkipped,
	event.KindRemoteControl: sessionWords("remote control enabled"),
	event.KindTurnEnd:       sessionWords("turn ended"),
	event.KindCycleHealth:   describeCycleHealth,
	event.KindStopAll: func(e event.Event) string {
		return fmt.Sprintf("app quitting: stopping %d session(s)", e.Count)
	},
	event.KindCrash: func(e event.Event) string {
		det := e.Details()
		return fmt.Sprintf("session %s CRASHED: process %s", vocab.ShortID(e.Session), governor.Crash{Signal: det.Signal, ExitCode: det.ExitCode}.Text())
	},
	event.KindQueryDone: sessionWords("query ended"),
	event.KindResume:    sessionWords("resumed"),
	event.KindTornDown: func(e event.Event) string {
		return fmt.Sprintf("session %s torn down: %d background task(s) lost", vocab.ShortID(e.Session), e.Count)
	},
	event.KindPauseDeclined: func(e event.Event) string {
		return fmt.Sprintf("session %s has declined %d idle pauses in a row: its process is not reaped", vocab.ShortID(e.Session), e.Count)
	},
	event.KindAppStart: func(e event.Event) string {
		det := e.Details()
		return fmt.Sprintf("app started: %s %s %s", det.Version, det.Platform, det.Arch)
	},
	event.KindAppQuit:      says("app quitting"),
	event.KindMemorySample: describeMemory,
	event.KindStall: func(e event.Event) string {
		return fmt.Sprintf("app main process blocked for %d ms", e.DurationMs)
	},
	event.KindHeartbeat: says("app heartbeat ([ScheduledTasks])"),
	event.KindRendererGone: func(e event.Event) string {
		if e.ReasonText() != "" {
			return fmt.Sprintf("%s (%s): %s", e.Kind, e.ReasonText(), e.Text)
		}
		return e.Kind.String() + ": " + e.Text
	},
	event.KindUnresponsive: nameAndText,
	event.KindRateLimit:    nameAndText,
	event.KindAppUpdated: func(e event.Event) string {
		return fmt.Sprintf("app updated: %s → %s", e.Details().From, e.Details().To)
	},
	event.KindUpdateReady: func(e event.Event) string {
		return fmt.Sprintf("app update %s downloaded, waiting to install", e.Details().Version)
	},
	event.KindUpdateRestart: describeUpdateRestart,
	event.KindRelaunch:      says("app relaunched after an update"),
	event.KindRelaunchResume: func(e event.Event) string {
		det := e.Details()
		return fmt.Sprintf("app relaunch: warmed %d of %d eligible session(s) (%d marked)", e.Count, det.Eligible, det.Marked)
	},
	event.KindRemoteState: func(e event.Event) string {
		return "remote control: " + e.Text
	},
	event.KindVMConfig:     vmConfigText,
	event.KindVMStep:       describeVMStep,
	event.KindVMFailed:     nameAndText,
	event.KindVMReady:      says("vm: started"),
	event.KindVMBoot:       says("vm: boot attempt"),
	event.KindServiceStart: says("vm service starting"),
	event.KindServiceReady: says("vm service ready"),
	event.KindServiceStop:  says("vm service stopped"),
	event.KindDaemonStart: func(e event.Event) string {
		if e.Details().Version != "" {
			return "claude code daemon started (" + e.Details().Version + ")"
		}
		return "claude code daemon started"
	},
	event.KindDaemonShutdown: func(e event.Event) string {
		return fmt.Sprintf("claude code daemon shutting down (%s)", e.ReasonText())
	},
	event.KindDaemonAdopt: func(e event.Event) string {
		return fmt.Sprintf("claude code daemon: %d worker(s) found dead at start", e.Count)
	},
	event.KindDaemonSpawn: func(e event.Event) string {
		return fmt.Sprintf("background worker %s started (%s)", vocab.ShortID(e.Session), e.ReasonText())
	},
	event.KindDaemonSettled: describeDaemonSettled,
	event.KindDaemonRetire:  describeDaemonRetire,
	event.KindDaemonLowMemory: func(e event.Event) string {
		return "claude code daemon: " + e.Text
	},
	event.KindUpdateDeferred: func(e event.Event) string {
		return fmt.Sprintf("app deferred its update restart (%s pending): %s", vocab.FormatDuration(time.Duration(e.Details().PendingS)*time.Second), e.Text)
	},
	event.KindUpdateStaged: func(e event.Event) string {
		return fmt.Sprintf("app update %s staged, waiting to install", e.Details().Version)
	},
	event.KindPTYKill: func(e event.Event) string {
		return fmt.Sprintf("app quitting: killing %d session terminal(s)", e.Count)
	},
	event.KindSecondInstance: func(e event.Event) string {
		return "a second copy of the app started and exited: " + e.Text
	},
	event.KindRestartMarker: says("app came back after an update restart"),
	event.KindPTYHostExit:   describePTYHostExit,
	event.KindMCPGone: func(e event.Event) string {
		return "mcp server gone: " + e.Text
	},
	event.KindVMNote:         vmText,
	event.KindServiceWarning: vmText,
	event.KindDaemonUpgrade: func(e event.Event) string {
		return fmt.Sprintf("claude code daemon restarting to upgrade: %s → %s", e.Details().From, e.Details().To)
	},
	event.KindDaemonLockRace: says("claude code daemon lost the lock race and exited: background sessions wait for a daemon"),
	event.KindDaemonReap: func(e event.Event) string {
		return fmt.Sprintf("claude code daemon reaped %d orphan spare(s)", e.Count)
	},
	event.KindDaemonPrewarm: func(e event.Event) string {
		return fmt.Sprintf("claude code daemon prewarm after takeover: %d worker(s) refused, not brought back", e.Count)
	},
	event.KindDaemonSpare: says("claude code daemon: spare host spawned"),
	event.KindVMBundleDeleted: func(e event.Event) string {
		return "vm: " + governor.VMBundleDeletedText + ": " + e.Text
	},
	event.KindVMUnsupported: func(e event.Event) string {
		return "vm: " + governor.VMUnsupportedText + ": " + e.Text
	},
	event.KindVMDownload: func(e event.Event) string {
		return "vm: downloading its bundle: " + e.Text
	},
	event.KindVMReinstall: func(e event.Event) string {
		return "vm: repair deleted its reinstall files: " + e.Text
	},
	event.KindDaemonRespawnFail: func(e event.Event) string {
		return "claude code daemon: " + governor.DaemonRespawnFailedText + ": " + e.Text
	},
}

// says is a describe that says the same whatever the event.
func says(s string) func(event.Event) string {
	return func(event.Event) string { return s }
}

// sessionWords is a describe of "session <id> <what>".
func sessionWords(what string) func(event.Event) string {
	return func(e event.Event) string { return fmt.Sprintf("session %s %s", vocab.ShortID(e.Session), what) }
}

// nameAndText is a describe of the kind's name and the logged text.
func nameAndText(e event.Event) string { return e.Kind.String() + ": " + e.Text }

// vmText is a describe of a VM line's logged text.
func vmText(e event.Event) string { return "vm: " + e.Text }

func describeAtCap(e event.Event) string {
	verb := "would evict"
	if e.Verb == event.VerbEvicting {
		verb = "EVICTING"
	}
	return fmt.Sprintf("governor: at cap %d, %s %s (idle %ds) for %s spawn", e.Cap, verb, vocab.ShortID(e.Session), e.IdleS, e.ReasonText())
}

func describePauseSkipped(e event.Event) string {
	if e.Reason == event.ReasonRemoteControl {
		return fmt.Sprintf("session %s idle pause skipped: Remote Control active (%s bridge)", vocab.ShortID(e.Session), e.Details().Bridge)
	}
	return "pause skipped: " + e.Text
}

func describeCycleHealth(e event.Event) string {
	id := vocab.ShortID(e.Session)
	if e.Text != "" {
		return fmt.Sprintf("session %s %s: %s", id, e.ReasonText(), e.Text)
	}
	h := "unhealthy"
	if e.Health == event.HealthGood {
		h = "healthy"
	}
	return fmt.Sprintf("session %s %s cycle (%ds)", id, h, e.DurationMs/1000)
}

func describeMemory(e event.Event) string {
	if m := e.Memory; m != nil {
		return fmt.Sprintf("memory: %d/%d MB free, tree %d MB, %d children", m.SysFreeMB, m.TotalMB, m.TreeRSSMB, m.ChildCount)
	}
	return e.Kind.String()
}

func describeUpdateRestart(e event.Event) string {
	if p := e.Details().PendingS; p > 0 {
		return fmt.Sprintf("app RESTARTING TO UPDATE after %s pending: every session stops", vocab.FormatDuration(time.Duration(p)*time.Second))
	}
	return "app RESTARTING TO UPDATE: every session stops"
}

func describeVMStep(e event.Event) string {
	det := e.Details()
	if e.DurationMs > 0 {
		return fmt.Sprintf("vm: %s %s (%d ms)", det.Step, det.Phase, e.DurationMs)
	}
	return fmt.Sprintf("vm: %s %s", det.Step, det.Phase)
}

func describePTYHostExit(e event.Event) string {
	code := ""
	if det := e.Details(); det.ExitCode != nil {
		code = fmt.Sprintf(" (exit %d)", *det.ExitCode)
	}
	return fmt.Sprintf("pty-host worker died%s holding %d session terminal(s)", code, e.Count)
}

// vmConfigText names only what was logged: a CPU count of "auto" or a line
// without one is not "cpus=0".
func vmConfigText(e event.Event) string {
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

func describeDaemonSettled(e event.Event) string {
	if e.Reason == event.ReasonWorkerKilled && e.Text == "" {
		return fmt.Sprintf("background worker %s settled %s", vocab.ShortID(e.Session), governor.KilledText)
	}
	if e.Text != "" {
		return fmt.Sprintf("background worker %s settled %s: %s", vocab.ShortID(e.Session), e.ReasonText(), e.Text)
	}
	return fmt.Sprintf("background worker %s settled %s", vocab.ShortID(e.Session), e.ReasonText())
}

func describeDaemonRetire(e event.Event) string {
	low := ""
	if e.Details().LowMemory {
		low = " [low memory]"
	}
	return fmt.Sprintf("background worker %s retired (%s)%s", vocab.ShortID(e.Session), e.ReasonText(), low)
}
