package demo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/vocab"
)

// TestDemoScenario writes the whole scenario (history and five minutes of
// play) on a fixed clock, reads it back through the real assembler and
// parser, and checks that it shows what the demo promises within its first
// minute, with idle figures that agree with the model's own clock.
func TestDemoScenario(t *testing.T) {
	dir := t.TempDir()
	if out := os.Getenv("COWORKTOP_DEMO_OUT"); out != "" {
		dir = out
	}
	start := time.Date(2026, 9, 30, 14, 0, 0, 0, time.Local)
	d, err := NewDemo(dir, func() time.Time { return start })
	if err != nil {
		t.Fatal(err)
	}
	if err := d.WriteHistory(); err != nil {
		t.Fatal(err)
	}
	st := governor.New(governor.DefaultLimits())
	read := func() []event.Event { return readDemoLogs(t, dir) }
	hist := read()
	for _, e := range hist {
		if e.Time.After(start) {
			t.Fatalf("history entry after the start: %+v", e)
		}
		st.Apply(e)
	}
	snap := st.Snapshot(start)
	if got := len(snap.IdleRanking); got != 7 {
		t.Errorf("live sessions at start = %d, want 7", got)
	}
	if snap.VM.State != event.VMRunning || snap.App.Version == "" {
		t.Errorf("VM %q app %q: want a running VM and an app version", snap.VM.State, snap.App.Version)
	}

	if err := d.writeUntil(time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := d.writeUntil(5 * time.Minute); err != nil {
		t.Fatal(err)
	}
	d.Close()
	st = governor.New(governor.DefaultLimits())
	kinds := map[event.Kind]int{}
	firstMinute := map[event.Kind]bool{}
	for _, e := range read() {
		// The idle the app "logs" must equal the model's idle just before.
		if e.Kind == event.KindAtCap || e.Kind == event.KindPressureEvict {
			before := st.Snapshot(e.Time)
			for _, s := range before.Sessions {
				if s.ID == e.Session && int(s.Idle/time.Second) != e.IdleS {
					t.Errorf("%s %s: logged idle %ds, model idle %s", e.Kind, vocab.ShortID(e.Session), e.IdleS, s.Idle)
				}
			}
		}
		st.Apply(e)
		kinds[e.Kind]++
		if e.Time.Sub(start) <= time.Minute {
			firstMinute[e.Kind] = true
		}
	}
	for _, k := range []event.Kind{event.KindAtCap, event.KindYield, event.KindPressure, event.KindPressureEvict, event.KindSessionStart, event.KindMemorySample} {
		if !firstMinute[k] {
			t.Errorf("no %s within the first minute", k)
		}
	}
	c := st.Snapshot(start.Add(5 * time.Minute)).Counts
	if c.Evictions < 3 || c.Unknown != 0 || c.Yields < 2 {
		t.Errorf("counts %+v: want ≥3 evictions, ≥2 yields, no unknown lines", c)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "main.log"))
	if strings.Contains(string(b), "{") && strings.Contains(string(b), "{S") {
		t.Error("a placeholder was left unexpanded")
	}
}

// TestCompetitorIsMarkedDemo: the simulated VM says it is part of the demo
// and holds more than the Cowork VM needs, so the hint has something to say.
func TestCompetitorIsMarkedDemo(t *testing.T) {
	gs := Competitors()
	if len(gs) != 1 {
		t.Fatalf("%d competitors", len(gs))
	}
	g := gs[0]
	if !strings.Contains(g.Name, "(demo)") || g.Kind != host.GroupCompetitor || g.GuestMemory.Value != 8<<30 || g.RSS.Value <= 4<<30 {
		t.Errorf("competitor %+v", g)
	}
}

// readDemoLogs parses what the demo wrote into dir, the VM log's events
// before main.log's (file order, as a folder is read).
func readDemoLogs(t *testing.T, dir string) []event.Event {
	t.Helper()
	var evs []event.Event
	for _, name := range []string{"cowork_vm_node.log", "main.log"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ingest.ReadEach(f, name, time.Local, func(e *event.Event) { evs = append(evs, *e) }); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return evs
}
