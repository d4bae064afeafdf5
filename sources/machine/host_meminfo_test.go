package machine

import (
	"testing"

	"github.com/shirou/gopsutil/v4/mem"
)

const meminfoSample = `MemTotal:        8000000 kB
MemFree:          500000 kB
MemAvailable:    3000000 kB
Buffers:          100000 kB
Cached:          2000000 kB
SwapCached:            0 kB
SReclaimable:     250000 kB
SUnreclaim:        90000 kB
SwapTotal:       1000000 kB
SwapFree:         400000 kB
HugePages_Total:       0
`

func TestParseMeminfoMatchesGopsutilsFigures(t *testing.T) {
	vm, sw, ok := parseMeminfo([]byte(meminfoSample))
	if !ok {
		t.Fatal("not parsed")
	}
	const k = 1024
	want := mem.VirtualMemoryStat{Total: 8000000 * k, Available: 3000000 * k, Free: 500000 * k, Cached: 2250000 * k, Used: 5000000 * k}
	if vm.Total != want.Total || vm.Available != want.Available || vm.Free != want.Free || vm.Cached != want.Cached || vm.Used != want.Used {
		t.Errorf("memory: %+v, want %+v", *vm, want)
	}
	if sw == nil || sw.Total != 1000000*k || sw.Free != 400000*k || sw.Used != 600000*k {
		t.Errorf("swap: %+v", sw)
	}
}

func TestParseMeminfoFallsBack(t *testing.T) {
	for name, text := range map[string]string{
		"no MemAvailable (old kernel)": "MemTotal: 8000000 kB\nMemFree: 500000 kB\n",
		"empty":                        "",
		"garbage":                      "MemTotal: lots\nMemAvailable: 1 kB\n",
	} {
		if _, _, ok := parseMeminfo([]byte(text)); ok {
			t.Errorf("%s: parsed, want the gopsutil fallback", name)
		}
	}
	vm, sw, ok := parseMeminfo([]byte("MemTotal: 8 kB\nMemAvailable: 4 kB"))
	if !ok || vm.Total != 8192 || sw != nil {
		t.Errorf("no swap lines: ok %v, %+v, swap %+v", ok, vm, sw)
	}
}
