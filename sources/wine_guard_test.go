package sources

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTestsCleanUpUnderWine keeps the tests of this package and its rooms
// runnable in CI's Windows lane (scripts/wine-lane.sh): under Wine 8,
// os.RemoveAll, and so
// t.TempDir's clean-up, fails with "Invalid function". Tests that can run
// on Windows use testfs.TempDir and testfs.RemoveAll, which fall back to
// removing one name at a time.
func TestTestsCleanUpUnderWine(t *testing.T) {
	var files []string
	for _, dir := range []string{".", "follow", "records", "quota"} { // the root and its rooms
		found, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	banned := regexp.MustCompile(`\bt\.TempDir\(\)|\bos\.RemoveAll\(`)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		if f == "wine_guard_test.go" || notOnWindows(f, src) {
			continue
		}
		for i, line := range strings.Split(src, "\n") {
			if banned.MatchString(line) {
				t.Errorf("%s:%d: use testfs.TempDir(t) / testfs.RemoveAll: t.TempDir's clean-up and os.RemoveAll fail under Wine (CI's Windows lane)", f, i+1)
			}
		}
	}
}

// notOnWindows reports whether a test file is never built for Windows.
func notOnWindows(name, src string) bool {
	for _, suffix := range []string{"_unix_test.go", "_linux_test.go", "_darwin_test.go"} {
		if strings.HasSuffix(name, suffix) {
			return true
		}
	}
	first, _, _ := strings.Cut(src, "\n")
	return strings.HasPrefix(first, "//go:build") && strings.Contains(first, "!windows")
}
