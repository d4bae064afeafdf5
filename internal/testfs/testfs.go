// Package testfs holds the tests' temp-folder and Wine helpers, so that the
// Windows build of the tests runs under Wine (scripts/wine-lane.sh) as it
// does on Linux and Windows. It owns only test scaffolding: no package of
// the program imports it, and it touches nothing outside the folders the
// tests make.
//
// Wine 8 lacks the POSIX-semantics delete (FileDispositionInformationEx)
// that Go's Windows os.RemoveAll uses, so RemoveAll, and with it the
// clean-up of t.TempDir, fails there with "Invalid function". TempDir and
// RemoveAll fall back to deleting one name at a time with os.Remove, which
// Wine supports.
package testfs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"
)

// WineEnv is the variable the Wine lane sets to 1 for the test binaries it
// runs. UnderWine also asks Wine itself on Windows, so a test binary run
// by hand under wine64 is recognised too.
const WineEnv = "COWORKTOP_WINE"

// UnderWine reports whether the test binary runs under Wine.
func UnderWine() bool {
	return os.Getenv(WineEnv) == "1" || wineLoaded()
}

// SkipUnderWine skips t under Wine, with the reason Wine cannot run it.
// The reason must say what Wine lacks or does differently from Windows.
func SkipUnderWine(t testing.TB, reason string) {
	t.Helper()
	if UnderWine() {
		t.Skip("under Wine: " + reason)
	}
}

// TempDir is t.TempDir whose clean-up also works under Wine: before the
// testing package's own clean-up runs, the folder is removed, name by name
// if os.RemoveAll fails. If that fails too, the testing package's clean-up
// reports the error as it always did.
func TempDir(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	// t.TempDir returns a numbered folder inside one per test; the testing
	// package removes that parent. Cleanups run last-in first-out, so this
	// one runs before the testing package's.
	parent := filepath.Dir(dir)
	t.Cleanup(func() {
		if err := RemoveAll(parent); err != nil {
			t.Logf("testfs: %v (the testing package tries again)", err)
		}
	})
	return dir
}

// RemoveAll is os.RemoveAll, falling back to removing the tree one name at
// a time, deepest first, when os.RemoveAll fails (Wine 8: "Invalid
// function"). A path that does not exist is not an error.
//
// On Windows a file deleted while another handle holds it keeps its name
// until that handle closes, under Wine always: a follower stopped by the
// test's clean-up may still be closing its files. So on Windows the
// fallback is tried again for up to retryFor, as the testing package does.
func RemoveAll(path string) error {
	err := os.RemoveAll(path)
	if err == nil {
		return nil
	}
	deadline := time.Now().Add(retryFor)
	for wait := time.Millisecond; ; wait *= 2 {
		ferr := removeEach(path)
		if ferr == nil {
			return nil
		}
		if runtime.GOOS != "windows" || time.Now().Add(wait).After(deadline) {
			return fmt.Errorf("remove %s: %w (os.RemoveAll: %v)", path, ferr, err)
		}
		time.Sleep(wait)
	}
}

// retryFor bounds RemoveAll's retries on Windows.
const retryFor = 2 * time.Second

// removeEach removes every name under root and then root, children before
// their folder.
func removeEach(root string) error {
	var names []string
	err := filepath.WalkDir(root, func(p string, _ fs.DirEntry, err error) error {
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		names = append(names, p)
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	// WalkDir lists a folder before its contents; remove in reverse.
	for _, p := range slices.Backward(names) {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}
