package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// focusEvictions tabs to the Evictions pane.
func focusEvictions(t *testing.T, m *Model) {
	t.Helper()
	for range paneCount {
		if m.focus == paneEvictions {
			return
		}
		press(m, "tab")
	}
	t.Fatal("no Evictions pane in the tab order")
}

// TestEnterOpensARisk: enter on an AT RISK row (the away story's update
// warning, which no session's row says whole) opens its whole text with
// its evidence, which the one-line row cuts; esc closes it; enter on a
// loss opens its cause and its line (issue 23 #3, issue 46).
func TestEnterOpensARisk(t *testing.T) {
	m := storyModel(t, 80, 24, "13:20:09")
	var r *governor.Risk
	for i := range m.snap.Risks {
		if m.snap.Risks[i].Kind == governor.RiskUpdateRestart {
			r = &m.snap.Risks[i]
		}
	}
	if r == nil {
		t.Fatal("the story has no update risk at 13:20:09")
	}
	focusEvictions(t, m)
	if strings.Contains(frame(m), words.RiskSummary(*r)) {
		t.Fatalf("the row already shows the whole risk at 80 columns; the test proves nothing:\n%s", frame(m))
	}
	press(m, "enter")
	out := frame(m)
	flat := strings.Join(strings.Fields(strings.NewReplacer("│", " ").Replace(out)), " ")
	if !strings.Contains(flat, strings.Join(strings.Fields("AT RISK now: "+words.RiskText(*r)), " ")[:60]) {
		t.Errorf("enter did not open the whole risk %q:\n%s", words.RiskText(*r), out)
	}
	for _, e := range words.RiskEvidence(*r) {
		if !strings.Contains(flat, strings.Join(strings.Fields(e), " ")) {
			t.Errorf("the opened risk lacks its evidence %q:\n%s", e, out)
		}
	}
	if m.details != "" {
		t.Errorf("enter on a risk opened the session details of %q", m.details)
	}
	press(m, "esc")
	if m.openText != nil || strings.Contains(frame(m), "full text") {
		t.Error("esc did not close the opened risk")
	}
	press(m, "down", "enter") // the loss under the risk
	out = frame(m)
	if !strings.Contains(out, "IDLE PAUSE") || !strings.Contains(out, "main.log:") || !strings.Contains(out, "evidence:") {
		t.Errorf("enter on a loss:\n%s", out)
	}
}

// TestDetailsListRisks: a session marked ! lists its risks, whole, in its
// details (issue 23 #3).
func TestDetailsListRisks(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	var at *governor.SessionView
	for i, s := range m.snap.Sessions {
		if s.AtRisk != governor.RiskNone {
			at = &m.snap.Sessions[i]
		}
	}
	if at == nil {
		t.Fatal("no session at risk in the fixture")
	}
	m.details = at.ID
	m.dirty = true
	out := frame(m)
	if !strings.Contains(out, "at risk: ") || !strings.Contains(out, "evidence: ") {
		t.Errorf("the details of %s do not list its risk:\n%s", at.ID, out)
	}
}

// TestZoomWraps: a zoomed Evictions pane wraps the cause the one-line
// row cuts (z says more, issue 46), in the away story at 80x24.
func TestZoomWraps(t *testing.T) {
	m := awayModel(t, 80, 24)
	const whole = "idle timeout: Remote Control was not turned back on after the 13:44 update"
	if strings.Contains(frame(m), whole) {
		t.Fatalf("the row is whole unzoomed; the test proves nothing:\n%s", frame(m))
	}
	focusEvictions(t, m)
	press(m, "z")
	out := frame(m)
	if pane := out[strings.Index(out, "Evictions ·"):]; strings.Contains(pane, "…") {
		t.Errorf("the zoomed Evictions pane still cuts text:\n%s", out)
	}
	flat := strings.Join(strings.Fields(out), " ")
	if !strings.Contains(flat, whole) {
		t.Errorf("the zoomed pane lacks the whole cause %q:\n%s", whole, out)
	}
}

// hexLead is a row that starts with a bare short id.
var hexLead = regexp.MustCompile(`^[│>! ]*(\d+ +)?[0-9a-f]{8}\b`)

// TestNamesFirst: at every width, every row of Sessions, Idle ranking and
// Evictions that names a session leads with its project or title, never
// a bare hex id; the next victim is named (issue 23 #5).
func TestNamesFirst(t *testing.T) {
	for _, sz := range [][2]int{{60, 20}, {80, 24}, {100, 30}, {120, 40}, {160, 45}, {200, 50}} {
		m := fixtureModel(t, sz[0], sz[1], false)
		for _, id := range []paneID{paneSessions, paneRanking, paneEvictions} {
			for _, w := range []int{40, 58, 78, 118} {
				c := m.paneContent(id, w)
				rows := c.filtered("")
				for i := range rows.n {
					r := rows.at(i)
					if hexLead.MatchString(r.plain) {
						t.Errorf("%dx%d %s at %d: row leads with an id: %q", sz[0], sz[1], id.title(), w, r.plain)
					}
				}
			}
		}
		out := frame(m)
		if sz[0] >= 120 && !strings.Contains(out, "Docker Desktop ") {
			t.Errorf("%dx%d: a competitor's name is cut:\n%s", sz[0], sz[1], out)
		}
		if !strings.Contains(out, "docs") || !regexp.MustCompile(`docs +\|*.*◀ next`).MatchString(out) {
			t.Errorf("%dx%d: the next victim is not named:\n%s", sz[0], sz[1], out)
		}
	}
}

// TestEvictionsKeepARow: however many risks there are, the newest real
// eviction keeps a row at 80×24 (issue 23 #3: risk rows pushed every
// eviction out of view).
func TestEvictionsKeepARow(t *testing.T) {
	m := fixtureModel(t, 80, 24, false)
	extra := m.snap.Risks[0]
	for range 6 {
		m.snap.Risks = append(m.snap.Risks, extra)
	}
	m.frozen = true // keep the doctored snapshot
	m.dirty = true
	out := frame(m)
	if !strings.Contains(out, "EVICTED") {
		t.Errorf("no eviction in view under %d risks:\n%s", len(m.snap.Risks), out)
	}
}

// TestFilterFeedback: / on the memory timeline says why nothing happens,
// and a filtered title counts the rows it shows (issue 23 #5).
func TestFilterFeedback(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	for m.focus != paneTimeline {
		press(m, "tab")
	}
	press(m, "/")
	if m.filterOn || !strings.Contains(frame(m), "no rows to filter") {
		t.Errorf("/ on the timeline: filterOn=%v\n%s", m.filterOn, frame(m))
	}
	m = fixtureModel(t, 120, 40, false)
	press(m, "/", "b", "i", "l", "l", "enter") // billing: an evicted session
	out := frame(m)
	if !strings.Contains(out, "Sessions /bill · 1 of 7 rows") || strings.Contains(out, "/bill · 5 live") {
		t.Errorf("the filtered title does not count its rows:\n%s", out)
	}
}

// TestEventLogOneQuit: one quit of the app is one line of the event log,
// though it writes "Stopping N active session(s) on quit", beforeQuit and
// willQuit (issue 23 #5: the event log wrote one quit twice); a second
// quit after a new start is a line of its own.
func TestEventLogOneQuit(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	m.Update(UpdatesMsg{{Events: parseLog(t, "main.log", `2026-09-30 14:10:01 [info] [CCD] Stopping 3 active session(s) on quit
2026-09-30 14:10:01 [info] beforeQuit: handler fired
2026-09-30 14:10:02 [info] willQuit: handler is ready for quit, so quitting
`)}})
	m.refresh()
	rows := m.logRows(100, nil)
	quits := 0
	for _, r := range rows {
		if strings.Contains(r.plain, "app quitting") {
			quits++
		}
	}
	if quits != 1 {
		var all []string
		for _, r := range rows {
			all = append(all, r.plain)
		}
		t.Errorf("one quit, %d event log lines:\n%s", quits, strings.Join(all, "\n"))
	}
}

// TestTitlesNeverShareALine: two panes' titles are never squeezed onto one
// line (issue 23 #5), but for the top borders of two boxes side by side,
// at every size of the wide and compact layouts, with the event log on and
// off.
func TestTitlesNeverShareALine(t *testing.T) {
	title := regexp.MustCompile(`(Sessions|Idle ranking|Evictions|Competition|Event log|Memory timeline) ·`)
	for name, m := range map[string]*Model{"fixture": fixtureModel(t, 120, 40, false), "crowded": crowdedModel(t)} {
		for _, log := range []bool{false, true} {
			m.showLog = log
			for w := 60; w <= 240; w += 13 {
				for h := 15; h <= 70; h += 4 {
					m.Update(sizeMsg(w, h))
					for _, l := range strings.Split(frame(m), "\n") {
						if n := len(title.FindAllString(l, -1)); n >= 2 && strings.Count(l, "┌") != n {
							t.Fatalf("%s log=%v %dx%d: two titles on one line: %q", name, log, w, h, l)
						}
					}
				}
			}
		}
	}
}

// TestWideScreenWidensTheLeftPanes: at 200 columns the Evictions pane
// (whose causes run long) is wider than 120 columns; the right column
// stops at rightMax (issue 23 #3).
func TestWideScreenWidensTheLeftPanes(t *testing.T) {
	m := fixtureModel(t, 200, 50, false)
	for _, l := range strings.Split(frame(m), "\n") {
		if i := strings.Index(l, "┌─ Evictions"); i >= 0 {
			box := l[i:strings.Index(l, "┐")]
			if w := textWidth(box) + 1; w <= 120 {
				t.Errorf("at 200 columns the Evictions pane is %d wide", w)
			}
			return
		}
	}
	t.Fatal("no Evictions box at 200x50")
}

// TestIdleDoesNotRunIntoCause: an Evictions row's idle time is followed by
// two spaces before its cause, at every width (issue 23 #5: IDLE overflowed
// into CAUSE).
func TestIdleDoesNotRunIntoCause(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	idle := regexp.MustCompile(`\d+[ms]\d*s?(?: \(est\.\))?( *)\S`)
	for _, w := range []int{56, 78, 118, 134} {
		c := m.paneContent(paneEvictions, w)
		if !strings.Contains(c.heading, "IDLE") {
			continue // too narrow: the idle time ends the cause (evColumns)
		}
		for _, r := range c.rows {
			if strings.Contains(r.plain, "EVICTED") {
				if g := idle.FindStringSubmatch(r.plain[30:]); g == nil || len(g[1]) < 2 {
					t.Errorf("at %d: idle runs into the cause: %q", w, r.plain)
				}
			}
		}
	}
}

// TestCutLinesShown: the live view's log line says how many lines were cut
// (issue 29 #4: the TUI showed none).
func TestCutLinesShown(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	m.Update(UpdatesMsg{{Files: []event.FileStatus{{Name: "main.log", State: event.FileFollowing, Lines: 30, Cut: 1}}}})
	m.refresh()
	if out := frame(m); !strings.Contains(out, "1 cut") {
		t.Errorf("no cut line on screen:\n%s", out)
	}
}
