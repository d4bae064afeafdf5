//go:build !linux && !windows && !darwin

package sources

import (
	"context"

	"github.com/shirou/gopsutil/v4/mem"
)

func readHost(ctx context.Context) (HostReading, error) {
	vm, vmErr := mem.VirtualMemoryWithContext(ctx)
	sw, swErr := mem.SwapMemoryWithContext(ctx)
	return genericReading(vm, vmErr, sw, swErr)
}
