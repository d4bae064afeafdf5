//go:build linux

package cmd

import (
	"crypto/sha256"
	"runtime"
	"slices"
	"syscall"
	"time"
)

// The host's speed through the simulated day, reported beside the raw
// CPU figures (issue 52): on a shared VM every hour's CPU moves by about
// 15 % in all the processes together, so the test also times a fixed
// workload in its own process (hashing hostRefBytes with SHA-256, tens of
// milliseconds) a few times an hour and prints each process's CPU in
// units of that reference as well. The test still judges the raw CPU.

const (
	hostRefBytes = 32 << 20 // hashed per reference sample
	hostRefEvery = 4        // a reference sample every 4th memory sample
)

// hostRef keeps the reference samples since the last row.
type hostRef []time.Duration

// sample times the fixed workload by its thread's own CPU time, so the
// test's other goroutines do not count.
func (h *hostRef) sample() {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	buf := make([]byte, 1<<20)
	start := threadCPU()
	d := sha256.New()
	for range hostRefBytes / len(buf) {
		d.Write(buf)
	}
	_ = d.Sum(nil)
	*h = append(*h, threadCPU()-start)
}

// median is the row's reference: the median sample (0 for none).
func (h hostRef) median() time.Duration {
	if len(h) == 0 {
		return 0
	}
	s := slices.Clone(h)
	slices.Sort(s)
	return s[len(s)/2]
}

func (h *hostRef) reset() { *h = (*h)[:0] }

// threadCPU is the calling thread's user and system time so far.
func threadCPU() time.Duration {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// inRefs is cpu in units of the reference ref (0 without one).
func inRefs(cpu, ref time.Duration) float64 {
	if ref <= 0 {
		return 0
	}
	return float64(cpu) / float64(ref)
}

// refs3 is rows' CPU of name in reference units, each row by its own.
func refs3(rs []simRow, name string) (u float64) {
	for _, r := range rs {
		u += inRefs(r.cpu[name], r.ref)
	}
	return u
}
