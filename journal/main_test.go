package journal

import (
	"os"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" { // a writer for the tests that run other processes
		os.Exit(childWriter())
	}
	os.Exit(testfs.Main(m))
}
