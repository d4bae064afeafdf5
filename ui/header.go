package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// header draws the meters: a title line, then pairs of meters in two columns,
// then the followed log files (one line each, or one line in total when
// compact). The meters get their columns first; the facts on the right
// take what is left, clipped with "…".
func (m *Model) header(w int, compact bool) []string {
	left := headerSplit(w)
	right := w - left
	lines := []string{m.titleLine(w)}
	pairs := [][2]string{
		{m.memMeter(left), m.pressureLine(right)},
		{m.swapMeter(left), m.vmLine(right)},
		{m.sessionsMeter(left), m.appLine(right)},
		{m.quotaMeter(left), m.quotaLine(right)},
	}
	for _, p := range pairs {
		lines = append(lines, padStyled(p[0], left)+padStyled(p[1], right))
	}
	if l := m.happenedLine(w); l != "" {
		lines = append(lines, l)
	}
	return append(lines, m.fileLines(w, compact)...)
}

// Header columns: a meter wants room for its longest text and a bar of
// meterBarWant cells; the facts keep at least factsMin cells or two fifths
// of the width, whichever is more.
const (
	meterWant    = 80 // "Ses[" + the full sessions text + a 20-cell bar
	factsMin     = 24
	meterBarMin  = 6
	meterBarWant = 20
)

// headerSplit is the meters' column width at screen width w.
func headerSplit(w int) int {
	facts := max(factsMin, w*2/5)
	return max(1, min(max(meterWant, (w+1)/2), w-facts))
}

func (m *Model) titleLine(w int) string {
	t := m.theme
	s := m.snap
	left := "coworktop"
	if m.opts.Version != "" {
		left += " " + m.opts.Version
	}
	left += " · " + string(m.opts.Mode)
	if m.opts.Source != "" {
		left += " · " + m.opts.Source
	}
	clock := s.Now.Format("2006-01-02 15:04:05")
	if pb := m.opts.Playback; pb != nil {
		clock = fmt.Sprintf("log time %s · speed ×%g", clock, pb.Speed())
		if pb.Ended() {
			clock += " · end of log"
		}
	}
	if m.feedDone && m.opts.Mode != ModeReplay {
		clock = "feed stopped · " + clock
	}
	// From when the view reads, so an empty pane is read as "nothing in
	// this window", not "nothing ever"; a silent log says how old it is.
	if !s.From.IsZero() && m.opts.Playback == nil {
		clock = "from " + s.From.Format(dayOrClock(s.From, s.Now)) + " · " + clock
	}
	banner := ""
	if m.frozen {
		banner = " PAUSED (space to resume) "
	}
	needs, needed := needsYouHeader(s) // the sessions that need the person (records.go)
	needsInk := t.Muted
	if needed {
		needsInk = t.Warn
	}
	if needs != "" {
		needs += " · "
	}
	rw := textWidth(clock) + textWidth(banner) + textWidth(needs)
	lw := max(0, w-rw-1)
	stale := ""
	if s.Stale {
		stale = " " + words.StaleText(&s) + " "
		rw += textWidth(stale)
		lw = max(0, w-rw-1)
	}
	out := t.paint(t.Title, fit(left, lw)) + " " + t.paint(t.Banner, stale) + t.paint(needsInk, needs) + t.paint(t.Muted, clock)
	if banner != "" {
		out = t.paint(t.Title, fit(left, lw)) + " " + t.paint(t.Banner, banner) + t.paint(needsInk, needs) + t.paint(t.Muted, clock)
	}
	return padStyled(out, w)
}

// meter draws `Lbl[|||||     text]` in w cells. texts are the same figure
// from the longest wording to the shortest: the first that leaves the bar
// meterBarMin cells is drawn, else the shortest, clipped.
func (m *Model) meter(label string, frac float64, st Ink, w int, texts ...string) string {
	t := m.theme
	inner := w - len(label) - 2
	if inner < 1 {
		return fit(label, w)
	}
	text := texts[len(texts)-1]
	for _, c := range texts {
		if textWidth(c)+1+meterBarMin <= inner {
			text = c
			break
		}
	}
	text = clip(text, inner)
	barW := inner - textWidth(text) - 1
	if barW < 1 {
		return t.paint(t.Title, label) + "[" + t.paint(t.Fact, fit(text, inner)) + "]"
	}
	filled, empty := bar(barW, frac)
	return t.paint(t.Title, label) + "[" + t.paint(st, filled) + empty + " " + t.paint(t.Fact, text) + "]"
}

func (m *Model) levelStyle(p host.PressureLevel) Ink {
	switch p {
	case host.PressureCritical:
		return m.theme.Critical
	case host.PressureWarning:
		return m.theme.Warn
	case host.PressureNormal:
		return m.theme.OK
	}
	return m.theme.Muted
}

func (m *Model) memMeter(w int) string {
	const label = "Mem"
	// Replay and demo show the log's own memory figures, on the log's clock,
	// as the timeline does; live shows the host.
	if h := m.snap.Host; h != nil && (m.opts.Mode == ModeLive || len(m.snap.MemorySamples) == 0) {
		if !h.Total.Known {
			return m.meter(label, 0, m.theme.Muted, w, "unreadable")
		}
		used, avail := h.Used, h.Available
		if avail.Known {
			used = vocab.Figure{Value: h.Total.Value - min(avail.Value, h.Total.Value), Known: true}
		}
		if !used.Known {
			return m.meter(label, 0, m.theme.Muted, w, "used unreadable / "+humanBytes(h.Total.Value))
		}
		frac := float64(used.Value) / float64(h.Total.Value)
		text := humanBytes(used.Value) + "/" + humanBytes(h.Total.Value)
		short := text
		if avail.Known {
			text += " avail " + humanBytes(avail.Value)
		}
		if h.Cached.Known { // cached files beside used, as Activity Monitor shows them
			return m.meter(label, frac, m.levelStyle(h.Pressure), w, short+" cache "+humanBytes(h.Cached.Value)+strings.TrimPrefix(text, short), text, short)
		}
		return m.meter(label, frac, m.levelStyle(h.Pressure), w, text, short)
	}
	if n := len(m.snap.MemorySamples); n > 0 {
		s := m.snap.MemorySamples[n-1]
		if s.TotalMB > 0 {
			used := s.TotalMB - min(s.SysFreeMB, s.TotalMB)
			text := humanMB(used) + "/" + humanMB(s.TotalMB)
			return m.meter(label, float64(used)/float64(s.TotalMB), m.levelStyle(m.snap.LoggedPressureNow()), w,
				text+" free "+humanMB(s.SysFreeMB)+" (app log)", text+" (app log)", text)
		}
	}
	return m.meter(label, 0, m.theme.Muted, w, "no sample yet")
}

func (m *Model) swapMeter(w int) string {
	const label = "Swp"
	h := m.snap.Host
	switch {
	case h == nil:
		return m.meter(label, 0, m.theme.Muted, w, "no host sample")
	case !h.SwapTotal.Known || !h.SwapUsed.Known:
		return m.meter(label, 0, m.theme.Muted, w, "unreadable")
	case h.SwapTotal.Value == 0:
		return m.meter(label, 0, m.theme.Muted, w, "none")
	}
	frac := float64(h.SwapUsed.Value) / float64(h.SwapTotal.Value)
	if h.KernelGoverned {
		// macOS adds swap files as it needs them: the total is no limit, so
		// the kernel's pressure says whether swap is a problem.
		return m.meter(label, frac, m.levelStyle(h.Pressure), w, humanBytes(h.SwapUsed.Value)+" used")
	}
	st := m.theme.OK
	if frac > 0.5 {
		st = m.theme.Warn
	}
	return m.meter(label, frac, st, w, humanBytes(h.SwapUsed.Value)+"/"+humanBytes(h.SwapTotal.Value))
}

// sessionsMeter shows the live count against the cap, then the governor's
// own last logged count with its age: two different figures, each named.
func (m *Model) sessionsMeter(w int) string {
	t := m.theme
	s := m.snap
	live := fmt.Sprint(s.Live)
	// The governor's own count in plain words when short (issue 36 #3:
	// "gov ?"); nothing when it has logged none and there is no room to
	// say so.
	// Not the log's word "effective" (issue 46: no log jargon on the
	// first screen); the help defines the figure.
	eff := "the governor has not logged its count yet"
	var gov []string
	if e := s.Effective; e.Source == vocab.SourceLogged {
		eff = fmt.Sprintf("governor counts %d, %s ago", e.Value, vocab.FormatDuration(e.Age))
		gov = []string{fmt.Sprintf(" · governor counts %d, %s ago", e.Value, vocab.FormatDuration(e.Age)), fmt.Sprintf(" · governor counts %d", e.Value)}
	}
	if s.Cap.Value == 0 {
		forms := []string{live + " live · cap ? · " + eff}
		for _, g := range gov {
			forms = append(forms, live+" live"+g)
		}
		return m.meter("Ses", 0, t.Muted, w, append(forms, live+" live")...)
	}
	st := t.OK
	switch {
	case s.Live >= s.Cap.Value:
		st = t.Critical
	case s.Live >= s.Cap.Value-2:
		st = t.Warn
	}
	frac := live + "/" + fmt.Sprint(s.Cap.Value)
	if s.Cap.Source != vocab.SourceLogged {
		frac = live + "/~" + fmt.Sprint(s.Cap.Value) // the short forms keep the estimate's mark
	}
	capText := "cap " + words.CapText(s.Cap)
	forms := []string{frac + " " + capText + " · " + eff}
	if carried := words.CarriedCapText(s); carried != "" {
		// A cap logged before the app's restart says its age first.
		forms = []string{frac + " cap " + carried + " · " + eff}
		for _, g := range gov {
			forms = append(forms, frac+" cap "+carried+g)
		}
		forms = append(forms, frac+" cap "+carried, frac+" "+capText+" · "+eff)
	}
	for _, g := range gov {
		forms = append(forms, frac+" "+capText+g)
	}
	for _, g := range gov {
		forms = append(forms, frac+g)
	}
	forms = append(forms, frac+" "+capText, frac)
	return m.meter("Ses", float64(s.Live)/float64(s.Cap.Value), st, w, forms...)
}

func (m *Model) pressureLine(w int) string {
	t := m.theme
	s := m.snap
	gov := []part{{t.Title, " Pressure "}}
	short := gov // the same, in fewer words
	var tiny []part
	switch age := s.Now.Sub(s.PressureAt); {
	case s.Pressure != host.PressureUnknown && s.LoggedPressureNow() == host.PressureUnknown:
		// The governor logs a level when it rises, never the return to
		// normal: an old line is history, not the present.
		gov = append(gov, part{t.Muted, "governor last " + s.PressureText + " " + vocab.FormatDuration(age) + " ago (logged)"})
		short = append(short, part{t.Muted, "last " + s.PressureText + " logged " + vocab.ShortDuration(age) + " ago"})
	case s.Pressure != host.PressureUnknown:
		gov = append(gov, part{m.levelStyle(s.Pressure), "governor " + s.PressureText},
			part{t.Muted, " " + vocab.FormatDuration(age) + " ago (logged)"})
		short = append(short, part{m.levelStyle(s.Pressure), s.PressureText},
			part{t.Muted, " (logged " + vocab.ShortDuration(age) + " ago)"})
		tiny = append([]part{gov[0]}, part{m.levelStyle(s.Pressure), s.PressureText},
			part{t.Muted, ", logged " + vocab.ShortDuration(age) + " ago"})
	default:
		gov = append(gov, part{t.Muted, "governor none logged"})
		short = append(short, part{t.Muted, "none logged"})
	}
	if tiny == nil {
		tiny = short
	}
	h := s.Host
	if h == nil || h.Pressure == host.PressureUnknown {
		return padStyled(paint(t, firstFit(w, gov, short, tiny)), w)
	}
	host := []part{{Ink{}, " · "}, {m.levelStyle(h.Pressure), "host " + h.Pressure.String()}}
	var source, kern []part
	if h.PressureSource != "" {
		source = []part{{t.Muted, " (" + h.PressureSource + ")"}}
	}
	if h.KernelGoverned && h.MemorystatusLevel >= 0 {
		// The level can latch at warning for minutes; the kernel's own
		// free % beside it, as snapshot shows it (audit U9).
		kern = []part{{t.Muted, fmt.Sprintf(" · kern.memorystatus_level %d%%", h.MemorystatusLevel)}}
	}
	// The longest wording that fits: the host's source and the kernel's
	// figure go before the levels are cut (issue 36 #2).
	return padStyled(paint(t, firstFit(w,
		concat(gov, host, source, kern), concat(gov, host, kern), concat(gov, host), concat(short, host), short, tiny)), w)
}

// part is a piece of a header line in its ink.
type part struct {
	ink  Ink
	text string
}

func concat(ps ...[]part) []part {
	var out []part
	for _, p := range ps {
		out = append(out, p...)
	}
	return out
}

func partsWidth(ps []part) int {
	n := 0
	for _, p := range ps {
		n += textWidth(p.text)
	}
	return n
}

// firstFit is the first of forms (longest wording first) that fits in w
// cells, else the last.
func firstFit(w int, forms ...[]part) []part {
	for _, f := range forms {
		if partsWidth(f) <= w {
			return f
		}
	}
	return forms[len(forms)-1]
}

func paint(t Theme, ps []part) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(t.paint(p.ink, p.text))
	}
	return b.String()
}

func (m *Model) vmLine(w int) string {
	t := m.theme
	vm := m.snap.VM
	st := t.Muted
	state := vm.State.String()
	switch vm.State {
	case event.VMUnknown:
		state = fitFirst(w-12, []string{"unknown (no VM log lines yet)", "unknown (no VM lines yet)", "unknown"})
	case event.VMRunning:
		st = t.OK
	case event.VMBooting:
		st = t.Warn
		if vm.OpenStep != "" {
			state += " (" + vm.OpenStep + " since " + clockTime(vm.OpenSince) + ")"
		}
	case event.VMStalled, event.VMFailed:
		st = t.Critical
		if vm.OpenStep != "" {
			state += " at " + vm.OpenStep
		}
		if vm.LastFailure != "" {
			state += ": " + vm.LastFailure
		}
	}
	out := t.paint(t.Title, " Cowork VM ") + t.paint(st, clip(state, max(1, w-12)))
	if vm.CPUs > 0 {
		out += fmt.Sprintf(" · %d CPUs", vm.CPUs)
	}
	if vm.MemoryGB > 0 {
		out += fmt.Sprintf(" · %d GB", vm.MemoryGB)
	}
	if vm.BootStalls > 0 {
		out += t.paint(t.Warn, fmt.Sprintf(" · %d boot stalls", vm.BootStalls))
	}
	return padStyled(out, w)
}

func (m *Model) appLine(w int) string {
	t := m.theme
	a := m.snap.App
	texts := []string{"no Starting app line yet"}
	if a.Version != "" {
		// The longest wording that fits (issue 36 #2: "started 12-06 13:…").
		full := strings.TrimSpace(a.Version + " " + a.Platform + " " + a.Arch)
		texts = []string{full}
		if !a.StartedAt.IsZero() {
			texts = []string{full + " · started " + a.StartedAt.Format("01-02 15:04"), full}
		}
	}
	if end := words.AppEndText(m.snap); end != "" {
		// The quit leads: it is what the rest of the screen follows from.
		out := t.paint(t.Title, " App ") + t.paint(t.Warn, clip(end, max(1, w-5)))
		if rest := w - 5 - textWidth(end) - 3; rest > 4 {
			out += t.paint(t.Muted, " · "+clip(fitFirst(rest, texts), rest))
		}
		return padStyled(out, w)
	}
	out := t.paint(t.Title, " App ") + t.paint(t.Fact, clip(fitFirst(max(1, w-5), texts), max(1, w-5)))
	return padStyled(out, w)
}

// fitFirst is the first of texts that fits in w cells, else the last.
func fitFirst(w int, texts []string) string {
	for _, s := range texts {
		if clipWidth(s) <= w {
			return s
		}
	}
	return texts[len(texts)-1]
}

// fileLines is the follower's status per log: one line each, or all on one
// line when compact. Only what the lines can show is formatted: a folder of
// 20 000 rotated generations has a status each, and formatting them all
// was most of a frame (issue 29 #5).
func (m *Model) fileLines(w int, compact bool) []string {
	t := m.theme
	files := m.snap.Files
	if len(files) == 0 {
		return []string{t.paint(t.Muted, fit(" Logs: none followed yet", w))}
	}
	if compact {
		var b strings.Builder
		b.WriteString(" Logs: ")
		used := clipWidth(" Logs: ")
		for i, f := range files {
			if used > w {
				break // cut here by fit whatever follows
			}
			if i > 0 {
				b.WriteString(" · ")
				used += 3
			}
			p := filePart(f, m.snap.Now)
			b.WriteString(p)
			used += clipWidth(p)
		}
		return []string{t.paint(t.Muted, fit(b.String(), w))}
	}
	shown := files
	if len(files) > 3 {
		shown = files[:2]
	}
	out := make([]string, 0, 3)
	for _, f := range shown {
		st := t.Muted
		if f.State == event.FileUnreadable {
			st = t.Critical
		}
		out = append(out, t.paint(st, fit(" Log: "+filePart(f, m.snap.Now), w)))
	}
	if len(files) > 3 {
		out = append(out, t.paint(t.Muted, fit(moreFiles(files[2:], w), w)))
	}
	return out
}

// moreFiles is the line for the logs past the first two: how many, and
// which, by name and state, as many as the line holds (issue 36 #3: "…and
// 2 more" said not which). Only the names that fit are read.
func moreFiles(files []event.FileStatus, w int) string {
	var b strings.Builder
	fmt.Fprintf(&b, " Logs: and %d more: ", len(files))
	used := clipWidth(b.String())
	for i, f := range files {
		if used > w {
			break // cut here by fit whatever follows
		}
		if i > 0 {
			b.WriteString(", ")
			used += 2
		}
		p := f.Name + " " + f.State.String()
		b.WriteString(p)
		used += clipWidth(p)
	}
	return b.String()
}

// filePart is one log's status as the header words it. The time is the
// newest line's own stamp, with its age once it is a minute old: when
// coworktop read it says nothing of how fresh the log is (issue 36 #4: at
// start-up it was always "now").
func filePart(f event.FileStatus, now time.Time) string {
	p := f.Name + " " + f.State.String()
	switch {
	case f.Err != "":
		p += ": " + f.Err
	case f.State == event.FileFollowing || f.State == event.FileDone:
		p += fmt.Sprintf(" (%d lines", f.Lines)
		switch {
		case !f.NewestLine.IsZero():
			p += ", newest line " + f.NewestLine.Format(dayOrClock(f.NewestLine, now))
			if age := now.Sub(f.NewestLine); age >= time.Minute {
				p += ", " + vocab.FormatDuration(age) + " ago"
			}
		case !f.LastLineAt.IsZero():
			p += ", read " + clockTime(f.LastLineAt)
		}
		p += ")"
	}
	if f.Cut > 0 {
		p += fmt.Sprintf(" %d cut", f.Cut)
	}
	if f.LostBytes > 0 {
		p += " " + humanBytes(uint64(f.LostBytes)) + " lost"
	}
	if f.ListErrors > 0 {
		p += fmt.Sprintf(" %d list errors", f.ListErrors)
	}
	return p
}

// dayOrClock is the layout of a time on the title line: the clock, with
// the date when it is not now's day.
func dayOrClock(t, now time.Time) string {
	if y, mo, d := now.Date(); t.Year() == y && t.Month() == mo && t.Day() == d {
		return "15:04:05"
	}
	return "2006-01-02 15:04"
}
