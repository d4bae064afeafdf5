package ui

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// macOS (platforms audit W6): the Mem meter shows cached files beside used,
// and the swap meter is coloured by the kernel's pressure, not used/total:
// macOS adds swap files as it goes, so 3 of 4 GiB in use is normal there.
func TestHeaderMacOSMemoryAndSwap(t *testing.T) {
	gib := uint64(1 << 30)
	known := func(v uint64) vocab.Figure { return vocab.Figure{Value: v, Known: true, Source: "test"} }
	host := host.HostMemory{
		At: fixedNow, Total: known(16 * gib), Available: known(4 * gib), Used: known(12 * gib), Cached: known(3 * gib),
		SwapTotal: known(4 * gib), SwapUsed: known(3 * gib),
		Pressure: host.PressureNormal, PressureSource: "sysctl kern.memorystatus_vm_pressure_level", KernelGoverned: true,
	}
	m := fixtureModel(t, 160, 40, true)
	m.snap.Host = &host
	if got := m.memMeter(80); !strings.Contains(got, "cache "+vocab.FormatBytesCompact(3*gib)+" avail") {
		t.Errorf("Mem meter has no cached figure: %q", got)
	}
	if got, want := m.swapMeter(40), m.meter("Swp", 0.75, m.theme.OK, 40, vocab.FormatBytesCompact(3*gib)+" used"); got != want {
		t.Errorf("swap on macOS, kernel normal:\n got %q\nwant %q", got, want)
	}
	host.MemorystatusLevel = 46
	plain := fixtureModel(t, 160, 40, false)
	plain.snap.Host = &host
	if got := plain.pressureLine(200); !strings.Contains(got, "host normal (sysctl kern.memorystatus_vm_pressure_level) · kern.memorystatus_level 46%") {
		t.Errorf("no kernel free %% beside the pressure:\n%s", got)
	}
	host.KernelGoverned = false // Linux/Windows: used/total above half is a warning
	if got, want := m.swapMeter(40), m.meter("Swp", 0.75, m.theme.Warn, 40, vocab.FormatBytesCompact(3*gib)+"/"+vocab.FormatBytesCompact(4*gib)); got != want {
		t.Errorf("swap elsewhere:\n got %q\nwant %q", got, want)
	}
}
