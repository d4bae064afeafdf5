package ui

import (
	"fmt"
	"sort"

	"github.com/coworktop/coworktop/host"
)

// coworkVMNeeds is what the Cowork VM asks of the host when its log does not
// say otherwise (claude-logs.md §1.5: memory=4GB).
const coworkVMNeeds = 4 << 30

// groupMemory is the memory a group holds: the macOS footprint when read,
// else the RSS sum. ok is false when nothing could be read.
func groupMemory(g host.ProcessGroup) (bytes uint64, ok bool) {
	if g.Footprint.Known {
		return g.Footprint.Value, true
	}
	if g.RSS.Known {
		return g.RSS.Value, true
	}
	return 0, false
}

func (m *Model) sortedGroups() []host.ProcessGroup {
	gs := append([]host.ProcessGroup(nil), m.snap.Groups...)
	sort.SliceStable(gs, func(i, j int) bool {
		a, _ := groupMemory(gs[i])
		b, _ := groupMemory(gs[j])
		return a > b
	})
	return gs
}

// vmNeeds is the Cowork VM's size as logged, or the known 4 GB.
func (m *Model) vmNeeds() uint64 {
	if gb := m.snap.VM.MemoryGB; gb > 0 {
		return uint64(gb) << 30
	}
	return coworkVMNeeds
}

// competitionContent is the Competition pane: the scanner's groups by memory.
func (m *Model) competitionContent(w int) content {
	t := m.theme
	const memW, cpuW, shareW = 10, 5, 4
	guestW, procW := 5, 4
	// The group's name matters more than its guest size and process
	// count: in a narrow pane those go first (issue 23 #5: names cut to
	// "(demo) Docke…").
	if w-memW-cpuW-guestW-shareW-procW-5 < 22 {
		guestW, procW = 0, 0
	}
	nameW := max(6, w-memW-cpuW-shareW-3-cols(guestW)-cols(procW))
	head := newLine(t).cell(t.Heading, "GROUP", nameW).rcell(t.Heading, "MEMORY", memW).rcell(t.Heading, "CPU%", cpuW)
	optCell(head, t.Heading, "GUEST", guestW).rcell(t.Heading, "RAM", shareW)
	optCell(head, t.Heading, "PROC", procW)
	c := content{heading: head.String()}
	var total uint64
	if h := m.snap.Host; h != nil && h.Total.Known {
		total = h.Total.Value
	} else if m.snap.Counts.TotalMB > 0 {
		total = uint64(m.snap.Counts.TotalMB) << 20
	}
	var hog *host.ProcessGroup
	var hogMem uint64
	groups := m.sortedGroups()
	for i, g := range groups {
		mem, ok := groupMemory(g)
		memText, share := "unreadable", "?"
		if ok {
			memText = humanBytes(mem)
			if g.Unreadable > 0 {
				memText = "≥" + memText + fmt.Sprintf("+%d?", g.Unreadable)
			}
			if total > 0 {
				share = fmt.Sprintf("%.0f%%", 100*float64(mem)/float64(total))
			}
		}
		guest := "-"
		if g.GuestMemory.Known {
			guest = humanBytes(g.GuestMemory.Value)
		}
		st := Ink{}
		switch g.Kind {
		case host.GroupCompetitor:
			st = t.Warn
			if ok && mem > m.vmNeeds() && mem > hogMem {
				hog, hogMem = &groups[i], mem
			}
		case host.GroupCowork:
			st = t.Fact
		}
		memSt := st
		if !ok {
			memSt = t.Muted
		}
		l := newLine(t).cell(st, g.Name, nameW).rcell(memSt, memText, memW).rcell(Ink{}, host.CPUText(g), cpuW)
		optCell(l, t.Muted, guest, guestW).rcell(Ink{}, share, shareW)
		optCell(l, t.Muted, fmt.Sprint(g.Processes), procW)
		c.rows = append(c.rows, l.row(""))
		if g.Kind == host.GroupClaudeApp {
			c.rows = append(c.rows, m.helperRows(nameW, memW, cpuW, guestW, shareW, procW, total)...)
		}
	}
	if hog != nil {
		hint := fmt.Sprintf("hint: %s holds %s, more than the %s the Cowork VM needs; stop it before heavy parallel work",
			hog.Name, humanBytes(hogMem), humanBytes(m.vmNeeds()))
		for _, l := range wrap(hint, w, footerWrap) {
			c.footer = append(c.footer, t.paint(t.Warn, fit(l, w)))
		}
		c.tight = []string{t.paint(t.Warn, fit(hint, w))}
		// Collapsed (the Sessions pane has the room at 80×24), the title
		// still names the competitor.
		c.summary = hog.Name + " holds " + humanBytes(hogMem)
	}
	if m.snap.GroupsAt.IsZero() {
		c.info = "no process scan yet"
	} else {
		c.info = "by memory · scanned " + clockTime(m.snap.GroupsAt)
	}
	return c
}

// cols is the cells a right-aligned column of width w takes (0: none).
func cols(w int) int {
	if w == 0 {
		return 0
	}
	return w + 1
}

// optCell adds a right-aligned cell unless its column is left out (w 0).
func optCell(l *lineBuilder, st Ink, text string, w int) *lineBuilder {
	if w == 0 {
		return l
	}
	return l.rcell(st, text, w)
}

// helperRows are the app's own processes under its row, by role (the
// renderers, the GPU process, a large utility worker): "the app" is not
// one figure (host.HelperRow).
func (m *Model) helperRows(nameW, memW, cpuW, guestW, shareW, procW int, total uint64) []row {
	t := m.theme
	var out []row
	for _, h := range m.snap.AppHelpers {
		share := "?"
		if total > 0 {
			share = fmt.Sprintf("%.0f%%", 100*float64(h.Memory)/float64(total))
		}
		mem := humanBytes(h.Memory)
		if h.Unreadable > 0 {
			mem = "≥" + mem
		}
		l := newLine(t).cell(t.Muted, "  "+h.Label(), nameW).rcell(t.Muted, mem, memW).rcell(t.Muted, fmt.Sprintf("%.0f", h.CPUPercent), cpuW)
		optCell(l, t.Muted, "", guestW).rcell(t.Muted, share, shareW)
		optCell(l, t.Muted, fmt.Sprint(h.Processes), procW)
		out = append(out, l.row(""))
	}
	return out
}
