package demo

import "github.com/coworktop/coworktop/governor"

// CompetitorName is the simulated competitor's group name: it says "(demo)"
// first, so that even clipped nobody takes it for a process on this machine.
const CompetitorName = "(demo) Docker Desktop VM"

// Competitors are the demo's simulated memory holders: a Docker Desktop VM
// with an 8 GB guest, the kind of competitor coworktop is there to spot.
// The live pipeline adds them to each process scan of a demo run, beside
// the real machine's groups; a run without --demo never shows them.
func Competitors() []governor.ProcessGroup {
	const gib = 1 << 30
	figure := func(v uint64) governor.Figure { return governor.Figure{Value: v, Known: true, Source: "demo"} }
	return []governor.ProcessGroup{{
		Key: "docker-demo", Name: CompetitorName, Kind: governor.GroupCompetitor, Processes: 6,
		RSS: figure(6*gib + gib/2), GuestMemory: figure(8 * gib), CPUPercent: 4.5,
		Note: "simulated by --demo; not a process on this machine",
	}}
}
