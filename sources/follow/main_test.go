package follow

import (
	"os"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// TestMain gives the tests a home of their own (testfs.Main): nothing of
// the machine's HOME, caches or config folders reaches them.
func TestMain(m *testing.M) { os.Exit(testfs.Main(m)) }

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
