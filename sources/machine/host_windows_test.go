//go:build windows

package machine

import (
	"context"
	"testing"
	"time"

	"golang.org/x/sys/windows"
)

// cpuTime is this process's user+kernel CPU time.
func cpuTime(t *testing.T) time.Duration {
	t.Helper()
	var c, e, k, u windows.Filetime
	if err := windows.GetProcessTimes(windows.CurrentProcess(), &c, &e, &k, &u); err != nil {
		t.Fatal(err)
	}
	ticks := func(f windows.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration(ticks(k)+ticks(u)) * 100
}

// The host sample the live view takes every refresh: its CPU cost, logged
// (platforms audit U5), and what it read.
func TestReadHostCost(t *testing.T) {
	ctx := context.Background()
	r, err := readHost(ctx)
	// Wine 8 implements neither the PDH counter gopsutil used nor
	// EnumPageFilesW, so swap reads as unknown there, with the reason.
	t.Logf("first sample: total %v, available %v, swap %v/%v, err %v", r.Total, r.Available, r.SwapUsed, r.SwapTotal, err)
	if !r.Total.Known || !r.Available.Known || (!r.SwapTotal.Known && err == nil) {
		t.Errorf("sample: %+v, err %v", r, err)
	}
	const n = 50
	before, start := cpuTime(t), time.Now()
	for range n {
		readHost(ctx)
	}
	t.Logf("readHost: %v CPU, %v wall per sample (%d samples)", (cpuTime(t)-before)/n, time.Since(start)/n, n)
}
