//go:build !linux && !windows && !darwin

package machine

import (
	"context"

	"github.com/shirou/gopsutil/v4/mem"
)

func readHost(ctx context.Context) (HostReading, error) {
	vm, vmErr := mem.VirtualMemoryWithContext(ctx)
	sw, swErr := mem.SwapMemoryWithContext(ctx)
	return genericReading(vm, vmErr, sw, swErr)
}

// genericReading is for the other OSes gopsutil supports: figures, no
// app ratio (the app does not run there).
func genericReading(vm *mem.VirtualMemoryStat, vmErr error, sw *mem.SwapMemoryStat, swErr error) (HostReading, error) {
	var r HostReading
	if vmErr == nil && vm != nil && vm.Total > 0 {
		const src = "gopsutil mem.VirtualMemory"
		r.Total, r.Available, r.Free, r.Used = known(vm.Total, src), known(vm.Available, src), known(vm.Free, src), known(vm.Used, src)
	}
	r.SwapTotal, r.SwapUsed = swapFigures(sw, swErr, "gopsutil mem.SwapMemory", "gopsutil mem.SwapMemory")
	return r, readErrors(vm, vmErr, sw, swErr)
}
