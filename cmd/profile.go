package cmd

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// startProfile writes a CPU profile to the file named by
// COWORKTOP_CPUPROFILE, for measuring the live TUI's idle cost
// (scripts/cpu-vs-htop.sh), and a heap profile of every allocation to the
// file named by COWORKTOP_MEMPROFILE when the command ends, for measuring
// what `report` allocates. It returns the function that stops them.
func startProfile() func() {
	stopCPU := startCPUProfile(os.Getenv("COWORKTOP_CPUPROFILE"))
	memPath := os.Getenv("COWORKTOP_MEMPROFILE")
	if memPath == "" {
		return stopCPU
	}
	runtime.MemProfileRate = 4096
	return func() {
		stopCPU()
		writeHeapProfile(memPath)
	}
}

func startCPUProfile(path string) func() {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "coworktop: cpu profile: %v\n", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(os.Stderr, "coworktop: cpu profile: %v\n", err)
		f.Close()
		return func() {}
	}
	return func() { pprof.StopCPUProfile(); f.Close() }
}

// writeHeapProfile writes the allocations profile to path, after a
// collection: the runtime publishes a profile at the end of a cycle, so
// without one what the command allocated since the last (for report, all
// of building and writing the report) would be missing.
func writeHeapProfile(path string) {
	runtime.GC()
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "coworktop: heap profile: %v\n", err)
		return
	}
	defer f.Close()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		fmt.Fprintf(os.Stderr, "coworktop: heap profile: %v\n", err)
	}
}
