package machine

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// HostReading is what a platform reader got from the OS, before the rules
// that turn it into a host.HostMemory. Figures it could not read stay
// Known=false.
type HostReading struct {
	Total, Available, Free, Used, Cached vocab.Figure
	SwapTotal, SwapUsed                  vocab.Figure

	// AppFree is the numerator of the app governor's free ratio (Electron's
	// getSystemMemoryInfo().free): ullAvailPhys on Windows, MemFree on
	// Linux. Unknown on macOS, where the governor does not poll.
	AppFree vocab.Figure

	// LinuxAvailable asks for AvailableRatio (MemAvailable/total) beside the
	// app's ratio, because MemFree makes the app's rule misfire on Linux.
	LinuxAvailable bool

	// KernelPressure is macOS kern.memorystatus_vm_pressure_level (1, 2, 4),
	// MemorystatusLevel kern.memorystatus_level (0–100).
	KernelPressure    vocab.Figure
	MemorystatusLevel vocab.Figure

	// KernelGoverned: the app's governor follows the kernel's pressure
	// events here (macOS), not a free/total ratio.
	KernelGoverned bool
}

// HostSampler reads host memory through an injectable reader, so tests and
// the demo use a fake and the real one sits behind build tags.
type HostSampler struct {
	read func(ctx context.Context) (HostReading, error)
}

// NewHostSampler returns a sampler over read.
func NewHostSampler(read func(ctx context.Context) (HostReading, error)) *HostSampler {
	return &HostSampler{read: read}
}

// NewSystemHostSampler returns a sampler over this machine.
func NewSystemHostSampler() *HostSampler { return NewHostSampler(readHost) }

// Sample takes one sample at now. When some figures could not be read it
// still returns the others, with an error saying what failed.
func (h *HostSampler) Sample(ctx context.Context, now time.Time) (host.HostMemory, error) {
	r, err := h.read(ctx)
	hm := BuildHostMemory(r, now)
	if err != nil {
		return hm, fmt.Errorf("sample host memory: %w", err)
	}
	return hm, nil
}

// SampleHost takes one sample of this machine's memory.
func SampleHost(ctx context.Context, now time.Time) (host.HostMemory, error) {
	return NewSystemHostSampler().Sample(ctx, now)
}

// The app governor's thresholds on its free ratio, as of app v1.11847.5
// (reference §3.4).
const (
	appWarningRatio  = 0.05
	appCriticalRatio = 0.02
)

// AppPressure applies the app governor's rule to a free/total ratio:
// critical below 2 %, warning below 5 %, else normal.
func AppPressure(ratio float64) host.PressureLevel {
	switch {
	case ratio < appCriticalRatio:
		return host.PressureCritical
	case ratio < appWarningRatio:
		return host.PressureWarning
	}
	return host.PressureNormal
}

// KernelPressureLevel maps macOS kern.memorystatus_vm_pressure_level (the
// dispatch levels 1 normal, 2 warning, 4 critical) to a level.
func KernelPressureLevel(v uint64) host.PressureLevel {
	switch v {
	case 1:
		return host.PressureNormal
	case 2:
		return host.PressureWarning
	case 4:
		return host.PressureCritical
	}
	return host.PressureUnknown
}

// BuildHostMemory applies the pressure rules to a reading.
func BuildHostMemory(r HostReading, now time.Time) host.HostMemory {
	hm := host.HostMemory{
		At: now, Total: r.Total, Available: r.Available, Free: r.Free, Used: r.Used,
		Cached: r.Cached, SwapTotal: r.SwapTotal, SwapUsed: r.SwapUsed,
		MemorystatusLevel: -1, KernelGoverned: r.KernelGoverned,
	}
	if r.MemorystatusLevel.Known && r.MemorystatusLevel.Value <= 100 {
		hm.MemorystatusLevel = int(r.MemorystatusLevel.Value)
	}
	totalOK := r.Total.Known && r.Total.Value > 0
	if totalOK && r.AppFree.Known {
		hm.AppFreeRatio = float64(r.AppFree.Value) / float64(r.Total.Value)
		hm.AppFreeRatioSource = r.AppFree.Source + " / " + r.Total.Source
	}
	if totalOK && r.LinuxAvailable && r.Available.Known {
		hm.AvailableRatio = float64(r.Available.Value) / float64(r.Total.Value)
	}
	switch {
	case r.KernelPressure.Known && KernelPressureLevel(r.KernelPressure.Value) != host.PressureUnknown:
		hm.Pressure = KernelPressureLevel(r.KernelPressure.Value)
		hm.PressureSource = r.KernelPressure.Source
	case hm.AppFreeRatioSource != "":
		hm.Pressure = AppPressure(hm.AppFreeRatio)
		hm.PressureSource = "app governor rule (free/total < 5 % warning, < 2 % critical)"
	}
	return hm
}

// known returns a readable figure.
func known(v uint64, source string) vocab.Figure {
	return vocab.Figure{Value: v, Known: true, Source: source}
}

// parseSwapUsage decodes macOS vm.swapusage, a struct xsw_usage:
// {total, avail, used uint64; pagesize uint32; encrypted bool}. Both macOS
// architectures are little-endian.
func parseSwapUsage(b []byte) (total, used uint64, err error) {
	if len(b) < 24 {
		return 0, 0, fmt.Errorf("vm.swapusage: %d bytes, want at least 24", len(b))
	}
	return binary.LittleEndian.Uint64(b[0:8]), binary.LittleEndian.Uint64(b[16:24]), nil
}
