//go:build unix

package sources

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// canMap says whether the scan maps logs here.
const canMap = true

// mapLog maps n bytes of f from off (a page multiple) read-only: the scan
// reads the page cache where it lies instead of copying it out. unmap must
// be called once done with the bytes.
func mapLog(f *os.File, off int64, n int) (data []byte, unmap func(), err error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, nil, fmt.Errorf("mapping %q: %w", f.Name(), err)
	}
	cerr := rc.Control(func(fd uintptr) {
		data, err = unix.Mmap(int(fd), off, n, unix.PROT_READ, unix.MAP_SHARED)
	})
	if err == nil {
		err = cerr
	}
	if err != nil {
		return nil, nil, fmt.Errorf("mapping %q: %w", f.Name(), err)
	}
	return data, func() { _ = unix.Munmap(data) }, nil
}
