package machine

import (
	"errors"
	"fmt"
)

// macOS memory as Activity Monitor counts it (platforms audit W6). The page
// counts are plain sysctls of xnu's bsd/vm/vm_unix.c, read in kernel pages
// (vm.pagesize, which stays 16 KiB for an x86-64 binary under Rosetta,
// where hw.pagesize says 4 KiB). Everything here is pure so it is tested on
// any OS; host_darwin.go only makes the calls.

// darwinPages are the kernel's page counts.
type darwinPages struct {
	Free      uint64 // vm.page_free_count: the free queue (vm_stat "Pages free")
	External  uint64 // vm.page_pageable_external_count: file-backed (vm_stat "File-backed pages"), speculative included
	Purgeable uint64 // vm.page_purgeable_count (vm_stat "Pages purgeable"), anonymous pages the app may drop
	PageSize  uint64 // vm.pagesize, bytes
}

// darwinMemory is Activity Monitor's accounting of those pages, in bytes:
//   - cached = Cached Files = file-backed + purgeable pages;
//   - available = free + cached: what the kernel hands out without
//     compressing or swapping anything;
//   - used = Memory Used = total − available, which is App Memory
//     (anonymous − purgeable) + Wired + Compressed plus the few pages the
//     kernel keeps on no queue.
//
// Speculative pages are not added on their own: they are read-ahead file
// pages, already inside the file-backed count (in vm_stat, active + inactive
// + speculative equals file-backed + anonymous to the page).
func darwinMemory(p darwinPages, total uint64) (available, cached, used uint64) {
	cached = (p.External + p.Purgeable) * p.PageSize
	available = min(p.Free*p.PageSize+cached, total)
	return available, cached, total - available
}

// darwinRaw is what host_darwin.go reads; each figure has its own error so
// one failing sysctl does not hide the others.
type darwinRaw struct {
	memsize               uint64
	memsizeErr            error
	pages                 darwinPages
	pagesErr              error
	swapusage             []byte
	swapErr               error
	pressure, level       uint32
	pressureErr, levelErr error
}

// Sources of the macOS figures, as the UI labels them.
const (
	srcDarwinAvailable = "sysctl vm.page_{free,pageable_external,purgeable}_count (free + file-backed + purgeable)"
	srcDarwinUsed      = "hw.memsize − available (Activity Monitor's Memory Used: app + wired + compressed)"
	srcDarwinCached    = "sysctl vm.page_pageable_external_count + vm.page_purgeable_count (Activity Monitor's Cached Files)"
	srcDarwinFree      = "sysctl vm.page_free_count"
	srcDarwinPressure  = "sysctl kern.memorystatus_vm_pressure_level"
)

// darwinReading maps the macOS figures. Pressure is the kernel's own level:
// on macOS the app's governor follows it, not a free/total ratio.
func darwinReading(d darwinRaw) (HostReading, error) {
	var r HostReading
	var errs []error
	if d.memsizeErr == nil && d.memsize > 0 {
		r.Total = known(d.memsize, "sysctl hw.memsize")
	} else {
		errs = append(errs, fmt.Errorf("sysctl hw.memsize: %w", orMissing(d.memsizeErr)))
	}
	switch {
	case d.pagesErr != nil || d.pages.PageSize == 0:
		errs = append(errs, fmt.Errorf("sysctl vm page counts: %w", orMissing(d.pagesErr)))
	case r.Total.Known:
		avail, cached, used := darwinMemory(d.pages, r.Total.Value)
		r.Available, r.Cached, r.Used = known(avail, srcDarwinAvailable), known(cached, srcDarwinCached), known(used, srcDarwinUsed)
		r.Free = known(d.pages.Free*d.pages.PageSize, srcDarwinFree)
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
	r.KernelGoverned = true
	if d.pressureErr == nil {
		r.KernelPressure = known(uint64(d.pressure), srcDarwinPressure)
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
