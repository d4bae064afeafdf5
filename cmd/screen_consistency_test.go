package cmd

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/demo"
	"github.com/coworktop/coworktop/ui"
)

var (
	headerLive = regexp.MustCompile(`Ses\[[| ]*(\d+)(?:/| live)`)
	paneLive   = regexp.MustCompile(`Sessions · (\d+) live`)
	liveRow    = regexp.MustCompile(`^.[ >!]\S.*[^:] (active|idle)( \(\w+\)| <1m)? {2,}`) // ! marks a session at risk; the name leads; "paused: idle" is no live state
)

// TestScreenNeverContradictsItself steps the demo scenario a second at a
// time for five minutes and, at every second, checks that the header's
// live count, the Sessions pane's count and the rows it lists as working or
// idle are one number, the snapshot's Live, which the outlook counts too.
func TestScreenNeverContradictsItself(t *testing.T) {
	dir := t.TempDir()
	d, err := demo.NewDemo(dir, func() time.Time { return time.Date(2026, 9, 30, 14, 0, 0, 0, time.Local) })
	if err != nil {
		t.Fatal(err)
	}
	const span = 5 * time.Minute
	if err := d.WriteUntil(span); err != nil {
		t.Fatal(err)
	}
	d.Close()
	events := readDemo(t, dir)
	start := d.Start()
	now := start
	m := ui.New(ui.Options{Mode: ui.ModeDemo, Clock: func() time.Time { return now }})
	m.Update(tmSize(200, 60))
	next := 0
	for s := time.Duration(0); s <= span; s += time.Second {
		now = start.Add(s)
		var batch []event.Event
		for next < len(events) && !events[next].Time.After(now) {
			batch = append(batch, events[next])
			next++
		}
		m.Update(ui.UpdatesMsg{{Events: batch, Groups: demo.Competitors(), GroupsAt: now}})
		snap := m.State().Snapshot(now)
		if snap.Outlook.Count != snap.Live {
			t.Fatalf("+%v: the outlook counts %d, the snapshot %d live", s, snap.Outlook.Count, snap.Live)
		}
		for _, size := range [][2]int{{200, 60}, {80, 24}} {
			m.Update(tmSize(size[0], size[1]))
			out := m.View().Content
			h, p := match(headerLive, out), match(paneLive, out)
			if h != snap.Live || p != snap.Live {
				t.Fatalf("+%v at %dx%d: header %d, Sessions pane %d, snapshot %d live:\n%s", s, size[0], size[1], h, p, snap.Live, out)
			}
			if size[0] == 200 { // every row is on screen
				if rows := countLiveRows(out); rows != snap.Live {
					t.Fatalf("+%v: the Sessions pane lists %d live rows, its title says %d:\n%s", s, rows, snap.Live, out)
				}
			}
		}
	}
	if next != len(events) {
		t.Fatalf("%d of %d events applied", next, len(events))
	}
}

func tmSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

func match(re *regexp.Regexp, out string) int {
	mm := re.FindStringSubmatch(out)
	if mm == nil {
		return -1
	}
	n, _ := strconv.Atoi(mm[1])
	return n
}

// countLiveRows counts the Sessions pane's rows in a working or idle state
// (the pane is the left box of the wide layout).
func countLiveRows(out string) int {
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if i := strings.Index(l, "││"); i > 0 && liveRow.MatchString(l[:i]) {
			n++
		}
	}
	return n
}

// readDemo reads the demo's logs through the real assembler and parser, in
// time order (ties: main.log first, each file in its own order).
func readDemo(t *testing.T, dir string) []event.Event {
	t.Helper()
	var evs []event.Event
	for _, name := range []string{"main.log", "cowork_vm_node.log"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ingest.ReadEach(f, name, time.Local, func(e *event.Event) { evs = append(evs, *e) }); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].Time.Before(evs[j].Time) })
	return evs
}

// TestFixturesNeverContradict: every log fixture, read as report reads it
// and shown at the four golden sizes, right after its last line and later,
// has one live count in the header and the Sessions pane.
func TestFixturesNeverContradict(t *testing.T) {
	for _, dir := range []string{"logs/linux", "logs/macos", "logs/windows", "hostile"} {
		files, err := sources.ExpandPaths([]string{filepath.Join(testdataDir, dir)})
		if err != nil {
			t.Fatal(err)
		}
		var events []event.Event
		readEvents(files, time.UTC, func(e *event.Event) { events = append(events, *e) })
		if len(events) == 0 {
			t.Fatalf("%s: no events", dir)
		}
		last := events[len(events)-1].Time
		for _, e := range events {
			if e.Time.After(last) {
				last = e.Time
			}
		}
		now := last
		m := ui.New(ui.Options{Mode: ui.ModeReplay, Clock: func() time.Time { return now }})
		m.Update(ui.UpdatesMsg{{Events: events}})
		for _, later := range []time.Duration{0, 30 * time.Second, 5 * time.Minute, time.Hour} {
			now = last.Add(later)
			m.Update(ui.UpdatesMsg{{}}) // a delivery redraws at once
			snap := m.State().Snapshot(now)
			for _, size := range [][2]int{{60, 20}, {80, 24}, {120, 40}, {200, 50}} {
				m.Update(tmSize(size[0], size[1]))
				out := m.View().Content
				if h, p := match(headerLive, out), match(paneLive, out); h != snap.Live || p != snap.Live {
					t.Errorf("%s +%v at %dx%d: header %d, Sessions pane %d, snapshot %d live:\n%s", dir, later, size[0], size[1], h, p, snap.Live, out)
				}
			}
		}
	}
}
