package ingest

import (
	"os"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// TestMain gives the tests a home of their own (testfs.Main): nothing of
// the machine's HOME, caches or config folders reaches them. It loads the
// dispatch's tables first: many tests call the parsers and the head tests
// directly, where the program reaches them only through an assembler,
// which loads them (newAssembler).
func TestMain(m *testing.M) {
	loadTables()
	os.Exit(testfs.Main(m))
}
