package governor

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// Describe is a one-line human summary of an event, built only from parsed
// (already sanitised) fields: its kind's words in the kind table
// (kinds.go), or the kind's name for a kind with none.
func Describe(e Event) string {
	if d := e.Kind.info().describe; d != nil {
		return d(e)
	}
	return e.Kind.String()
}

// words is a describe that says the same whatever the event.
func words(s string) func(Event) string {
	return func(Event) string { return s }
}

// sessionWords is a describe of "session <id> <what>".
func sessionWords(what string) func(Event) string {
	return func(e Event) string { return fmt.Sprintf("session %s %s", vocab.ShortID(e.Session), what) }
}

// nameAndText is a describe of the kind's name and the logged text.
func nameAndText(e Event) string { return e.Kind.String() + ": " + e.Text }

// vmText is a describe of a VM line's logged text.
func vmText(e Event) string { return "vm: " + e.Text }

func describeAtCap(e Event) string {
	verb := "would evict"
	if e.Verb == VerbEvicting {
		verb = "EVICTING"
	}
	return fmt.Sprintf("governor: at cap %d, %s %s (idle %ds) for %s spawn", e.Cap, verb, vocab.ShortID(e.Session), e.IdleS, e.ReasonText())
}

func describePauseSkipped(e Event) string {
	if e.Reason == ReasonRemoteControl {
		return fmt.Sprintf("session %s idle pause skipped: Remote Control active (%s bridge)", vocab.ShortID(e.Session), e.Details().Bridge)
	}
	return "pause skipped: " + e.Text
}

func describeCycleHealth(e Event) string {
	id := vocab.ShortID(e.Session)
	if e.Text != "" {
		return fmt.Sprintf("session %s %s: %s", id, e.ReasonText(), e.Text)
	}
	h := "unhealthy"
	if e.Health == HealthGood {
		h = "healthy"
	}
	return fmt.Sprintf("session %s %s cycle (%ds)", id, h, e.DurationMs/1000)
}

func describeMemory(e Event) string {
	if m := e.Memory; m != nil {
		return fmt.Sprintf("memory: %d/%d MB free, tree %d MB, %d children", m.SysFreeMB, m.TotalMB, m.TreeRSSMB, m.ChildCount)
	}
	return e.Kind.String()
}

func describeUpdateRestart(e Event) string {
	if p := e.Details().PendingS; p > 0 {
		return fmt.Sprintf("app RESTARTING TO UPDATE after %s pending: every session stops", vocab.FormatDuration(time.Duration(p)*time.Second))
	}
	return "app RESTARTING TO UPDATE: every session stops"
}

func describeVMStep(e Event) string {
	det := e.Details()
	if e.DurationMs > 0 {
		return fmt.Sprintf("vm: %s %s (%d ms)", det.Step, det.Phase, e.DurationMs)
	}
	return fmt.Sprintf("vm: %s %s", det.Step, det.Phase)
}

func describePTYHostExit(e Event) string {
	code := ""
	if det := e.Details(); det.ExitCode != nil {
		code = fmt.Sprintf(" (exit %d)", *det.ExitCode)
	}
	return fmt.Sprintf("pty-host worker died%s holding %d session terminal(s)", code, e.Count)
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
func IdleText(idleS int, src vocab.Source) string {
	d := vocab.FormatDuration(time.Duration(idleS) * time.Second)
	switch src {
	case vocab.SourceLogged:
		return d
	case vocab.SourceEstimated:
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

// CapText is the cap with its source: "8 (logged)", "~8 (est.)", "?".
func CapText(c CapView) string {
	switch {
	case c.Value == 0:
		return "?"
	case c.Source == vocab.SourceLogged:
		return fmt.Sprintf("%d (logged)", c.Value)
	}
	return fmt.Sprintf("~%d (est.)", c.Value)
}
