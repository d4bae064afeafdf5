package governor_test

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// TestVMLateLineChangesNothingDecided: the live view applies lines as the
// follower delivers them, and a slower file's line may come after a later
// line of another. The VM node log said the VM runs at +120 s; the
// service's boot-attempt line from +60 s, delivered after it, leaves the
// VM running; a later boot line still decides.
func TestVMLateLineChangesNothingDecided(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	apply := func(file string, line string) {
		for _, e := range parseLines(t, file, line) {
			s.Apply(e)
		}
	}
	apply("cowork_vm_node.log", at(0)+" [info] [VM:start] Beginning startup, bundlePath=C:\\vm")
	apply("cowork_vm_node.log", at(120)+" [info] [VM:start] Startup complete, total time: 120000ms")
	apply("cowork_vm_node.log", at(60)+" [info] [VM:start] Beginning startup, bundlePath=C:\\vm") // late
	if got := s.Snapshot(t0.Add(200 * time.Second)).VM.State; got != event.VMRunning {
		t.Fatalf("a late boot line made the VM %s, want running", got)
	}
	apply("cowork_vm_node.log", at(300)+" [info] [VM:start] Beginning startup, bundlePath=C:\\vm")
	if got := s.Snapshot(t0.Add(310 * time.Second)).VM.State; got != event.VMBooting {
		t.Fatalf("a newer boot line left the VM %s, want booting", got)
	}
}
