package tea

import (
	"os"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// TestMain gives the tests a home of their own (testfs.Main), as every
// package of the module does; this file is ours, not upstream's.
func TestMain(m *testing.M) { os.Exit(testfs.Main(m)) }
