//go:build unix

package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"

	"github.com/coworktop/coworktop/sources/follow"
)

// A log cut short while the scan holds it mapped faults on the pages past
// its new end: the scan gives up on the mapping rather than crash, and
// reads the file instead.
func TestScanOfALogCutShortUnderItsMapping(t *testing.T) {
	path := filepath.Join(testfs.TempDir(t), "main.log")
	text := filler(3*scanChunk) + appStart + filler(5000)
	writeFile(t, path, text)
	f, err := follow.OpenLog(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	size := int64(len(text))
	if res, err := scanMapped(f, 0, size, appStarts); err != nil || !res.found || res.at != int64(3*scanChunk) {
		t.Fatalf("whole file: %+v, %v", res, err)
	}
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	if res, err := scanMapped(f, 0, size, appStarts); err == nil {
		t.Fatalf("scanned a cut file's mapping without a fault: %+v", res)
	} else if !strings.Contains(err.Error(), "mapped log") {
		t.Fatalf("error %v", err)
	}
	if res := scanBack(f, 0, size, appStarts); res.found || res.reachedLo {
		t.Fatalf("cut file: %+v", res)
	}
}
