//go:build !windows

package follow

import (
	"fmt"
	"os"
	"syscall"
)

// statPath returns the identity, size and last write of the file at path,
// following symbolic links as os.Stat does.
func statPath(path string) (FileStat, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return FileStat{}, err
	}
	return statOf(fi)
}

// StatHandle returns the same for an open file, from the descriptor.
func StatHandle(f *os.File) (FileStat, error) {
	fi, err := f.Stat()
	if err != nil {
		return FileStat{}, err
	}
	return statOf(fi)
}

func statOf(fi os.FileInfo) (FileStat, error) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return FileStat{}, fmt.Errorf("stat %s: no device and inode", fi.Name())
	}
	return FileStat{
		id:   FileID{dev: uint64(st.Dev), ino: [2]uint64{uint64(st.Ino)}}, //nolint:unconvert // int32 on some Unix
		size: fi.Size(), mtime: fi.ModTime(), regular: fi.Mode().IsRegular(), mode: fi.Mode(),
	}, nil
}

// ListDir lists the files of dir that keep names, each with its stat (a
// stat needs no descriptor here).
func ListDir(dir string, keep func(string) bool) ([]DirFile, error) {
	return listDirByStat(dir, keep)
}
