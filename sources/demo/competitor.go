package demo

import (
	"time"

	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// CompetitorName is the simulated competitor's group name: it says "(demo)"
// first, so that even clipped nobody takes it for a process on this machine.
const CompetitorName = "(demo) Docker Desktop VM"

// Competitors are the demo's simulated memory holders: a Docker Desktop VM
// with an 8 GB guest, the kind of competitor coworktop is there to spot.
// The live pipeline adds them to each process scan of a demo run, beside
// the real machine's groups; a run without --demo never shows them.
func Competitors() []host.ProcessGroup {
	const gib = 1 << 30
	figure := func(v uint64) vocab.Figure { return vocab.Figure{Value: v, Known: true, Source: "demo"} }
	return []host.ProcessGroup{{
		Key: "docker-demo", Name: CompetitorName, Kind: host.GroupCompetitor, Processes: 6,
		RSS: figure(6*gib + gib/2), GuestMemory: figure(8 * gib), CPUPercent: 4.5,
		Note: "simulated by --demo; not a process on this machine",
	}}
}

// What the scenario's simulated scan finds ("OFFSET scan STATE").
const (
	scanApp       = "app"        // the app runs: only the competitor is simulated
	scanAfterQuit = "after-quit" // the app quit, its Cowork VM and claude processes did not
)

// Groups is what the demo adds to a process scan taken at t: the
// competitor always, and after the scenario's quit the Cowork VM and
// claude session processes the app left running (so that the risks of a
// VM surviving a quit and of orphaned processes have something to show).
// Every simulated group's name says "(demo)". Safe to call from any
// goroutine: it reads only what NewDemo set.
func (d *Demo) Groups(t time.Time) []host.ProcessGroup {
	out := Competitors()
	state := scanApp
	for _, sc := range d.scans {
		if t.Sub(d.start) >= sc.at {
			state = sc.state
		}
	}
	if state != scanAfterQuit {
		return out
	}
	const gib = 1 << 30
	figure := func(v uint64) vocab.Figure { return vocab.Figure{Value: v, Known: true, Source: "demo"} }
	note := "simulated by --demo; not a process on this machine"
	return append(out,
		host.ProcessGroup{Key: "cowork-demo", Name: "(demo) Claude Cowork VM", Kind: host.GroupCowork, Processes: 2,
			RSS: figure(gib + gib/4), GuestMemory: figure(4 * gib), Note: note},
		host.ProcessGroup{Key: "sessions-demo", Name: "(demo) claude sessions", Kind: host.GroupSessions, Processes: 5,
			RSS: figure(gib + gib/2), Note: note})
}
