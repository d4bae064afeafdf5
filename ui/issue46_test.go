package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/words"
)

// The away story two minutes before its two pauses (13:58): the sessions
// about to be lost are the first rows, at every size (issue 46).
const beforePause = "13:58:00"

// TestGoldenBeforeThePause: the away story at 13:58 at 80×24, 120×40 and
// 200×50, compared with testdata/TestGoldenBeforeThePause/<size>.golden
// (-update rewrites them; regenerate, never merge by hand).
func TestGoldenBeforeThePause(t *testing.T) {
	for _, sz := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"120x40", 120, 40}, {"200x50", 200, 50}} {
		t.Run(sz.name, func(t *testing.T) {
			golden.RequireEqual(t, []byte(frame(storyModel(t, sz.w, sz.h, beforePause))))
		})
	}
}

// liveRowRe is a Sessions row in a live state.
var liveRowRe = regexp.MustCompile(`^[│ ]?[ >!]\S.* (idle|active <1m|working)( \(\w+\))? +`)

// sessionRows are the Sessions pane's rows of a frame (the left box in
// the wide layout), up to the next pane's title.
func sessionRows(out string) []string {
	var rows []string
	in := false
	for _, l := range strings.Split(out, "\n") {
		if i := strings.Index(l, "││"); i > 0 {
			l = l[:i]
		}
		switch {
		case strings.Contains(l, "Sessions ·"):
			in = true
		case in && (strings.Contains(l, "STATE") || strings.HasPrefix(l, "└")):
		case in && titleRule.MatchString(strings.TrimLeft(l, "│")):
			return rows
		case in && strings.HasPrefix(l, "┌"):
			return rows
		case in:
			rows = append(rows, l)
		}
	}
	return rows
}

func liveRows(out string) int {
	n := 0
	for _, r := range sessionRows(out) {
		if liveRowRe.MatchString(r) {
			n++
		}
	}
	return n
}

// Point 1: every live session is a row at 120×40 with 12 live, and at
// 80×24 the Sessions pane shows at least 6 rows.
func TestSessionsGetTheRoom(t *testing.T) {
	m := manySessions(t, 7) // the fixture's 5 live and 7 more
	m.Update(sizeMsg(120, 40))
	out := ansiSeq.ReplaceAllString(frame(m), "")
	if m.snap.Live != 12 {
		t.Fatalf("%d live, want 12", m.snap.Live)
	}
	if n := liveRows(out); n != 12 {
		t.Errorf("120x40: %d of 12 live sessions are rows:\n%s", n, out)
	}
	for _, mm := range []*Model{fixtureModel(t, 80, 24, false), storyModel(t, 80, 24, beforePause)} {
		out := frame(mm)
		if n := len(sessionRows(out)); n < 6 {
			t.Errorf("80x24: %d Sessions rows, want at least 6:\n%s", n, out)
		}
	}
}

// Point 2: urgent first. Two minutes before the pauses the two sessions
// without Remote Control lead, soonest first; a session that waits for
// the person leads them all; s still cycles the sorts.
func TestUrgentFirst(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		rows := sessionRows(frame(storyModel(t, sz[0], sz[1], beforePause)))
		if len(rows) < 3 || !strings.Contains(rows[0], "data-pipeline") || !strings.Contains(rows[1], "terraform") ||
			!strings.Contains(rows[0], "paused 13:59 · RC off") || !strings.Contains(rows[2], "paused in 8m") {
			t.Errorf("%dx%d: the sessions about to be paused do not lead, soonest first:\n%s", sz[0], sz[1], strings.Join(rows, "\n"))
		}
	}
	rows := sessionRows(frame(recordsModel(t, 120, 40)))
	if len(rows) == 0 || !strings.Contains(rows[0], "Docs: release") || !strings.Contains(rows[0], "Bash · 8m") {
		t.Errorf("the session that needs you does not lead:\n%s", strings.Join(rows, "\n"))
	}
	m := storyModel(t, 120, 40, beforePause)
	press(m, "s")
	if !strings.Contains(frame(m), "sort recent") {
		t.Error("s does not cycle to the next sort")
	}
}

// Point 3: one line a row. No Evictions row wraps at any size, and the
// ranking has at most one line of estimate under it.
func TestOneLineARow(t *testing.T) {
	for _, m := range []*Model{fixtureModel(t, 200, 50, false), awayModel(t, 200, 50), storyModel(t, 120, 40, "13:20:09")} {
		for _, id := range []paneID{paneEvictions, paneRanking, paneSessions} {
			c := m.contentFor(id, 118)
			rows := c.filtered("")
			for i := range rows.n {
				if r := rows.at(i); len(r.more) > 0 {
					t.Errorf("%s: a row wraps: %q + %q", id.title(), r.plain, r.more)
				}
			}
			if len(c.footer) > 1 {
				t.Errorf("%s: %d footer lines, want one at most", id.title(), len(c.footer))
			}
		}
	}
}

// Point 4: a session its record says is busy reads "working", never
// "idle"; the first screen has no log words.
func TestStateWordsAndNoJargon(t *testing.T) {
	m := recordsModel(t, 120, 40)
	id := ""
	for _, s := range m.snap.Sessions {
		if s.Live() && s.State == governor.StateIdle {
			id = s.ID
			break
		}
	}
	busy := governor.SessionView{State: governor.StateIdle, Attention: record.AttentionBusy}
	if got := stateLabel(busy); got != "working" {
		t.Errorf("a busy session idle to the log reads %q, want working", got)
	}
	if id == "" {
		t.Fatal("no idle session in the records fixture")
	}
	jargon := regexp.MustCompile(`sys_free|warm spawn|effective|reaped|AbortError|\bbusy\b`)
	frames := goldenFrames(t)
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		frames["before the pause"] = frame(storyModel(t, sz[0], sz[1], beforePause))
		frames["records"] = frame(recordsModel(t, sz[0], sz[1]))
		for name, f := range frames {
			if l := jargon.FindString(f); l != "" {
				t.Errorf("%s at %dx%d: %q on the first screen", name, sz[0], sz[1], l)
			}
		}
	}
}

// Point 5: never said twice. No risk's whole sentence is on the first
// screen (it is in the details), and a session's risk is said once.
func TestRiskSaidOnce(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, m := range []*Model{fixtureModel(t, sz[0], sz[1], false), storyModel(t, sz[0], sz[1], beforePause), recordsModel(t, sz[0], sz[1])} {
			out := frame(m)
			for _, r := range m.snap.Risks {
				if strings.Contains(out, words.RiskSummary(r)) {
					t.Errorf("%dx%d: the whole risk is on the first screen: %q", sz[0], sz[1], words.RiskSummary(r))
				}
				if r.Session == "" {
					continue
				}
				name := m.sessionName(r.Session)
				n := 0
				for _, l := range strings.Split(out, "\n") {
					if strings.Contains(l, name) && strings.Contains(l, words.RiskShort(r)) {
						n++
					}
				}
				if n > 1 {
					t.Errorf("%dx%d: %s's risk %q is said %d times:\n%s", sz[0], sz[1], name, words.RiskShort(r), n, out)
				}
			}
		}
	}
}

// The Sessions pane's room is taken from the others: a collapsed
// Competition pane still names the competitor that holds the memory.
func TestCollapsedCompetitionNamesTheCompetitor(t *testing.T) {
	out := frame(fixtureModel(t, 80, 24, false))
	if !strings.Contains(out, "Competition · Docker Desktop holds 6.0G · ") {
		t.Errorf("the collapsed Competition pane does not name the competitor:\n%s", out)
	}
}

// Until the person moves it, the cursor stays on the top row as the
// urgent order changes with the data (the demo's cursor followed its first
// session to the bottom and scrolled the one that needed the person off
// the 80×24 screen); once moved, it follows its session.
func TestCursorStaysOnTopUntilMoved(t *testing.T) {
	now := storyClock("13:20:09")
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return now }, Version: "test"})
	m.Update(sizeMsg(80, 24))
	m.Update(UpdatesMsg{{Events: storyEvents(t, now)}})
	if top := sessionRows(frame(m))[0]; !strings.HasPrefix(top, ">docs-site") {
		t.Fatalf("at 13:20:09 the cursor is not on the top row: %q", top)
	}
	later := storyClock(beforePause)
	var rest []event.Event
	for _, e := range storyEvents(t, later) {
		if e.Time.After(now) {
			rest = append(rest, e)
		}
	}
	now = later
	m.Update(UpdatesMsg{{Events: rest}})
	if top := sessionRows(frame(m))[0]; !strings.HasPrefix(top, ">data-pipeline") {
		t.Errorf("the order changed and the cursor left the top row: %q\n%s", top, frame(m))
	}
	press(m, "down") // terraform: chosen
	m.sortBy = sortProject
	m.dirty = true
	if got := highlighted(t, m); m.snap.Sessions == nil || got != shortOf(sessionIDNamed(m, "terraform")) {
		t.Errorf("a chosen row does not follow its session: on %s", got)
	}
}

func sessionIDNamed(m *Model, name string) string {
	for _, s := range m.snap.Sessions {
		if governor.SessionName(s) == name {
			return s.ID
		}
	}
	return ""
}
