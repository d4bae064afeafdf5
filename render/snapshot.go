package render

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// WriteSnapshot prints `coworktop snapshot` for people: the machine first,
// then the governor, then sessions and competitors. Estimates say so.
func WriteSnapshot(w io.Writer, s governor.Snapshot) error {
	var b strings.Builder
	fmt.Fprintf(&b, "coworktop snapshot at %s\n", s.Now.Format(TimeLayout))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	row := func(k, v string) { fmt.Fprintf(tw, "  %s\t%s\n", k, v) }
	if h := s.Host; h != nil {
		row("memory", fmt.Sprintf("used %s of %s · available %s · swap %s of %s",
			Bytes(h.Used), Bytes(h.Total), Bytes(h.Available), Bytes(h.SwapUsed), Bytes(h.SwapTotal)))
		row("pressure", hostPressure(h))
	} else {
		row("memory", "not sampled")
	}
	row("read", words.WindowText(s))
	if s.App.Version != "" {
		app := strings.TrimSpace(s.App.Version + " on " + s.App.Platform)
		if end := words.AppEndText(s); end != "" {
			app += " · " + end
		}
		row("app", app)
	}
	row("sessions", words.SessionsText(s))
	if n := words.NeedsYouSummary(s); n != "" {
		row("needs you", n+" (from the sessions' own records)")
	}
	if t := words.TerminalText(s); t != "" {
		row("terminal", t)
	}
	if cn := words.CoworkNote(s.Records); cn != "" {
		row("cowork", cn)
	}
	row("quota", QuotaText(s))
	if s.Share != nil {
		row("quota share", s.Share.Text)
	}
	row("lost", words.LostText(s))
	row("outlook", words.OutlookSummary(&s)+" (estimate)")
	if u := s.Update; u != nil {
		row("update", words.UpdateSummary(u)+"; "+words.UpdateWhen(u))
	}
	if r := s.Restart; r != nil {
		row("restart", words.RestartSummary(r))
	}
	if v := s.NextVictim; v != nil {
		name := v.Project
		if v.Title != "" {
			name = v.Title
		}
		row("next victim", fmt.Sprintf("%s, idle %s (%s)", strings.TrimSpace(vocab.ShortID(v.ID)+" "+name), vocab.FormatDuration(v.Idle), words.NextVictimWhy(&s)))
	}
	if p := words.LoggedPressureText(s); p != "" {
		row("logged pressure", fmt.Sprintf("%s (the governor's last pressure line, %s)", p, s.PressureAt.Format(TimeLayout)))
	}
	if s.VM.State == event.VMUnknown {
		row("vm", "no Cowork VM lines in the logs")
	} else {
		vm := fmt.Sprintf("Cowork VM %s, %s, %s (from the VM logs)", s.VM.State, countOrNot(s.VM.CPUs, "CPUs", "CPUs"), countOrNot(s.VM.MemoryGB, "GB", "memory"))
		if s.VM.Unsupported != "" {
			vm += "; " + governor.VMUnsupportedText + ": " + s.VM.Unsupported
		}
		if o := s.VM.LastOutage; o != nil {
			vm += "; " + words.VMOutageText(*o)
		}
		row("vm", vm)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	fmt.Fprintf(&b, "\nsessions (%d)\n", len(s.Sessions))
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, v := range s.Sessions {
		state := words.StateLabel(v.State)
		if v.PauseText != "" {
			state += ": " + v.PauseText
		}
		timer := ""
		// A timer runs only while it has time left (governor drops one
		// that passed with no pause, and a focused session's): never "due".
		if v.Live() && v.TimerTimeout > 0 && v.TimerRemaining > 0 {
			timer = "idle timeout in " + vocab.FormatDuration(v.TimerRemaining)
		}
		name, needs := v.Project, ""
		if s.Records != nil { // the title where recorded; what it waits for
			if v.Title != "" {
				name = v.Title
			}
			if v.NeedsYou() {
				needs = "\tneeds you: " + words.NeedsYouText(v, s.Now)
			}
		}
		if v.Memory != nil {
			needs += "\tmemory " + vocab.FormatBytes(v.Memory.Bytes) + " (" + v.Memory.Source + ")"
		}
		if v.QuotaShare != nil {
			needs += "\tquota share " + v.QuotaShare.Text + " (" + quota.ShareLabel + ")"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\tidle %s\t%s%s\n", vocab.ShortID(v.ID), name, state, vocab.FormatDuration(v.Idle), timer, needs)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	for _, l := range words.MemoryLines(s.Memory) {
		fmt.Fprintf(&b, "  %s\n", l)
	}

	writeRisks(&b, s.Risks)

	fmt.Fprintf(&b, "\nmemory holders (%d)\n", len(s.Groups))
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, g := range s.Groups {
		guest := ""
		if g.GuestMemory.Known {
			guest = "guest " + Bytes(g.GuestMemory)
		}
		cpu := host.CPUText(g) + "% CPU"
		if cpu == host.CPUUnknown+"% CPU" {
			cpu = "CPU unknown"
		}
		fmt.Fprintf(tw, "  %s\t%d procs\t%s\t%s\t%s\t%s\n", vocab.SanitizeString(g.Name, 40), g.Processes, groupMemory(g), cpu, guest, vocab.SanitizeString(g.Note, 80))
		if g.Kind == host.GroupClaudeApp {
			for _, h := range s.AppHelpers { // the app's own processes, by role
				fmt.Fprintf(tw, "    %s\t%d procs\t%s (%s)\t%.0f%% CPU\t\t\n", h.Label(), h.Processes, vocab.FormatBytes(h.Memory), h.Source, h.CPUPercent)
			}
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func hostPressure(h *host.HostMemory) string {
	s := h.Pressure.String()
	if s == "" {
		s = "unknown"
	}
	if h.PressureSource != "" {
		s += " · by " + h.PressureSource
	}
	if h.AppFreeRatioSource != "" {
		s += fmt.Sprintf(" · app's free ratio %.1f%%", 100*h.AppFreeRatio)
	}
	if h.AvailableRatio > 0 {
		s += fmt.Sprintf(" · MemAvailable %.1f%%", 100*h.AvailableRatio)
	}
	if h.MemorystatusLevel >= 0 && h.PressureSource != "" && strings.Contains(h.PressureSource, "kern.") {
		s += fmt.Sprintf(" · kern.memorystatus_level %d%%", h.MemorystatusLevel)
	}
	return s
}

func groupMemory(g host.ProcessGroup) string {
	switch {
	case g.Footprint.Known:
		return "footprint " + Bytes(g.Footprint)
	case g.RSS.Known:
		return "RSS " + Bytes(g.RSS)
	}
	return "memory unreadable"
}

// Bytes prints a figure in binary units (vocab.FormatBytes), or
// "unreadable".
func Bytes(f vocab.Figure) string {
	if !f.Known {
		return "unreadable"
	}
	return vocab.FormatBytes(f.Value)
}
