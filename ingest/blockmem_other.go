//go:build !unix

package ingest

// newBlockMem is a block's memory with room for n bytes, from the heap
// (blockmem_unix.go maps it outside where the system allows).
func newBlockMem(n int) *blockMem {
	return &blockMem{data: make([]byte, 0, n)}
}
