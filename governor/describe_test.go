package governor

import (
	"strings"
	"testing"
)

// TestVMConfigNamesOnlyWhatWasLogged: a CPU count that was not logged is
// never printed as 0.
func TestVMConfigNamesOnlyWhatWasLogged(t *testing.T) {
	for _, c := range []struct {
		e    Event
		want string
	}{
		{Event{Kind: KindVMConfig, MemoryGB: 4}, "vm: config memory=4GB"},
		{Event{Kind: KindVMConfig, CPUs: 6}, "vm: config cpus=6"},
		{Event{Kind: KindVMConfig, CPUs: 6, MemoryGB: 8}, "vm: config cpus=6 memory=8GB"},
		{Event{Kind: KindVMConfig}, "vm: config (no figure logged)"},
	} {
		if got := Describe(c.e); got != c.want {
			t.Errorf("Describe(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
	for _, line := range []string{
		at(0) + " [info] [VM:start] memory=4GB tier=flat",
		at(0) + " [info] startVM called for vm cpuCount=auto memoryGB=4",
	} {
		for _, e := range parseLines(t, "cowork_vm_node.log", line) {
			if d := Describe(e); strings.Contains(d, "=0") {
				t.Errorf("%q described as %q", line, d)
			}
		}
	}
}

// TestEstimateWording: the labels report and the screen share.
func TestEstimateWording(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{IdleText(415, SourceLogged), "6m55s"},
		{IdleText(415, SourceEstimated), "~6m55s (est.)"},
		{IdleText(0, SourceUnknown), "?"},
		{CauseText("warm"), "at cap, warm spawn"},
		{CauseText("pressure"), "memory pressure"},
		{CauseText("unknown"), "cause not logged"},
		{CauseText(""), "cause not logged"},
		{OutcomeCause(Outcome{Kind: KindPause, Cause: "unknown", Eviction: true}), "cause not logged"},
		{OutcomeCause(Outcome{Kind: KindYield, Cause: "warm"}), "at cap, warm spawn refused"},
		{OutcomeCause(Outcome{Kind: KindPressure, Cause: "critical"}), "memory pressure (critical)"},
		{CapText(CapView{Value: 8, Source: SourceLogged}), "8 (logged)"},
		{CapText(CapView{Value: 8, Source: SourceEstimated}), "~8 (est.)"},
		{CapText(CapView{Source: SourceUnknown}), "?"},
		{EffectiveText(EffectiveView{Source: SourceUnknown}), "governor effective not logged yet"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
