package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"

	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/third_party/bubbles/help"
)

// footer is the short help, or the filter prompt while typing one, or a
// one-off notice.
func (m *Model) footer(w int) string {
	if m.notice != "" {
		return m.theme.paint(m.theme.Title, fit(" "+m.notice, w))
	}
	if m.filterOn {
		return m.theme.paint(m.theme.Title, fit(fmt.Sprintf(" filter %s: %s_  (enter keeps, esc clears)", m.focus.title(), m.panes[m.focus].filter), w))
	}
	bindings := m.keys.ShortHelp()
	cacheKey := strconv.Itoa(w)
	for _, b := range bindings {
		cacheKey += strconv.FormatBool(b.Enabled())
	}
	if cacheKey != m.footerKey {
		m.footerKey, m.footerText = cacheKey, m.shortHelp(bindings, w)
	}
	return m.footerText
}

// shortHelp names every enabled binding that fits in w cells, in the
// KeyMap's order of importance, each as "key word", two spaces apart.
func (m *Model) shortHelp(bindings []key.Binding, w int) string {
	t := m.theme
	keyInk := inkOf(t.HelpKey)
	var b strings.Builder
	used := 0
	for _, k := range bindings {
		if !k.Enabled() {
			continue
		}
		h := k.Help()
		word := h.Desc
		if short, ok := footerWords[word]; ok {
			word = short
		}
		n := textWidth(h.Key) + 1 + textWidth(word)
		sep := 2
		if used == 0 {
			sep = 0
		}
		if used+sep+n > w {
			continue // a shorter one further on may still fit
		}
		b.WriteString(strings.Repeat(" ", sep) + t.paint(keyInk, h.Key) + " " + word)
		used += sep + n
	}
	return padStyled(b.String(), w)
}

// legend explains every column heading and term the screen uses.
var legend = [][2]string{
	{"app quit, update stop, app restart, disc.: idle", "disconnected, and why: the app quit, its update restart stopped it, the app started again, or its idle timeout."},
	{"silent log", "the log has had no line for over 20 minutes (the title says how long): a session that was live then is not known to be live now, and is never the next victim."},
	{"what just happened", "the line under the meters, for an hour: the newest update restart (what it stopped, what came back, which lost Remote Control), app start with no quit logged, memory-pressure sweep, crashes or burst of evictions at the cap, naming the sessions it cost. ↑ from a pane's top row selects it; enter, or a click, opens each session's part with the line it is read from."},
	{"live", "sessions coworktop sees live (active <1m or idle). The header's N/cap, the Sessions pane and the outlook all count these."},
	{"active <1m", "a live session with activity in the last minute (a log line naming it). Not proof that it is busy: it is not idle yet. JSON says \"working\"."},
	{"working", "a live session its own Claude Code record says is busy, mid-turn, however long since its last log line; the governor may still count it idle (its details say so)."},
	{"idle", "a live session with no activity for 60 s or more: the governor may evict it, the least recently active first."},
	{"idle (rc), active (rc)", "protected: Remote Control is on, so idle pauses are declined and the governor never picks it."},
	{"protected", "a session the governor never evicts (Remote Control, or in 2.x a running one or one with live scheduled jobs); never shown as the next victim."},
	{"paused: idle", "paused by its own idle timer (the app's idle timeout), not by the governor."},
	{"evicted", "paused by the governor to make room: at the cap, or in a memory-pressure sweep."},
	{"disconnected", "no longer live: the idle timeout ran out, the app quit or restarted, or its process ended (crashed: killed or exited under it)."},
	{"warm spawn", "a session the app starts ahead of time so the next task opens fast; at the cap the governor yields it or evicts an idle session for it."},
	{"user spawn", "a session you started; at the cap the governor evicts an idle session to make room."},
	{"yield", "the governor declined a warm spawn at the cap rather than evict a session for it."},
	{"sweep", "under memory pressure the governor evicts idle sessions, in 2.x down to cap − 2 (coworktop's reading of its target)."},
	{"headroom", "how many more sessions fit before the cap (\"room for N more before the app pauses idle sessions\"), and before cap − 2, where a memory-pressure sweep stops (snapshot's headroom)."},
	{"  main, renderer, gpu, utility", "the Claude app's own processes under its row, by role; a process holding 512 MiB or more (a stats worker) on a row of its own, with its pid; memory in the OS's own terms."},
	{"CPU%", "the group's CPU use since the last scan, as a share of one core (200 = two cores busy); ≥ when some of its processes could not be read."},
	{"governor counts N", "the governor's own count (live sessions plus spawns in flight; the log calls it \"effective\") as it last logged it, with the age of that line; \"the governor has not logged its count yet\" before any line gives it."},
	{"(logged)", "a figure the app wrote in its log."},
	{"~N, (est.)", "coworktop's estimate: the cap from RAM as max(6, RAM/3 GiB) until a cap= line is seen; an idle time from the last activity line."},
	{"cap, cap − 2", "the governor's session cap: at it, a new session makes the app pause (evict) an idle one. cap − 2 is coworktop's reading of a 2.x memory-pressure sweep's target: the sweep evicts idle sessions until that many are left; the app logs no such figure and gives no advice."},
	{"MEM", "the session's own memory: its claude process and what it started (MCP servers, tools, shells), joined by its record's pid, in the OS's own terms (footprint, private working set, RSS); + when some could not be read. Cowork tasks run inside the VM and are not split."},
	{"IDLE", "time since the session's last activity; it climbs between log lines."},
	{"NEXT", "what comes next for the session, in a few words: its idle pause (\"paused in 3m10s\", \"paused 13:59 · RC off\": Remote Control left off by an update restart), an eviction (\"evicted next (est.)\", \"sweep evicts it (est.)\"), \"update restart\", a stall or a long wait; the whole sentence, its evidence and what to do are in the details (enter)."},
	{"sort urgent", "the Sessions pane's default order: the sessions that need you, then those about to be lost, the soonest first, then the stalled, then the others by idle time; s cycles recent, idle, project and started."},
	{"EVICTED (column)", "in Sessions, times the governor evicted this session (2×); the column is shown only when some session was."},
	{"!", "a session at risk: the next warm spawn, or a memory-pressure sweep, would evict it (inferred by coworktop)."},
	{"AT RISK", "in Evictions, a risk coworktop infers now that no one session's row says (the app stalled, orphans, the VM after a quit, the memory trend, an update restart coming), with the evidence it is read from; enter on its row opens the whole text, and z wraps the pane. A session's own risk (a coming eviction or pause, pauses declined, a stall, a long wait) is its NEXT cell, whole in its details."},
	{"EVICTED, CRASHED, STOPPED, IDLE PAUSE, LOST (bg)", "lost sessions, from main.log, the VM logs and the Claude Code daemon's log, each with its cause; enter opens the line it is read from (file:line)."},
	{"next (est)", "always an estimate: the session a warm spawn at the cap would evict, the least recently active idle ≥ 60 s, never a protected one."},
	{"<60s: safe", "idle for less than 60 s: the governor never evicts it."},
	{quota.ShareHead, quota.ShareHelp},
	{"MEMORY, GUEST", "memory a group of processes holds; memory a VM gives its guest (from its command line)."},
	{"RAM, PROC", "the group's share of the machine's memory; the processes in the group."},
	{"E P y", "memory timeline marks: eviction, pressure, yield."},
	{"Quota 5h, 7d", "the account's quota used, the window nearest its end first (5-hour, 7-day, per-model weekly), with its reset time, source (statusline, desktop, cache) and age; stale past the source's normal interval. Account-wide figures: they include cloud sessions and other devices, and no source gives one session's share. \"no 5-hour limit\": the plan has none; \"reset since\": the figure is from before its reset; at 100 % a session may go on at lower priority or finish the turn. \"at this pace\" is coworktop's estimate from the recent readings."},
	{"↓ N more", "rows below the pane's edge: scroll with ↓/j, pgdn or the wheel."},
	{"NEEDS YOU", "what the session waits for from you, by its own Claude Code record (\"approve Bash · 12m\": a permission prompt waiting 12 minutes); nothing when it does not wait (STATE says working or idle), or has no record or its version does not report one. Shown only where the records were read."},
	{"needs you N", "in the title line: the sessions (and background sessions) whose record says they wait for you; \"needs you ?\" when no record folder was found, or one could not be read and none is seen waiting; \"N+\" when one could not be read and N wait (coworktop doctor says which)."},
	{"NAME", "the session's title from the app's own record; the folder's name where none is recorded (the folder stays in the details). Two sessions of one name are told apart by their short id after it; the full id is in the details (enter)."},
	{"(rc), (sched)", "protected: Remote Control is on, or it is a scheduled task; the governor never picks it, so it is never \"next\"."},
	{"bg", "a background session of the Claude Code supervisor (agent view), from its job record; a row of its own kind, not a desktop session."},
	{"at risk: waiting", "a session that waits for you and is also the next victim, in a pressure sweep's way, or within 5 minutes of its idle pause: marked ! with every reason in the details."},
	{"log and record disagree", "the log and the session's record tell different stories (no activity logged, the record says busy): STATE always shows the log, NEEDS YOU the record."},
	{"cloud Cowork", "Cowork runs new tasks in the cloud by default; they leave nothing on this machine, so when no local Cowork session is seen coworktop says so rather than that nothing runs."},
}

// helpLines is the help's text at width w: every key, then the legend.
func (m *Model) helpLines(w int) []string {
	out := m.keyLines(w)
	t := m.theme
	out = append(out, strings.Repeat(" ", w), t.paint(t.Heading, fit(" Columns and terms", w)))
	const termW = 21
	for _, e := range legend {
		if w < termW+20 {
			for _, l := range wrap(e[0]+": "+e[1], w-2, 1<<10) {
				out = append(out, fit(" "+l, w))
			}
			continue
		}
		// A term wider than its column gets a line of its own, whole
		// (issue 23 #6: "EVICTED, CRASHED, ST…").
		term := e[0]
		if textWidth(term) > termW-1 {
			for _, l := range wrap(term, w-2, 1<<10) {
				out = append(out, t.paint(t.Fact, fit(" "+l, w)))
			}
			term = ""
		}
		for i, l := range wrap(e[1], w-termW-2, 1<<10) {
			if i > 0 {
				term = ""
			}
			out = append(out, t.paint(t.Fact, fit(" "+term, termW+1))+fit(l, w-termW-1))
		}
	}
	return append(out, strings.Repeat(" ", w), fit(" ↑/↓ scroll this help · ? or esc closes it", w))
}

// keyLines lists every enabled binding of the full help: the help bubble's
// columns when they fit in w, else as many columns as fit, none cut (the
// bubble cuts a column that does not fit to "…").
func (m *Model) keyLines(w int) []string {
	hm := m.help
	hm.SetWidth(w - 1)
	if full := hm.FullHelpView(m.keys.FullHelp()); !strings.Contains(full, "…") {
		var out []string
		for _, l := range strings.Split(full, "\n") {
			out = append(out, padStyled(" "+l, w))
		}
		return out
	}
	t := m.theme
	keyInk := inkOf(t.HelpKey)
	var all []key.Binding
	keyW, descW := 0, 0
	for _, col := range m.keys.FullHelp() {
		for _, b := range col {
			if b.Enabled() {
				all = append(all, b)
				keyW = max(keyW, textWidth(b.Help().Key))
				descW = max(descW, textWidth(b.Help().Desc))
			}
		}
	}
	cellW := 1 + keyW + 1 + descW + 2
	cols := max(1, min(3, w/cellW))
	perCol := (len(all) + cols - 1) / cols
	out := make([]string, 0, perCol)
	for r := range perCol {
		var b strings.Builder
		for c := range cols {
			i := c*perCol + r
			if i >= len(all) {
				break
			}
			h := all[i].Help()
			b.WriteString(" " + t.paint(keyInk, fit(h.Key, keyW)) + " " + fit(h.Desc, min(descW, max(1, w-keyW-2))) + "  ")
		}
		out = append(out, padStyled(b.String(), w))
	}
	return out
}

// helpScreen draws the help in a box of w×h, scrolled to m.helpOffset.
func (m *Model) helpScreen(w, h int) []string {
	inner := m.helpLines(w - 2)
	rows := h - 2
	m.helpOffset = max(0, min(m.helpOffset, len(inner)-rows))
	t := m.theme
	title := "─ Help "
	if more := len(inner) - m.helpOffset - rows; more > 0 {
		title += fmt.Sprintf("· ↓ %d more ", more)
	}
	out := []string{t.paint(t.Focus, "┌"+title+strings.Repeat("─", max(0, w-2-textWidth(title)))+"┐")}
	for i := range rows {
		l := strings.Repeat(" ", w-2)
		if j := m.helpOffset + i; j < len(inner) {
			l = inner[j]
		}
		out = append(out, t.paint(t.Focus, "│")+l+t.paint(t.Focus, "│"))
	}
	return append(out, t.paint(t.Focus, "└"+strings.Repeat("─", w-2)+"┘"))
}

// helpStyles gives the help bubble the theme's colours (none when off).
func helpStyles(t Theme) help.Styles {
	if !t.Color {
		plain := lipgloss.NewStyle()
		return help.Styles{ShortKey: plain, ShortDesc: plain, ShortSeparator: plain, Ellipsis: plain,
			FullKey: plain, FullDesc: plain, FullSeparator: plain}
	}
	st := help.DefaultStyles(true)
	keyStyle := t.HelpKey
	st.ShortKey = keyStyle
	st.FullKey = keyStyle
	st.ShortDesc = lipgloss.NewStyle()
	st.FullDesc = lipgloss.NewStyle()
	return st
}
