package ui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// crowdedModel is the fixture plus 40 sessions and 20 process groups, so
// that every pane has more rows than any screen shows.
func crowdedModel(t testing.TB) *Model {
	m := New(Options{Clock: func() time.Time { return fixedNow }})
	u := fixtureUpdate(t)
	for i := range 40 {
		id := fmt.Sprintf("local_%08x-aaaa-4bbb-8ccc-%012d", 0xa0000000+i, i)
		u.Events = append(u.Events,
			event.Event{Time: fixedNow.Add(-time.Duration(i) * time.Minute), Kind: event.KindSessionStart, Session: id, Cwd: fmt.Sprintf("/p/project-%d", i)})
	}
	for i := range 20 {
		u.Groups = append(u.Groups, host.ProcessGroup{Key: fmt.Sprint(i), Name: fmt.Sprintf("engine %d", i), Kind: host.GroupCompetitor,
			Processes: i, RSS: vocab.Figure{Value: uint64(i) << 28, Known: true}})
	}
	m.Update(sizeMsg(120, 40))
	m.Update(UpdatesMsg{u})
	return m
}

// TestEveryPaneShowsARowOrASummary: at every size from 60×20 to 240×70,
// with the fixture, a crowded screen, and the event log on or off, every
// pane on screen shows at least one row of content or is one line that
// summarises it; no pane is left out; the header and the Sessions pane
// show one live count.
func TestEveryPaneShowsARowOrASummary(t *testing.T) {
	models := map[string]*Model{"fixture": fixtureModel(t, 120, 40, false), "crowded": crowdedModel(t)}
	for name, m := range models {
		for _, showLog := range []bool{false, true} {
			m.showLog = showLog
			for _, w := range steps(60, 240, 7) {
				for _, h := range steps(20, 70, 3) {
					m.Update(sizeMsg(w, h))
					out := frame(m)
					checkPanes(t, fmt.Sprintf("%s log=%v %dx%d", name, showLog, w, h), m, out)
				}
			}
		}
	}
}

var (
	headerLive = regexp.MustCompile(`Ses\[[| ]*(\d+)[/ ]`)
	paneLive   = regexp.MustCompile(`Sessions · (\d+) live`)
)

func checkPanes(t *testing.T, where string, m *Model, out string) {
	t.Helper()
	h, p := headerLive.FindStringSubmatch(out), paneLive.FindStringSubmatch(out)
	if h == nil || p == nil || h[1] != p[1] || h[1] != strconv.Itoa(m.snap.Live) {
		t.Fatalf("%s: header %v, Sessions pane %v, snapshot %d live:\n%s", where, h, p, m.snap.Live, out)
	}
	lines := strings.Split(out, "\n")
	drawn := map[paneID]paneHit{}
	for _, p := range m.hits {
		drawn[p.id] = p
	}
	for _, id := range m.visiblePanes() {
		p, ok := drawn[id]
		if !ok {
			t.Fatalf("%s: %s is not on screen:\n%s", where, id.title(), out)
		}
		if p.h == 1 {
			title := lines[p.y][p.x:]
			if !strings.Contains(title, "nothing yet") && !strings.Contains(title, "hidden") && !strings.Contains(title, "no memory samples") && !strings.Contains(title, "free ") {
				t.Fatalf("%s: %s is one line without a summary: %q", where, id.title(), lines[p.y])
			}
			continue
		}
		if id == paneTimeline {
			continue // a chart row at least: timelineBody draws one for any height ≥ 2
		}
		rows := m.contentFor(id, 80).filtered(m.panes[id].filter).n
		if rows > 0 && m.panes[id].shown < 1 {
			t.Fatalf("%s: %s has %d rows and shows none:\n%s", where, id.title(), rows, out)
		}
	}
}

// TestEmptyPanesShrink: a pane with nothing to show takes one line, and a
// pane with hidden rows says how many.
func TestEmptyPanesShrink(t *testing.T) {
	m := New(Options{Clock: func() time.Time { return fixedNow }})
	m.Update(sizeMsg(80, 24))
	m.Update(UpdatesMsg{{Events: parseLog(t, "main.log", fixtureLog)}})
	out := frame(m)
	for _, want := range []string{"Competition · no process scan yet · nothing yet"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q on screen:\n%s", want, out)
		}
	}
	m = crowdedModel(t)
	m.Update(sizeMsg(80, 24))
	out = frame(m)
	if !strings.Contains(out, "more ─") || !strings.Contains(out, "↓ ") {
		t.Errorf("hidden rows give no sign:\n%s", out)
	}
}

// steps is from, from+by, … and to itself.
func steps(from, to, by int) []int {
	var out []int
	for v := from; v < to; v += by {
		out = append(out, v)
	}
	return append(out, to)
}
