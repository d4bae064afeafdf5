package machine

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/shirou/gopsutil/v4/mem"

	"github.com/coworktop/coworktop/governor"
)

func TestAppPressure(t *testing.T) {
	for _, tt := range []struct {
		ratio float64
		want  governor.PressureLevel
	}{
		{0, governor.PressureCritical},
		{0.0199, governor.PressureCritical},
		{0.02, governor.PressureWarning},
		{0.0499, governor.PressureWarning},
		{0.05, governor.PressureNormal},
		{0.618, governor.PressureNormal},
	} {
		if got := AppPressure(tt.ratio); got != tt.want {
			t.Errorf("AppPressure(%v) = %q, want %q", tt.ratio, got, tt.want)
		}
	}
}

func TestKernelPressureLevel(t *testing.T) {
	for v, want := range map[uint64]governor.PressureLevel{
		0: governor.PressureUnknown, 1: governor.PressureNormal, 2: governor.PressureWarning,
		3: governor.PressureUnknown, 4: governor.PressureCritical,
	} {
		if got := KernelPressureLevel(v); got != want {
			t.Errorf("KernelPressureLevel(%d) = %q, want %q", v, got, want)
		}
	}
}

// The measured Linux case from reference §3.3: MemFree 5.3 % of 32 GiB
// while MemAvailable is 61.8 %: the app says warning, we show both.
func TestLinuxReadingMisfire(t *testing.T) {
	total := uint64(32 * gib)
	vm := &mem.VirtualMemoryStat{Total: total, Free: total * 53 / 1000, Available: total * 618 / 1000, Used: total * 382 / 1000, Cached: 9 * gib}
	r, err := linuxReading(vm, nil, &mem.SwapMemoryStat{Total: 2 * gib, Used: 1 * gib}, nil)
	if err != nil {
		t.Fatal(err)
	}
	hm := BuildHostMemory(r, time.Unix(5, 0))
	if hm.Pressure != governor.PressureNormal {
		t.Errorf("5.3 %% free: pressure %q, want normal", hm.Pressure)
	}
	vm.Free = total * 3 / 100
	r, _ = linuxReading(vm, nil, nil, errors.New("no swap"))
	hm = BuildHostMemory(r, time.Unix(5, 0))
	if hm.Pressure != governor.PressureWarning || math.Abs(hm.AppFreeRatio-0.03) > 1e-6 || hm.AvailableRatio < 0.617 || hm.AvailableRatio > 0.619 {
		t.Errorf("3 %% free: %+v", hm)
	}
	if !strings.Contains(hm.AppFreeRatioSource, "MemFree") || hm.Available.Source != "/proc/meminfo MemAvailable" {
		t.Errorf("sources: %q, %q", hm.AppFreeRatioSource, hm.Available.Source)
	}
	if hm.SwapTotal.Known || hm.SwapUsed.Known || hm.MemorystatusLevel != -1 {
		t.Errorf("unreadable swap must be unknown: %+v", hm)
	}
}

func TestWindowsReading(t *testing.T) {
	vm := &mem.VirtualMemoryStat{Total: 16 * gib, Available: 300 * mib, Free: 300 * mib, Used: 16*gib - 300*mib}
	r, err := windowsReading(vm, nil, &mem.SwapMemoryStat{Total: 4 * gib, Used: gib}, nil)
	if err != nil {
		t.Fatal(err)
	}
	hm := BuildHostMemory(r, time.Time{})
	if hm.Pressure != governor.PressureCritical || hm.AvailableRatio != 0 || hm.Cached.Known {
		t.Errorf("300 MiB of 16 GiB: %+v", hm)
	}
	if !strings.Contains(hm.AppFreeRatioSource, "ullAvailPhys") {
		t.Errorf("source %q", hm.AppFreeRatioSource)
	}
}

func swapBytes(total, avail, used uint64) []byte {
	b := make([]byte, 32)
	binary.LittleEndian.PutUint64(b[0:], total)
	binary.LittleEndian.PutUint64(b[8:], avail)
	binary.LittleEndian.PutUint64(b[16:], used)
	binary.LittleEndian.PutUint32(b[24:], 16384)
	return b
}

func TestDarwinReading(t *testing.T) {
	d := darwinRaw{
		memsize: 16 * gib, vm: &mem.VirtualMemoryStat{Total: 16 * gib, Available: 5 * gib, Used: 11 * gib, Free: 100 * mib},
		swapusage: swapBytes(3*gib, gib, 2*gib), pressure: 2, level: 46,
		externalPages: 1000, pageSize: 16384,
	}
	r, err := darwinReading(d)
	if err != nil {
		t.Fatal(err)
	}
	hm := BuildHostMemory(r, time.Time{})
	if hm.Pressure != governor.PressureWarning || hm.PressureSource != "sysctl kern.memorystatus_vm_pressure_level" {
		t.Errorf("pressure %q from %q", hm.Pressure, hm.PressureSource)
	}
	if hm.MemorystatusLevel != 46 || hm.SwapTotal.Value != 3*gib || hm.SwapUsed.Value != 2*gib || hm.Cached.Value != 1000*16384 {
		t.Errorf("figures: %+v", hm)
	}
	if hm.AppFreeRatioSource != "" || hm.AppFreeRatio != 0 {
		t.Errorf("macOS has no app ratio: %+v", hm)
	}

	// Sysctls that fail stay unknown, never 0, and say why.
	d.pressureErr, d.levelErr, d.swapErr = errors.New("ENOENT"), errors.New("ENOENT"), errors.New("ENOENT")
	r, err = darwinReading(d)
	hm = BuildHostMemory(r, time.Time{})
	if err == nil || !strings.Contains(err.Error(), "kern.memorystatus_level") {
		t.Errorf("err = %v", err)
	}
	if hm.Pressure != governor.PressureUnknown || hm.MemorystatusLevel != -1 || hm.SwapTotal.Known || !hm.Total.Known {
		t.Errorf("partial: %+v", hm)
	}
}

func TestParseSwapUsage(t *testing.T) {
	if _, _, err := parseSwapUsage(make([]byte, 8)); err == nil {
		t.Error("short buffer accepted")
	}
	total, used, err := parseSwapUsage(swapBytes(7, 5, 2))
	if err != nil || total != 7 || used != 2 {
		t.Errorf("got %d %d %v", total, used, err)
	}
}

func TestSamplerUnreadable(t *testing.T) {
	boom := errors.New("boom")
	h := NewHostSampler(func(context.Context) (HostReading, error) { return HostReading{}, boom })
	hm, err := h.Sample(context.Background(), time.Unix(9, 0))
	if !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
	if hm.Total.Known || hm.Available.Known || hm.Pressure != governor.PressureUnknown || !hm.At.Equal(time.Unix(9, 0)) {
		t.Errorf("unreadable sample: %+v", hm)
	}
}

func TestSampleHostReal(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the real reader is checked on Linux only")
	}
	hm, err := SampleHost(context.Background(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !hm.Total.Known || hm.Total.Value == 0 || !hm.Available.Known || hm.Available.Value > hm.Total.Value {
		t.Errorf("implausible: %+v", hm)
	}
	if hm.AvailableRatio <= 0 || hm.AvailableRatio > 1 || hm.AppFreeRatio <= 0 || hm.Pressure == governor.PressureUnknown {
		t.Errorf("ratios: %+v", hm)
	}
}
