package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"charm.land/lipgloss/v2"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/vocab"
)

func sizeMsg(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

func press(m *Model, keys ...string) tea.Cmd {
	var last tea.Cmd
	for _, k := range keys {
		var msg tea.KeyPressMsg
		switch k {
		case "tab":
			msg = tea.KeyPressMsg{Code: tea.KeyTab}
		case "shift+tab":
			msg = tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
		case "esc":
			msg = tea.KeyPressMsg{Code: tea.KeyEscape}
		case "enter":
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		case "space":
			msg = tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
		case "down":
			msg = tea.KeyPressMsg{Code: tea.KeyDown}
		case "backspace":
			msg = tea.KeyPressMsg{Code: tea.KeyBackspace}
		default:
			r := []rune(k)[0]
			msg = tea.KeyPressMsg{Code: r, Text: k}
		}
		_, last = m.Update(msg)
	}
	return last
}

func frame(m *Model) string { return m.View().Content }

// TestEverySizeRenders draws the fixture from 1×1 to 400×120: never a panic,
// always exactly height lines of exactly width cells.
func TestEverySizeRenders(t *testing.T) {
	m := fixtureModel(t, 120, 40, true)
	sizes := [][2]int{{1, 1}, {2, 1}, {1, 2}, {59, 14}, {60, 15}, {61, 16}, {79, 23}, {80, 24}, {109, 33}, {110, 34}, {400, 120}}
	for w := 1; w <= 400; w += 37 {
		for h := 1; h <= 120; h += 13 {
			sizes = append(sizes, [2]int{w, h})
		}
	}
	for _, sz := range sizes {
		for _, setup := range []func(){func() {}, func() { m.showLog = true }, func() { m.zoomed = true }, func() { m.showHelp = true }} {
			m.showLog, m.zoomed, m.showHelp = false, false, false
			setup()
			m.Update(sizeMsg(sz[0], sz[1]))
			out := frame(m)
			lines := strings.Split(out, "\n")
			if len(lines) != sz[1] {
				t.Fatalf("%dx%d: %d lines", sz[0], sz[1], len(lines))
			}
			for i, l := range lines {
				if w := lipgloss.Width(l); w != sz[0] {
					t.Fatalf("%dx%d: line %d is %d cells: %q", sz[0], sz[1], i, w, l)
				}
			}
		}
	}
	m.Update(sizeMsg(40, 10))
	if !strings.Contains(frame(m), "terminal too small") {
		t.Error("40x10 does not say the terminal is too small")
	}
}

func TestFocusFilterAndClear(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	if m.focus != paneSessions {
		t.Fatal("focus does not start on Sessions")
	}
	press(m, "tab")
	if m.focus != paneRanking {
		t.Fatalf("tab: focus %v", m.focus)
	}
	press(m, "shift+tab", "/", "b", "i", "l")
	if !m.filterOn || m.panes[paneSessions].filter != "bil" {
		t.Fatalf("filter %q on=%v", m.panes[paneSessions].filter, m.filterOn)
	}
	press(m, "enter")
	out := frame(m)
	if !strings.Contains(out, "billing") || strings.Contains(out, "22222222") {
		t.Errorf("filtered Sessions pane:\n%s", out)
	}
	press(m, "esc")
	if m.panes[paneSessions].filter != "" {
		t.Error("esc did not clear the filter")
	}
}

func TestPauseKeepsApplying(t *testing.T) {
	now := fixedNow
	m := New(Options{Clock: func() time.Time { return now }})
	m.Update(sizeMsg(120, 40))
	m.Update(UpdatesMsg{fixtureUpdate(t)})
	press(m, "space")
	if !strings.Contains(frame(m), "PAUSED") {
		t.Fatal("no PAUSED banner")
	}
	before := m.snap.Now
	now = now.Add(time.Minute)
	m.Update(TickMsg(now))
	m.Update(UpdatesMsg{{Events: parseLog(t, "main.log", "2026-09-30 14:10:30 [info] Starting local session local_99999999-aaaa-4bbb-8ccc-000000000009 in /p/new\n")}})
	if !m.snap.Now.Equal(before) {
		t.Error("the display moved while paused")
	}
	if n := len(m.state.Snapshot(now).Sessions); n != 8 {
		t.Errorf("data not applied while paused: %d sessions", n)
	}
	press(m, "space")
	if strings.Contains(frame(m), "PAUSED") || !strings.Contains(frame(m), " new ") {
		t.Error("resume did not show the new session")
	}
}

func TestDetailsLogSortZoomQuit(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	press(m, "enter")
	if m.details == "" || !strings.Contains(frame(m), "Session details") {
		t.Fatal("enter did not open the details")
	}
	if !strings.Contains(frame(m), "history (recent event log lines naming") {
		t.Error("details show no history")
	}
	press(m, "esc")
	press(m, "s")
	if m.sortBy != sortRecent || !strings.Contains(frame(m), "sort recent") {
		t.Error("s did not cycle the sort")
	}
	press(m, "l")
	if !m.showLog || m.focus != paneLog || !strings.Contains(frame(m), "Event log") {
		t.Error("l did not show the event log")
	}
	press(m, "z")
	if !m.zoomed {
		t.Error("z did not zoom")
	}
	if cmd := press(m, "q"); cmd == nil || fmt.Sprint(cmd()) != fmt.Sprint(tea.Quit()) {
		t.Error("q does not quit")
	}
	press(m, "?")
	if !strings.Contains(frame(m), "Help") || !strings.Contains(frame(m), "replay faster") == m.keys.Faster.Enabled() {
		t.Error("? does not show the full help")
	}
}

// TestBurstIsChunked: 10 000 events arrive at once; they are applied in
// chunks, and a key press between chunks is handled at once.
func TestBurstIsChunked(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	var events []event.Event
	for i := range 10000 {
		events = append(events, event.Event{Time: fixedNow.Add(time.Duration(i) * time.Millisecond), Kind: event.KindTurnEnd,
			Session: "local_11111111-aaaa-4bbb-8ccc-000000000001", File: "main.log", Line: i})
	}
	start := m.state.Snapshot(fixedNow).Counts.Entries
	_, cmd := m.Update(UpdatesMsg{{Events: events}})
	if got := m.state.Snapshot(fixedNow).Counts.Entries - start; got != eventsPerChunk {
		t.Fatalf("first chunk applied %d events, want %d", got, eventsPerChunk)
	}
	press(m, "tab") // input between chunks
	if m.focus != paneRanking {
		t.Error("key press not handled during the burst")
	}
	for i := 0; cmd != nil && i < 20; i++ {
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			cmd = nil
			for _, c := range b {
				if c == nil {
					continue
				}
				if _, more := c().(applyMoreMsg); more {
					_, cmd = m.Update(applyMoreMsg{})
				}
			}
			continue
		}
		if _, more := msg.(applyMoreMsg); more {
			_, cmd = m.Update(msg)
		} else {
			cmd = nil
		}
	}
	if got := m.state.Snapshot(fixedNow).Counts.Entries - start; got != 10000 {
		t.Errorf("applied %d of 10000 events", got)
	}
}

// hostileLog carries escape sequences (CSI, OSC 52, OSC 8), C0 and C1
// controls and invalid UTF-8 in every free-text field a log line can reach
// the screen through.
var hostileLog = "2026-09-30 14:09:00 [info] Starting local session local_evil\x1b[2J\x1b[H-0001 in /Users/x/\x1b]52;c;ZXZpbA==\x07pwn\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\\x9b31m\x00\x07\xff\xfe\n" +
	"2026-09-30 14:09:01 [info] [CliGovernor] something new \x1b[31mred\x1b[0m \x9d0;title\x9c \xc3\x28\n" +
	"2026-09-30 14:09:02 [error] [VM:start] Startup failed: Error: \x1b]52;c;Y2xpcA==\x1b\\ \x1b[?1049l gone\n" +
	"2026-09-30 14:09:03 [info] Starting app {\n  appVersion: '9.9\x1b[5m.9',\n  platform: 'dar\x1b]0;x\x07win',\n  arch: 'ar\x9bm64'\n}\n" +
	"2026-09-30 14:09:04 [info] Pausing session local_evil\x1b[2J\x1b[H-0001 (gov\x1b[1mernor_evict)\n"

var sgr = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

func TestHostileTextIsInert(t *testing.T) {
	for _, color := range []bool{false, true} {
		m := fixtureModel(t, 120, 40, color)
		m.Update(UpdatesMsg{{Events: parseLog(t, "main.log", hostileLog)}})
		for _, setup := range []func(){func() {}, func() { press(m, "l") }, func() { press(m, "enter") }} {
			setup()
			for _, sz := range [][2]int{{120, 40}, {80, 24}, {200, 60}} {
				m.Update(sizeMsg(sz[0], sz[1]))
				out := frame(m)
				if !color {
					if i := strings.IndexAny(out, "\x1b\x07\x00\u009b\u009d"); i >= 0 {
						t.Fatalf("colour off, %dx%d: control byte at %d: %q", sz[0], sz[1], i, out[max(0, i-20):min(len(out), i+20)])
					}
					continue
				}
				rest := sgr.ReplaceAllString(out, "")
				if i := strings.IndexAny(rest, "\x1b\x07\x00\u009b\u009d"); i >= 0 {
					t.Fatalf("colour on, %dx%d: non-SGR control at %d: %q", sz[0], sz[1], i, rest[max(0, i-20):min(len(rest), i+20)])
				}
			}
		}
	}
}

func BenchmarkRender200Sessions50Groups(b *testing.B) {
	m := New(Options{Clock: func() time.Time { return fixedNow }, Color: true})
	m.Update(sizeMsg(120, 40))
	var events []event.Event
	for i := range 200 {
		id := fmt.Sprintf("local_%08x-aaaa-4bbb-8ccc-%012d", i, i)
		events = append(events,
			event.Event{Time: fixedNow.Add(-time.Duration(i) * time.Minute), Kind: event.KindSessionStart, Session: id, Cwd: fmt.Sprintf("/p/project-%d", i)},
			event.Event{Time: fixedNow.Add(-time.Duration(i) * 20 * time.Second), Kind: event.KindTurnEnd, Session: id})
	}
	u := fixtureUpdate(b)
	u.Events = append(u.Events, events...)
	for i := range 50 {
		u.Groups = append(u.Groups, host.ProcessGroup{Key: fmt.Sprint(i), Name: fmt.Sprintf("engine %d", i), Kind: host.GroupCompetitor,
			Processes: i, RSS: vocab.Figure{Value: uint64(i) << 28, Known: true}})
	}
	m.Update(UpdatesMsg{u})
	b.ResetTimer()
	for range b.N {
		m.refresh() // a new snapshot each frame, as the 1 s tick does
		_ = m.View()
	}
}
