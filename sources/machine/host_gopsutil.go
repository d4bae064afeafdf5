package machine

import (
	"errors"
	"fmt"

	"github.com/shirou/gopsutil/v4/mem"

	"github.com/coworktop/coworktop/governor"
)

// The readings below are pure so that every OS's mapping is tested on any
// OS; the host_<os>.go files only make the calls.

// linuxReading maps gopsutil's /proc/meminfo figures. Electron's free, and
// so the app's ratio, is MemFree; MemAvailable is shown beside it.
func linuxReading(vm *mem.VirtualMemoryStat, vmErr error, sw *mem.SwapMemoryStat, swErr error) (HostReading, error) {
	var r HostReading
	if vmErr == nil && vm != nil && vm.Total > 0 {
		r.Total = known(vm.Total, "/proc/meminfo MemTotal")
		r.Available = known(vm.Available, "/proc/meminfo MemAvailable")
		r.Free = known(vm.Free, "/proc/meminfo MemFree")
		r.Used = known(vm.Used, "gopsutil mem.VirtualMemory (MemTotal − MemAvailable)")
		r.Cached = known(vm.Cached, "/proc/meminfo Cached + SReclaimable")
		r.AppFree = r.Free
		r.LinuxAvailable = true
	}
	r.SwapTotal, r.SwapUsed = swapFigures(sw, swErr, "/proc/meminfo SwapTotal", "/proc/meminfo SwapTotal − SwapFree")
	return r, readErrors(vm, vmErr, sw, swErr)
}

// windowsReading maps GlobalMemoryStatusEx as gopsutil reads it:
// Available = Free = ullAvailPhys, which is exactly Electron's free.
func windowsReading(vm *mem.VirtualMemoryStat, vmErr error, sw *mem.SwapMemoryStat, swErr error) (HostReading, error) {
	var r HostReading
	if vmErr == nil && vm != nil && vm.Total > 0 {
		r.Total = known(vm.Total, "GlobalMemoryStatusEx ullTotalPhys")
		r.Available = known(vm.Available, "GlobalMemoryStatusEx ullAvailPhys")
		r.Free = known(vm.Free, "GlobalMemoryStatusEx ullAvailPhys")
		r.Used = known(vm.Used, "GlobalMemoryStatusEx ullTotalPhys − ullAvailPhys")
		r.AppFree = r.Available
	}
	r.SwapTotal, r.SwapUsed = swapFigures(sw, swErr, "gopsutil mem.SwapMemory (commit limit − physical)", "gopsutil mem.SwapMemory (paging file % usage)")
	return r, readErrors(vm, vmErr, sw, swErr)
}

// darwinRaw is what host_darwin.go reads; each field has its own error so
// one failing sysctl does not hide the others.
type darwinRaw struct {
	memsize                 uint64
	memsizeErr              error
	vm                      *mem.VirtualMemoryStat
	vmErr                   error
	swapusage               []byte
	swapErr                 error
	pressure, level         uint32
	pressureErr, levelErr   error
	externalPages, pageSize uint64
	externalErr             error
}

// darwinReading maps the macOS figures. Available and Used come from
// gopsutil's host_statistics (free + inactive), which is not what Activity
// Monitor shows (reference §2.3), so their source says so.
func darwinReading(d darwinRaw) (HostReading, error) {
	var r HostReading
	var errs []error
	if d.memsizeErr == nil && d.memsize > 0 {
		r.Total = known(d.memsize, "sysctl hw.memsize")
	} else {
		errs = append(errs, fmt.Errorf("sysctl hw.memsize: %w", orMissing(d.memsizeErr)))
	}
	if d.vmErr == nil && d.vm != nil && d.vm.Total > 0 {
		const src = "gopsutil mem.VirtualMemory (host_statistics: free + inactive)"
		r.Available, r.Used = known(d.vm.Available, src), known(d.vm.Used, src)
		r.Free = known(d.vm.Free, "gopsutil mem.VirtualMemory (host_statistics free pages)")
		if !r.Total.Known {
			r.Total = known(d.vm.Total, "gopsutil mem.VirtualMemory")
		}
	} else {
		errs = append(errs, fmt.Errorf("gopsutil mem.VirtualMemory: %w", orMissing(d.vmErr)))
	}
	if d.externalErr == nil && d.pageSize > 0 {
		r.Cached = known(d.externalPages*d.pageSize, "sysctl vm.page_pageable_external_count (file-backed pages)")
	} else {
		errs = append(errs, fmt.Errorf("sysctl vm.page_pageable_external_count: %w", orMissing(d.externalErr)))
	}
	if d.swapErr == nil {
		if total, used, err := parseSwapUsage(d.swapusage); err == nil {
			r.SwapTotal = known(total, "sysctl vm.swapusage")
			r.SwapUsed = known(used, "sysctl vm.swapusage")
		} else {
			errs = append(errs, err)
		}
	} else {
		errs = append(errs, fmt.Errorf("sysctl vm.swapusage: %w", d.swapErr))
	}
	if d.pressureErr == nil {
		r.KernelPressure = known(uint64(d.pressure), "sysctl kern.memorystatus_vm_pressure_level")
	} else {
		errs = append(errs, fmt.Errorf("sysctl kern.memorystatus_vm_pressure_level: %w", d.pressureErr))
	}
	if d.levelErr == nil {
		r.MemorystatusLevel = known(uint64(d.level), "sysctl kern.memorystatus_level")
	} else {
		errs = append(errs, fmt.Errorf("sysctl kern.memorystatus_level: %w", d.levelErr))
	}
	return r, errors.Join(errs...)
}

var errMissing = errors.New("no value")

func orMissing(err error) error {
	if err == nil {
		return errMissing
	}
	return err
}

func swapFigures(sw *mem.SwapMemoryStat, err error, totalSrc, usedSrc string) (total, used governor.Figure) {
	if err != nil || sw == nil {
		return
	}
	return known(sw.Total, totalSrc), known(sw.Used, usedSrc)
}

func readErrors(vm *mem.VirtualMemoryStat, vmErr error, sw *mem.SwapMemoryStat, swErr error) error {
	var errs []error
	if vmErr != nil || vm == nil || vm.Total == 0 {
		errs = append(errs, fmt.Errorf("gopsutil mem.VirtualMemory: %w", orMissing(vmErr)))
	}
	if swErr != nil || sw == nil {
		errs = append(errs, fmt.Errorf("gopsutil mem.SwapMemory: %w", orMissing(swErr)))
	}
	return errors.Join(errs...)
}
