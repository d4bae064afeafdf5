//go:build darwin

package machine

import (
	"context"
	"errors"
	"fmt"

	"golang.org/x/sys/unix"
)

// readHost reads the macOS figures with plain sysctls (no cgo, no root, no
// host_statistics call). Untested on real macOS: the sysctl names are those
// of xnu's bsd/vm/vm_unix.c and kern_memorystatus_notify.c, and the
// arithmetic is tested via darwinReading with recorded vm_stat page counts.
func readHost(context.Context) (HostReading, error) {
	var d darwinRaw
	d.memsize, d.memsizeErr = unix.SysctlUint64("hw.memsize")
	d.pages, d.pagesErr = readPages()
	d.swapusage, d.swapErr = unix.SysctlRaw("vm.swapusage")
	d.pressure, d.pressureErr = unix.SysctlUint32("kern.memorystatus_vm_pressure_level")
	d.level, d.levelErr = unix.SysctlUint32("kern.memorystatus_level")
	return darwinReading(d)
}

// readPages reads the page counts and the kernel's page size.
func readPages() (darwinPages, error) {
	var p darwinPages
	var errs []error
	read := func(name string, dst *uint64) {
		v, err := unix.SysctlUint32(name)
		if err != nil {
			errs = append(errs, fmt.Errorf("sysctl %s: %w", name, err))
			return
		}
		*dst = uint64(v)
	}
	read("vm.page_free_count", &p.Free)
	read("vm.page_pageable_external_count", &p.External)
	read("vm.page_purgeable_count", &p.Purgeable)
	if v, err := unix.SysctlUint32("vm.pagesize"); err == nil && v > 0 {
		p.PageSize = uint64(v)
	} else {
		p.PageSize = uint64(unix.Getpagesize()) // hw.pagesize: 4 KiB under Rosetta
	}
	return p, errors.Join(errs...)
}
