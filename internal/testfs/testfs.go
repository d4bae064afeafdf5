// Package testfs holds the tests' temp-folder and Wine helpers, so that the
// Windows build of the tests runs under Wine (scripts/wine-lane.sh) as it
// does on Linux and Windows, and HeldIn, the count of this process's open
// files in a folder. It owns only test scaffolding: no package of
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
	"sync"
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

// TempDir is t.TempDir whose clean-up also works under Wine: the folder is
// removed, name by name if os.RemoveAll fails, before the testing
// package's own clean-up runs. If that fails too, the testing package's
// clean-up reports the error as it always did.
//
// Each folder is removed by a clean-up of its own, registered after the
// caller's earlier ones: a follower the test registered to close after an
// earlier TempDir is closed by then. The testing package removes the
// per-test folder that holds them all; the first TempDir of a test removes
// it first, last of the test's clean-ups.
func TempDir(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	parent := filepath.Dir(dir)
	if _, registered := parents.LoadOrStore(parent, true); !registered {
		t.Cleanup(func() {
			parents.Delete(parent)
			removeLogged(t, parent)
		})
	}
	t.Cleanup(func() { removeLogged(t, dir) })
	return dir
}

// parents holds the per-test folders whose removal TempDir registered.
var parents sync.Map

func removeLogged(t testing.TB, dir string) {
	if err := RemoveAll(dir); err != nil {
		t.Logf("testfs: %v (the testing package tries again)", err)
	}
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
