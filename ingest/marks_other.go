//go:build !amd64 && !arm64

package ingest

// Only amd64 and arm64 have an assembly kernel; elsewhere blocks are split
// the indexed way.
var markKernel markFunc

// markKernels are the kernels this CPU runs, for the tests to check each.
func markKernels() map[string]markFunc {
	return nil
}
