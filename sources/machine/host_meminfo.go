package machine

import (
	"bytes"
	"strconv"

	"github.com/shirou/gopsutil/v4/mem"
)

// parseMeminfo reads the /proc/meminfo figures linuxReading maps, the way
// gopsutil computes them (Cached includes SReclaimable, Used is MemTotal −
// MemAvailable, swap used is SwapTotal − SwapFree). gopsutil itself reads
// the file twice and /proc/vmstat besides, once a second on the live view;
// one read is enough. ok is false when MemTotal or MemAvailable (kernels
// before 3.14) is missing, and the caller falls back to gopsutil.
func parseMeminfo(b []byte) (vm *mem.VirtualMemoryStat, sw *mem.SwapMemoryStat, ok bool) {
	var total, avail, free, cached, reclaim, swTotal, swFree uint64
	var haveTotal, haveAvail, haveSwap bool
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		colon := bytes.IndexByte(line, ':')
		if colon < 0 {
			continue
		}
		key, rest := line[:colon], bytes.Fields(line[colon+1:])
		if len(rest) == 0 {
			continue
		}
		v, err := strconv.ParseUint(string(rest[0]), 10, 64)
		if err != nil {
			continue
		}
		if len(rest) > 1 && string(rest[1]) == "kB" {
			v *= 1024
		}
		switch string(key) {
		case "MemTotal":
			total, haveTotal = v, true
		case "MemAvailable":
			avail, haveAvail = v, true
		case "MemFree":
			free = v
		case "Cached":
			cached = v
		case "SReclaimable":
			reclaim = v
		case "SwapTotal":
			swTotal, haveSwap = v, true
		case "SwapFree":
			swFree = v
		}
	}
	if !haveTotal || !haveAvail || total == 0 {
		return nil, nil, false
	}
	vm = &mem.VirtualMemoryStat{
		Total: total, Available: avail, Free: free, Cached: cached + reclaim,
		Used: total - min(avail, total),
	}
	if haveSwap {
		sw = &mem.SwapMemoryStat{Total: swTotal, Free: swFree, Used: swTotal - min(swFree, swTotal)}
	}
	return vm, sw, true
}
