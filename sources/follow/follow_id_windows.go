//go:build windows

package follow

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// A file's identity on Windows is its volume serial number and its 64-bit
// file index. The folder listing reads both from the folder itself
// (FileIdBothDirectoryInfo), so listing opens no log: even an
// attributes-only open of main2.log, at the moment the app renames
// main1.log onto it, makes Windows (and Wine) refuse the rename. An open
// file's identity comes from its handle (GetFileInformationByHandle), never
// from its path: os.Stat's FileInfo has no file ID on Windows, and
// os.SameFile loads one later by reopening the path, which by then may name
// another file or none (platforms audit, W9). The 128-bit FileIdInfo is not
// used, as the listing does not give it; 64 bits are unique on NTFS, where
// the app's logs live.

// statPath returns the identity, size and last write of the file at path,
// from a short open that asks only for its attributes and shares
// everything. The follower uses it only when the folder cannot be listed.
func statPath(path string) (FileStat, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return FileStat{}, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	h, err := windows.CreateFile(p, windows.FILE_READ_ATTRIBUTES,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return FileStat{}, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	defer windows.CloseHandle(h)
	st, err := statOfHandle(h)
	if err != nil {
		return FileStat{}, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	return st, nil
}

// StatHandle returns the same for an open file, from its handle.
func StatHandle(f *os.File) (FileStat, error) {
	st, err := statOfHandle(windows.Handle(f.Fd()))
	if err != nil {
		return FileStat{}, fmt.Errorf("stat %s: %w", f.Name(), err)
	}
	return st, nil
}

func statOfHandle(h windows.Handle) (FileStat, error) {
	var bi windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(h, &bi); err != nil {
		return FileStat{}, err
	}
	return makeStat(uint64(bi.VolumeSerialNumber), uint64(bi.FileIndexHigh)<<32|uint64(bi.FileIndexLow),
		int64(bi.FileSizeHigh)<<32|int64(bi.FileSizeLow), bi.LastWriteTime, bi.FileAttributes), nil
}

func makeStat(vol, index uint64, size int64, mtime windows.Filetime, attrs uint32) FileStat {
	st := FileStat{
		id:      FileID{dev: vol, ino: [2]uint64{index}},
		size:    size,
		mtime:   time.Unix(0, mtime.Nanoseconds()),
		regular: attrs&(windows.FILE_ATTRIBUTE_DIRECTORY|windows.FILE_ATTRIBUTE_DEVICE) == 0,
	}
	if !st.regular {
		st.mode = os.ModeDir
	}
	return st
}

// fileIDBothDirInfo is FILE_ID_BOTH_DIR_INFO (the short name's field is
// laid out differently, and unused).
type fileIDBothDirInfo struct {
	NextEntryOffset uint32
	FileIndex       uint32
	CreationTime    windows.Filetime
	LastAccessTime  windows.Filetime
	LastWriteTime   windows.Filetime
	ChangeTime      windows.Filetime
	EndOfFile       int64
	AllocationSize  int64
	FileAttributes  uint32
	FileNameLength  uint32
	EaSize          uint32
	ShortNameLength uint32
	ShortName       [12]uint16
	FileID          uint64
	FileName        [1]uint16
}

// ListDir lists the files of dir that keep names, each with its identity,
// size and last write, from the folder's own entries. A file system that
// cannot list file IDs gets a short attributes-only open per file
// (statPath) instead; so does a symbolic link, to be followed.
func ListDir(dir string, keep func(string) bool) ([]DirFile, error) {
	p, err := windows.UTF16PtrFromString(dir)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: dir, Err: err}
	}
	h, err := windows.CreateFile(p, windows.FILE_LIST_DIRECTORY,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: dir, Err: err}
	}
	defer windows.CloseHandle(h)
	var vol uint32
	if err := windows.GetVolumeInformationByHandle(h, nil, 0, &vol, nil, nil, nil, 0); err != nil {
		return listDirByStat(dir, keep)
	}
	buf := make([]uint64, 8<<10) // 64 KiB, 8-byte aligned
	var out []DirFile
	for class := uint32(windows.FileIdBothDirectoryRestartInfo); ; class = windows.FileIdBothDirectoryInfo {
		err := windows.GetFileInformationByHandleEx(h, class, (*byte)(unsafe.Pointer(&buf[0])), uint32(len(buf)*8))
		switch {
		case errors.Is(err, windows.ERROR_NO_MORE_FILES):
			return out, nil
		case err != nil && class == windows.FileIdBothDirectoryRestartInfo &&
			(errors.Is(err, windows.ERROR_INVALID_PARAMETER) || errors.Is(err, windows.ERROR_NOT_SUPPORTED) || errors.Is(err, windows.ERROR_INVALID_FUNCTION)):
			return listDirByStat(dir, keep)
		case err != nil:
			return nil, &os.PathError{Op: "readdir", Path: dir, Err: err}
		}
		for off := uintptr(0); ; {
			e := (*fileIDBothDirInfo)(unsafe.Add(unsafe.Pointer(&buf[0]), off))
			name := syscall.UTF16ToString(unsafe.Slice(&e.FileName[0], e.FileNameLength/2))
			if name != "." && name != ".." && keep(name) {
				if e.FileAttributes&windows.FILE_ATTRIBUTE_REPARSE_POINT != 0 {
					out = append(out, statNames(dir, []string{name})...)
				} else {
					out = append(out, DirFile{name: name, st: makeStat(uint64(vol), e.FileID, e.EndOfFile, e.LastWriteTime, e.FileAttributes)})
				}
			}
			if e.NextEntryOffset == 0 {
				break
			}
			off += uintptr(e.NextEntryOffset)
		}
	}
}
