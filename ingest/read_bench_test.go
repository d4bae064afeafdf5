//go:build unix

package ingest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// generated writes bench/genlog's log of mb MiB with the given flags.
func generated(b *testing.B, mb string, flags ...string) []byte {
	b.Helper()
	path := filepath.Join(b.TempDir(), "main.log")
	args := append([]string{"run", "../bench/genlog", "-out", path, "-mb", mb}, flags...)
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		b.Fatalf("genlog: %v\n%s", err, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkReadGenerated is report's work without the file system: parse a
// generated log on every core and apply it in order. -cpu 1 gives the CPU
// cost a byte; bench/scale.sh compares the whole command with grep.
func BenchmarkReadGenerated(b *testing.B) {
	for _, c := range []struct {
		name  string
		flags []string
		// kernel: "" for this CPU's best, "indexed" for the split used
		// where there is no mark kernel, or one of markKernels.
		kernel string
	}{
		{"default", nil, ""},
		{"dense", []string{"-every", "2.6"}, ""},
		{"ids", []string{"-every", "2.6", "-ids", "50"}, ""},
		{"default-portable", nil, "indexed"},
		{"dense-portable", []string{"-every", "2.6"}, "indexed"},
		{"default-sse2", nil, "sse2"},
		{"dense-sse2", []string{"-every", "2.6"}, "sse2"},
		{"default-avx2", nil, "avx2"},
		{"dense-avx2", []string{"-every", "2.6"}, "avx2"},
	} {
		b.Run(c.name, func(b *testing.B) {
			if c.kernel != "" {
				k, ok := markKernels()[c.kernel]
				if !ok && c.kernel != "indexed" {
					b.Skipf("no %s kernel on this CPU", c.kernel)
				}
				was := markKernel
				markKernel = k
				defer func() { markKernel = was }()
			}
			data := generated(b, "64", c.flags...)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			defer func() { b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op") }()
			for range b.N {
				s := governor.New(governor.DefaultLimits())
				if _, err := readValues(bytes.NewReader(data), "main.log", time.UTC, s.Apply); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// cpuTime is the process's CPU time so far, user and system: on a shared
// machine wall time says more about the neighbours than about the code.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
