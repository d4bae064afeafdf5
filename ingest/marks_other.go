//go:build !amd64

package ingest

// Only amd64 has a mark kernel so far; elsewhere blocks are split the
// portable way (feedLinesIndexed), which the tests hold to the same result.
const haveMarkKernel = false

func markKernel(data []byte, from, chunks int, out []uint64) {
	panic("ingest: no mark kernel on this architecture")
}
