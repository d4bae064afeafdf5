//go:build linux

package machine

import (
	"context"
	"errors"
	"syscall"

	"github.com/shirou/gopsutil/v4/mem"
)

func readHost(ctx context.Context) (HostReading, error) {
	// Plain system calls, as in the process lister: os.ReadFile's
	// non-blocking setup costs more than reading this small file.
	var buf [8 << 10]byte
	if fd, err := syscall.Open("/proc/meminfo", syscall.O_RDONLY|syscall.O_CLOEXEC, 0); err == nil {
		n, err := syscall.Read(fd, buf[:])
		syscall.Close(fd)
		if err == nil && n > 0 && n < len(buf) {
			if vm, sw, ok := parseMeminfo(buf[:n]); ok {
				var swErr error
				if sw == nil {
					swErr = errors.New("/proc/meminfo has no SwapTotal")
				}
				return linuxReading(vm, nil, sw, swErr)
			}
		}
	}
	vm, vmErr := mem.VirtualMemoryWithContext(ctx)
	sw, swErr := mem.SwapMemoryWithContext(ctx)
	return linuxReading(vm, vmErr, sw, swErr)
}
