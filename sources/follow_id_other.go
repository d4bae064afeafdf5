//go:build !windows

package sources

import (
	"fmt"
	"os"
	"syscall"
)

// statPath returns the identity, size and last write of the file at path,
// following symbolic links as os.Stat does.
func statPath(path string) (fileStat, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStat{}, err
	}
	return statOf(fi)
}

// statHandle returns the same for an open file, from the descriptor.
func statHandle(f *os.File) (fileStat, error) {
	fi, err := f.Stat()
	if err != nil {
		return fileStat{}, err
	}
	return statOf(fi)
}

func statOf(fi os.FileInfo) (fileStat, error) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileStat{}, fmt.Errorf("stat %s: no device and inode", fi.Name())
	}
	return fileStat{
		id:   fileID{dev: uint64(st.Dev), ino: [2]uint64{uint64(st.Ino)}}, //nolint:unconvert // int32 on some Unix
		size: fi.Size(), mtime: fi.ModTime(), regular: fi.Mode().IsRegular(), mode: fi.Mode(),
	}, nil
}

// listDir lists the files of dir that keep names, each with its stat (a
// stat needs no descriptor here).
func listDir(dir string, keep func(string) bool) ([]dirFile, error) {
	return listDirByStat(dir, keep)
}
