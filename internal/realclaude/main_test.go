package realclaude

import (
	"os"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// TestMain gives the tests a home of their own (testfs.Main).
func TestMain(m *testing.M) { os.Exit(testfs.Main(m)) }
