package render

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// WriteJSON prints the report as one indented JSON object. encoding/json
// escapes control characters, so log text cannot reach a terminal raw.
func WriteJSON(w io.Writer, r Report) error { return writeJSON(w, r) }

// maxTimeline bounds the eviction timeline in text; the JSON has them all.
const maxTimeline = 50

// WriteText prints the report for people: the summary first, then the
// eviction timeline, then the verdict.
func WriteText(w io.Writer, r Report) error {
	var b strings.Builder
	span := "no entries"
	if r.Lines.Entries > 0 {
		span = plural(r.Lines.Entries, "entry", "entries") + ", none with a real date"
	}
	if r.Span.First != "" {
		span = r.Span.First.String() + " → " + r.Span.Last.String()
		if d := spanDuration(r.Span); d > 0 {
			span += " (" + vocab.FormatDuration(d) + ")"
		}
	}
	fmt.Fprintf(&b, "coworktop report: %s\n", span)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	row := func(k, v string) { fmt.Fprintf(tw, "  %s\t%s\n", k, v) }
	row("files", filesLine(r))
	if r.Journal != nil {
		row("journal", journalLine(*r.Journal))
	}
	if life := appLifecycleText(r.App.AppLifecycle); r.App.Version != "" || life != "" {
		row("app", appVersionText(r.App)+life)
	}
	row("cap", capLine(r.Governor))
	g := r.Governor
	row("governor", fmt.Sprintf("at cap: %d would-evict, %d evicting · %s · pressure: %d warning, %d critical · %s · %s",
		g.AtCap.WouldEvict, g.AtCap.Evicting, plural(g.Yields, "yield", "yields")+warmsRefusedText(g.WarmsRefused), g.Pressure.Warning, g.Pressure.Critical,
		plural(g.PressureEvictions, "pressure eviction", "pressure evictions"), plural(g.Unknown, "line of unknown shape", "lines of unknown shape")))
	s := r.Sessions
	row("sessions", fmt.Sprintf("%d started · %s · paused: %d governor_evict, %d idle_timeout",
		s.Started, plural(s.IdleTimeouts, "idle timeout", "idle timeouts"), s.Paused.GovernorEvict, s.Paused.IdleTimeout)+sessionEndsText(s.SessionEnds))
	row("memory", memoryLine(r.Memory))
	row("vm", vmLine(r.VM))
	if r.Daemon != nil {
		row("daemon", daemonLine(*r.Daemon))
	}
	row("rate limit", plural(r.RateLimit.Hits, "hit", "hits")+" (HTTP 429/529 statuses, rate_limit_error, overloaded_error)")
	if r.QuotaFigures != nil {
		row("quota", QuotaReportLine(r.QuotaFigures, r.Quota))
	}
	if q := r.QuotaShare; q != nil {
		row("quota share", ShareLine(q.ShareView, q.Sessions))
	}
	if r.Lines.Cut+r.Lines.Unreadable+r.Lines.BadStamps > 0 {
		row("unreadable", fmt.Sprintf("%d lines cut at 64 KiB, %d lines outside any entry", r.Lines.Cut, r.Lines.Unreadable)+badStampsText(r.Lines.BadStamps))
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	total := len(r.Evictions) + r.EvictionsNotListed
	fmt.Fprintf(&b, "\nevictions (%d)\n", total)
	if total == 0 {
		b.WriteString("  none\n")
	}
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	shown := r.Evictions
	if len(shown) > maxTimeline {
		fmt.Fprintf(&b, "  … %d earlier evictions not shown (see --json)\n", total-maxTimeline)
		shown = shown[len(shown)-maxTimeline:]
	}
	for _, e := range shown {
		fmt.Fprintf(tw, "  %s\t%s\tidle %s\t%s\t%s:%d\n", e.Time, words.NamedID(e.Name, e.Session),
			idleText(e), causeText(e.Cause), e.File, e.Line)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if err := writeLosses(&b, r); err != nil {
		return err
	}
	if err := writeRestarts(&b, r.Restarts); err != nil {
		return err
	}
	fmt.Fprintf(&b, "\nverdict: %s\n", r.Verdict)
	_, err := io.WriteString(w, b.String())
	return err
}

func filesLine(r Report) string {
	lines, bad := 0, 0
	for _, f := range r.Files {
		lines += f.Lines
		if f.Error != "" {
			bad++
		}
	}
	s := fmt.Sprintf("%s, %s, %s", plural(len(r.Files), "file", "files"), plural(lines, "line", "lines"), plural(r.Lines.Entries, "entry", "entries"))
	if bad > 0 {
		s += fmt.Sprintf(" (%d could not be read)", bad)
	}
	return s
}

func capLine(g Governor) string {
	switch g.CapSource {
	case vocab.SourceLogged.String():
		return fmt.Sprintf("%d (logged) · max effective %d", g.Cap, g.MaxEffective)
	case vocab.SourceEstimated.String():
		return fmt.Sprintf("~%d (estimated from RAM: max(6, RAM/3 GiB); no cap= line logged) · max effective %d", g.Cap, g.MaxEffective)
	}
	return "unknown (no cap= line and no RAM figure in these logs)"
}

// countOrNot prints a figure the log may not have given ("cpuCount=auto").
func countOrNot(n int, unit, what string) string {
	if n <= 0 {
		return what + " not logged"
	}
	return fmt.Sprintf("%d %s", n, unit)
}

func memoryLine(m Memory) string {
	if m.Samples == 0 {
		return "no [process-memory] samples"
	}
	if m.TotalMB == 0 {
		return fmt.Sprintf("%s without a sys_free figure", plural(m.Samples, "sample", "samples"))
	}
	return fmt.Sprintf("lowest free %d MB of %d MB at %s (%s)", m.MinSysFreeMB, m.TotalMB, m.MinAt, plural(m.Samples, "sample", "samples"))
}

func vmLine(v VM) string {
	if v.State == event.VMUnknown.String() || v.State == "" {
		if svc := serviceText(v.Service); svc != "" {
			return "VM state not logged" + svc + bundleText(v)
		}
		if v.Notes > 0 || v.BundleDeleted > 0 {
			return "VM state not logged (" + plural(v.Notes+v.BundleDeleted, "VM line", "VM lines") + ")" + bundleText(v)
		}
		return "no Cowork VM lines"
	}
	cfg := countOrNot(v.CPUs, "CPUs", "CPUs") + ", " + countOrNot(v.MemoryGB, "GB", "memory")
	if v.MemoryMB > 0 {
		cfg = countOrNot(v.CPUs, "CPUs", "CPUs") + ", " + fmt.Sprintf("%d MB", v.MemoryMB)
	}
	return fmt.Sprintf("%s · last state %s · %s (startup steps that never completed)", cfg, v.State, plural(v.BootStalls, "boot stall", "boot stalls")) +
		bootsText(v) + serviceText(v.Service) + bundleText(v) + repairText(v)
}

// warmsRefusedText: yields that refused a paused session's warm: it did
// not come back.
func warmsRefusedText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d refused the warm of a paused session: it stayed paused, no return)", n)
}

// repairText: the VM type the app refuses, and how long Cowork was
// unusable after a failed boot, with what the repair deleted or kept.
func repairText(v VM) string {
	s := ""
	if v.Unsupported != "" {
		s += " · " + governor.VMUnsupportedText + ": " + v.Unsupported
	}
	if v.Unusable != "" {
		s += " · " + v.Unusable
	}
	return s
}

// bundleText says the VM's disk was deleted ("[deleteVMBundle] Deleted
// rootfs.vhdx"): data loss.
func bundleText(v VM) string {
	if v.BundleDeleted == 0 {
		return ""
	}
	return " · " + governor.VMBundleDeletedText + ": " + v.BundleDeletedText
}

// idleText and causeText are the governor's wording, which the screen
// shares.
func idleText(e Evicted) string { return words.IdleText(e.IdleS, vocab.SourceOf(e.IdleSource)) }

func causeText(c string) string { return words.CauseText(event.CauseOf(c)) }

// spanDuration is the time between the span's ends, by their offsets:
// right across a change of the clocks.
func spanDuration(s Span) time.Duration {
	a, b := s.First.Time(), s.Last.Time()
	if a.IsZero() || b.IsZero() {
		return 0
	}
	return b.Sub(a)
}
