package follow

import "os"

// Positional reads shared by the follower and the backfill: neither moves
// the file offset, so one descriptor can be handed from one to the other.

// atReader reads f from *off with ReadAt, so the position is ours alone and
// survives a resync.
type atReader struct {
	f   *os.File
	off *int64
}

func (r *atReader) Read(p []byte) (int, error) {
	n, err := r.f.ReadAt(p, *r.off)
	*r.off += int64(n)
	return n, err
}

// readAtMost appends up to n bytes of f at off to dst; short on EOF or error.
func readAtMost(f *os.File, off int64, n int, dst []byte) []byte {
	if n <= 0 || off < 0 {
		return dst
	}
	start := len(dst)
	dst = append(dst, make([]byte, n)...)
	k, _ := f.ReadAt(dst[start:], off)
	return dst[:start+k]
}
