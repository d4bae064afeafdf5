package machine

import (
	"errors"
	"fmt"

	"github.com/shirou/gopsutil/v4/mem"

	"github.com/coworktop/coworktop/vocab"
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
	r.SwapTotal, r.SwapUsed = swapFigures(sw, swErr, "EnumPageFilesW (paging files' size)", "EnumPageFilesW (paging files in use)")
	var errs []error
	if vmErr != nil || vm == nil || vm.Total == 0 {
		errs = append(errs, fmt.Errorf("GlobalMemoryStatusEx: %w", orMissing(vmErr)))
	}
	if swErr != nil || sw == nil {
		errs = append(errs, fmt.Errorf("paging files: %w", orMissing(swErr)))
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

func swapFigures(sw *mem.SwapMemoryStat, err error, totalSrc, usedSrc string) (total, used vocab.Figure) {
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
