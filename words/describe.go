package words

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// Describe is a one-line human summary of an event, built only from parsed
// (already sanitised) fields: its kind's words in describers, or the
// kind's name for a kind with none.
func Describe(e governor.Event) string {
	if d := describers[e.Kind]; d != nil {
		return d(e)
	}
	return e.Kind.String()
}

// describers are the words of each event kind: its one line in the event
// log and `events`. A kind added to governor's kind table without its
// words here fails TestEveryKindHasWords.
var describers = map[governor.Kind]func(governor.Event) string{
	governor.KindAcquire: func(e governor.Event) string {
		return fmt.Sprintf("governor: acquire(%s) effective %d/%d", e.ReasonText(), e.Effective, e.Cap)
	},
	governor.KindAtCap: describeAtCap,
	governor.KindYield: func(e governor.Event) string {
		return fmt.Sprintf("governor: at cap, yielding %s spawn", e.ReasonText())
	},
	governor.KindPressure: func(e governor.Event) string {
		return fmt.Sprintf("governor: memory pressure %s, would evict %d, %d effective", e.PressureText(), e.Count, e.Effective)
	},
	governor.KindRatioFailed: func(governor.Event) string {
		return "governor: getFreeMemoryRatio failed; pressure treated as clear"
	},
	governor.KindPressureEvict: func(e governor.Event) string {
		return fmt.Sprintf("governor: PRESSURE EVICTING %s (idle %ds)", vocab.ShortID(e.Session), e.IdleS)
	},
	governor.KindGovernorUnknown: func(e governor.Event) string {
		return "governor (unknown shape): " + e.Text
	},
	governor.KindSessionStart: func(e governor.Event) string {
		return fmt.Sprintf("session %s started in %s", vocab.ShortID(e.Session), governor.ProjectName(e.Cwd))
	},
	governor.KindFocus:   sessionWords("focused"),
	governor.KindWarming: sessionWords("warming"),
	governor.KindIdleTimer: func(e governor.Event) string {
		return fmt.Sprintf("session %s idle timer armed: %ds (%s)", vocab.ShortID(e.Session), e.TimeoutS, e.Lifecycle)
	},
	governor.KindIdleTimeout: func(e governor.Event) string {
		return fmt.Sprintf("session %s idle timeout reached, disconnecting (%s)", vocab.ShortID(e.Session), e.Lifecycle)
	},
	governor.KindPause: func(e governor.Event) string {
		return fmt.Sprintf("session %s paused (%s)", vocab.ShortID(e.Session), e.ReasonText())
	},
	governor.KindPauseSkipped:  describePauseSkipped,
	governor.KindRemoteControl: sessionWords("remote control enabled"),
	governor.KindTurnEnd:       sessionWords("turn ended"),
	governor.KindCycleHealth:   describeCycleHealth,
	governor.KindStopAll: func(e governor.Event) string {
		return fmt.Sprintf("app quitting: stopping %d session(s)", e.Count)
	},
	governor.KindCrash: func(e governor.Event) string {
		det := e.Details()
		return fmt.Sprintf("session %s CRASHED: process %s", vocab.ShortID(e.Session), governor.Crash{Signal: det.Signal, ExitCode: det.ExitCode}.Text())
	},
	governor.KindQueryDone: sessionWords("query ended"),
	governor.KindResume:    sessionWords("resumed"),
	governor.KindTornDown: func(e governor.Event) string {
		return fmt.Sprintf("session %s torn down: %d background task(s) lost", vocab.ShortID(e.Session), e.Count)
	},
	governor.KindPauseDeclined: func(e governor.Event) string {
		return fmt.Sprintf("session %s has declined %d idle pauses in a row: its process is not reaped", vocab.ShortID(e.Session), e.Count)
	},
	governor.KindAppStart: func(e governor.Event) string {
		det := e.Details()
		return fmt.Sprintf("app started: %s %s %s", det.Version, det.Platform, det.Arch)
	},
	governor.KindAppQuit:      says("app quitting"),
	governor.KindMemorySample: describeMemory,
	governor.KindStall: func(e governor.Event) string {
		return fmt.Sprintf("app main process blocked for %d ms", e.DurationMs)
	},
	governor.KindHeartbeat: says("app heartbeat ([ScheduledTasks])"),
	governor.KindRendererGone: func(e governor.Event) string {
		if e.ReasonText() != "" {
			return fmt.Sprintf("%s (%s): %s", e.Kind, e.ReasonText(), e.Text)
		}
		return e.Kind.String() + ": " + e.Text
	},
	governor.KindUnresponsive: nameAndText,
	governor.KindRateLimit:    nameAndText,
	governor.KindAppUpdated: func(e governor.Event) string {
		return fmt.Sprintf("app updated: %s → %s", e.Details().From, e.Details().To)
	},
	governor.KindUpdateReady: func(e governor.Event) string {
		return fmt.Sprintf("app update %s downloaded, waiting to install", e.Details().Version)
	},
	governor.KindUpdateRestart: describeUpdateRestart,
	governor.KindRelaunch:      says("app relaunched after an update"),
	governor.KindRelaunchResume: func(e governor.Event) string {
		det := e.Details()
		return fmt.Sprintf("app relaunch: warmed %d of %d eligible session(s) (%d marked)", e.Count, det.Eligible, det.Marked)
	},
	governor.KindRemoteState: func(e governor.Event) string {
		return "remote control: " + e.Text
	},
	governor.KindVMConfig:     vmConfigText,
	governor.KindVMStep:       describeVMStep,
	governor.KindVMFailed:     nameAndText,
	governor.KindVMReady:      says("vm: started"),
	governor.KindVMBoot:       says("vm: boot attempt"),
	governor.KindServiceStart: says("vm service starting"),
	governor.KindServiceReady: says("vm service ready"),
	governor.KindServiceStop:  says("vm service stopped"),
	governor.KindDaemonStart: func(e governor.Event) string {
		if e.Details().Version != "" {
			return "claude code daemon started (" + e.Details().Version + ")"
		}
		return "claude code daemon started"
	},
	governor.KindDaemonShutdown: func(e governor.Event) string {
		return fmt.Sprintf("claude code daemon shutting down (%s)", e.ReasonText())
	},
	governor.KindDaemonAdopt: func(e governor.Event) string {
		return fmt.Sprintf("claude code daemon: %d worker(s) found dead at start", e.Count)
	},
	governor.KindDaemonSpawn: func(e governor.Event) string {
		return fmt.Sprintf("background worker %s started (%s)", vocab.ShortID(e.Session), e.ReasonText())
	},
	governor.KindDaemonSettled: describeDaemonSettled,
	governor.KindDaemonRetire:  describeDaemonRetire,
	governor.KindDaemonLowMemory: func(e governor.Event) string {
		return "claude code daemon: " + e.Text
	},
	governor.KindUpdateDeferred: func(e governor.Event) string {
		return fmt.Sprintf("app deferred its update restart (%s pending): %s", vocab.FormatDuration(time.Duration(e.Details().PendingS)*time.Second), e.Text)
	},
	governor.KindUpdateStaged: func(e governor.Event) string {
		return fmt.Sprintf("app update %s staged, waiting to install", e.Details().Version)
	},
	governor.KindPTYKill: func(e governor.Event) string {
		return fmt.Sprintf("app quitting: killing %d session terminal(s)", e.Count)
	},
	governor.KindSecondInstance: func(e governor.Event) string {
		return "a second copy of the app started and exited: " + e.Text
	},
	governor.KindRestartMarker: says("app came back after an update restart"),
	governor.KindPTYHostExit:   describePTYHostExit,
	governor.KindMCPGone: func(e governor.Event) string {
		return "mcp server gone: " + e.Text
	},
	governor.KindVMNote:         vmText,
	governor.KindServiceWarning: vmText,
	governor.KindDaemonUpgrade: func(e governor.Event) string {
		return fmt.Sprintf("claude code daemon restarting to upgrade: %s → %s", e.Details().From, e.Details().To)
	},
	governor.KindDaemonLockRace: says("claude code daemon lost the lock race and exited: background sessions wait for a daemon"),
	governor.KindDaemonReap: func(e governor.Event) string {
		return fmt.Sprintf("claude code daemon reaped %d orphan spare(s)", e.Count)
	},
	governor.KindDaemonPrewarm: func(e governor.Event) string {
		return fmt.Sprintf("claude code daemon prewarm after takeover: %d worker(s) refused, not brought back", e.Count)
	},
	governor.KindDaemonSpare: says("claude code daemon: spare host spawned"),
	governor.KindVMBundleDeleted: func(e governor.Event) string {
		return "vm: " + governor.VMBundleDeletedText + ": " + e.Text
	},
	governor.KindVMUnsupported: func(e governor.Event) string {
		return "vm: " + governor.VMUnsupportedText + ": " + e.Text
	},
	governor.KindVMDownload: func(e governor.Event) string {
		return "vm: downloading its bundle: " + e.Text
	},
	governor.KindVMReinstall: func(e governor.Event) string {
		return "vm: repair deleted its reinstall files: " + e.Text
	},
	governor.KindDaemonRespawnFail: func(e governor.Event) string {
		return "claude code daemon: " + governor.DaemonRespawnFailedText + ": " + e.Text
	},
}

// says is a describe that says the same whatever the event.
func says(s string) func(governor.Event) string {
	return func(governor.Event) string { return s }
}

// sessionWords is a describe of "session <id> <what>".
func sessionWords(what string) func(governor.Event) string {
	return func(e governor.Event) string { return fmt.Sprintf("session %s %s", vocab.ShortID(e.Session), what) }
}

// nameAndText is a describe of the kind's name and the logged text.
func nameAndText(e governor.Event) string { return e.Kind.String() + ": " + e.Text }

// vmText is a describe of a VM line's logged text.
func vmText(e governor.Event) string { return "vm: " + e.Text }

func describeAtCap(e governor.Event) string {
	verb := "would evict"
	if e.Verb == governor.VerbEvicting {
		verb = "EVICTING"
	}
	return fmt.Sprintf("governor: at cap %d, %s %s (idle %ds) for %s spawn", e.Cap, verb, vocab.ShortID(e.Session), e.IdleS, e.ReasonText())
}

func describePauseSkipped(e governor.Event) string {
	if e.Reason == governor.ReasonRemoteControl {
		return fmt.Sprintf("session %s idle pause skipped: Remote Control active (%s bridge)", vocab.ShortID(e.Session), e.Details().Bridge)
	}
	return "pause skipped: " + e.Text
}

func describeCycleHealth(e governor.Event) string {
	id := vocab.ShortID(e.Session)
	if e.Text != "" {
		return fmt.Sprintf("session %s %s: %s", id, e.ReasonText(), e.Text)
	}
	h := "unhealthy"
	if e.Health == governor.HealthGood {
		h = "healthy"
	}
	return fmt.Sprintf("session %s %s cycle (%ds)", id, h, e.DurationMs/1000)
}

func describeMemory(e governor.Event) string {
	if m := e.Memory; m != nil {
		return fmt.Sprintf("memory: %d/%d MB free, tree %d MB, %d children", m.SysFreeMB, m.TotalMB, m.TreeRSSMB, m.ChildCount)
	}
	return e.Kind.String()
}

func describeUpdateRestart(e governor.Event) string {
	if p := e.Details().PendingS; p > 0 {
		return fmt.Sprintf("app RESTARTING TO UPDATE after %s pending: every session stops", vocab.FormatDuration(time.Duration(p)*time.Second))
	}
	return "app RESTARTING TO UPDATE: every session stops"
}

func describeVMStep(e governor.Event) string {
	det := e.Details()
	if e.DurationMs > 0 {
		return fmt.Sprintf("vm: %s %s (%d ms)", det.Step, det.Phase, e.DurationMs)
	}
	return fmt.Sprintf("vm: %s %s", det.Step, det.Phase)
}

func describePTYHostExit(e governor.Event) string {
	code := ""
	if det := e.Details(); det.ExitCode != nil {
		code = fmt.Sprintf(" (exit %d)", *det.ExitCode)
	}
	return fmt.Sprintf("pty-host worker died%s holding %d session terminal(s)", code, e.Count)
}

// vmConfigText names only what was logged: a CPU count of "auto" or a line
// without one is not "cpus=0".
func vmConfigText(e governor.Event) string {
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

func describeDaemonSettled(e governor.Event) string {
	if e.Reason == governor.ReasonWorkerKilled && e.Text == "" {
		return fmt.Sprintf("background worker %s settled %s", vocab.ShortID(e.Session), governor.KilledText)
	}
	if e.Text != "" {
		return fmt.Sprintf("background worker %s settled %s: %s", vocab.ShortID(e.Session), e.ReasonText(), e.Text)
	}
	return fmt.Sprintf("background worker %s settled %s", vocab.ShortID(e.Session), e.ReasonText())
}

func describeDaemonRetire(e governor.Event) string {
	low := ""
	if e.Details().LowMemory {
		low = " [low memory]"
	}
	return fmt.Sprintf("background worker %s retired (%s)%s", vocab.ShortID(e.Session), e.ReasonText(), low)
}
