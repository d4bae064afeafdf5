package ring

import (
	"os"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// TestMain gives the tests a home of their own (testfs.Main): nothing of
// the machine's HOME, caches or config folders reaches them.
func TestMain(m *testing.M) { os.Exit(testfs.Main(m)) }
