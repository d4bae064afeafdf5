//go:build windows

package sources

import (
	"fmt"
	"os"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// statPath returns the identity, size and last write of the file at path
// from a short open that asks only for its attributes and shares
// everything, so it never stands in the way of the app's rename. os.Stat
// would not do: on Windows its FileInfo has no file ID, and os.SameFile
// loads one later by reopening the path, which by then may name another
// file or none (platforms audit, W9).
func statPath(path string) (fileStat, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return fileStat{}, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	h, err := windows.CreateFile(p, windows.FILE_READ_ATTRIBUTES,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return fileStat{}, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	defer windows.CloseHandle(h)
	st, err := statOfHandle(h)
	if err != nil {
		return fileStat{}, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	return st, nil
}

// statHandle returns the same for an open file, from its handle.
func statHandle(f *os.File) (fileStat, error) {
	st, err := statOfHandle(windows.Handle(f.Fd()))
	if err != nil {
		return fileStat{}, fmt.Errorf("stat %s: %w", f.Name(), err)
	}
	return st, nil
}

// fileIDInfo is FILE_ID_INFO: the volume serial number and the 128-bit
// file ID, which is also unique on ReFS.
type fileIDInfo struct {
	VolumeSerialNumber uint64
	FileID             [16]byte
}

func statOfHandle(h windows.Handle) (fileStat, error) {
	var bi windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(h, &bi); err != nil {
		return fileStat{}, err
	}
	st := fileStat{
		id:      fileID{dev: uint64(bi.VolumeSerialNumber), ino: [2]uint64{uint64(bi.FileIndexHigh)<<32 | uint64(bi.FileIndexLow)}},
		size:    int64(bi.FileSizeHigh)<<32 | int64(bi.FileSizeLow),
		mtime:   time.Unix(0, bi.LastWriteTime.Nanoseconds()),
		regular: bi.FileAttributes&(windows.FILE_ATTRIBUTE_DIRECTORY|windows.FILE_ATTRIBUTE_DEVICE) == 0,
	}
	if !st.regular {
		st.mode = os.ModeDir
	}
	var ii fileIDInfo
	if windows.GetFileInformationByHandleEx(h, windows.FileIdInfo, (*byte)(unsafe.Pointer(&ii)), uint32(unsafe.Sizeof(ii))) == nil {
		st.id = fileID{dev: ii.VolumeSerialNumber}
		st.id.ino[0] = leUint64(ii.FileID[:8])
		st.id.ino[1] = leUint64(ii.FileID[8:])
	}
	return st, nil
}

func leUint64(b []byte) uint64 {
	var v uint64
	for i := 7; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}
