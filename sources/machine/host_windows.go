//go:build windows

package machine

import (
	"context"

	"github.com/shirou/gopsutil/v4/mem"
)

// untested on real Windows: the mapping is tested via windowsReading.
func readHost(ctx context.Context) (HostReading, error) {
	vm, vmErr := mem.VirtualMemoryWithContext(ctx)
	sw, swErr := mem.SwapMemoryWithContext(ctx)
	return windowsReading(vm, vmErr, sw, swErr)
}
