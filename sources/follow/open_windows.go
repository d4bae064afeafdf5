//go:build windows

package follow

import (
	"fmt"
	"os"
	"unsafe"

	"golang.org/x/sys/windows"
)

// OpenLog opens a log file read-only with FILE_SHARE_DELETE as well as read
// and write sharing. Go's os.Open omits share-delete, and a reader holding
// main.log that way makes electron-log's rename fail, after which the app
// crops its own log in place. Anything but a disk file (a pipe, a device) is
// refused.
func OpenLog(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("opening log: %w", err)
	} else if !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, fmt.Errorf("opening log %q: %w", path, err)
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return nil, fmt.Errorf("opening log: %w", &os.PathError{Op: "open", Path: path, Err: err})
	}
	if t, err := windows.GetFileType(h); err != nil || t != windows.FILE_TYPE_DISK {
		windows.CloseHandle(h)
		return nil, fmt.Errorf("opening log %q: not a disk file", path)
	}
	return os.NewFile(uintptr(h), path), nil
}

// fileStandardInfo is FILE_STANDARD_INFO.
type fileStandardInfo struct {
	AllocationSize, EndOfFile int64
	NumberOfLinks             uint32
	DeletePending, Directory  bool
}

// unlinked reports whether the open file f has been deleted (its delete is
// pending until the last handle closes, or it has no link left): the
// follower closes such a file once it has read it to its end.
func unlinked(f *os.File, _ os.FileInfo) bool {
	var info fileStandardInfo
	err := windows.GetFileInformationByHandleEx(windows.Handle(f.Fd()), windows.FileStandardInfo,
		(*byte)(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)))
	return err == nil && (info.DeletePending || info.NumberOfLinks == 0)
}
