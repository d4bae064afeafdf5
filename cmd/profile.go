package cmd

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// startProfile writes a CPU profile to the file named by
// COWORKTOP_CPUPROFILE, for measuring the live TUI's idle cost
// (scripts/cpu-vs-htop.sh). It returns the function that stops it.
func startProfile() func() {
	path := os.Getenv("COWORKTOP_CPUPROFILE")
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
