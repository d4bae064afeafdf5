//go:build linux

package cmd

import "slices"

// simMemEvery is how often, in writer ticks, the simulated day samples
// each process's memory: 24 samples a simulated hour at the default pace.
const simMemEvery = 10

// simMemory keeps each process's memory samples since the last row, so a
// row's RSS is the median over its span (a simulated hour) rather than
// one instant: the row at an app restart is taken just after it, and one
// reading then says more about the restart's moment than about the hour.
type simMemory map[string][]procSample

func (m simMemory) sample(pids map[string]int) {
	for name, pid := range pids {
		m[name] = append(m[name], readProc(pid))
	}
}

// median is name's median sample since the last reset (now included), by
// VmRSS; its anonymous and file-backed parts are each their own median.
// Threads are the latest reading's.
func (m simMemory) median(name string, now procSample) procSample {
	ss := append(m[name], now)
	mid := func(f func(procSample) int) int {
		v := make([]int, len(ss))
		for i, s := range ss {
			v[i] = f(s)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	return procSample{
		rssKiB:  mid(func(s procSample) int { return s.rssKiB }),
		anonKiB: mid(func(s procSample) int { return s.anonKiB }),
		fileKiB: mid(func(s procSample) int { return s.fileKiB }),
		threads: now.threads,
	}
}

func (m simMemory) reset() { clear(m) }
