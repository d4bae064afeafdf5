//go:build darwin

package machine

import (
	"context"

	"github.com/shirou/gopsutil/v4/mem"
	"golang.org/x/sys/unix"
)

// readHost reads the macOS figures with plain sysctls (no cgo, no root);
// only the free/inactive split comes from gopsutil. Untested on real macOS:
// the sysctl names and the vm.swapusage layout follow reference §3.1, and
// the mapping is tested via darwinReading.
func readHost(ctx context.Context) (HostReading, error) {
	var d darwinRaw
	d.memsize, d.memsizeErr = unix.SysctlUint64("hw.memsize")
	d.vm, d.vmErr = mem.VirtualMemoryWithContext(ctx)
	d.swapusage, d.swapErr = unix.SysctlRaw("vm.swapusage")
	d.pressure, d.pressureErr = unix.SysctlUint32("kern.memorystatus_vm_pressure_level")
	d.level, d.levelErr = unix.SysctlUint32("kern.memorystatus_level")
	var ext uint32
	ext, d.externalErr = unix.SysctlUint32("vm.page_pageable_external_count")
	d.externalPages, d.pageSize = uint64(ext), uint64(unix.Getpagesize())
	return darwinReading(d)
}
