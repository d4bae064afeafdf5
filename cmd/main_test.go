package cmd

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
)

// testdataDir holds the fixtures and goldens shared by the whole module.
// TestMain runs the package's tests from the module root, so the paths in
// goldens read as a user types them (`coworktop report testdata/logs/macos`).
const testdataDir = "testdata"

// binDir holds the binary the process tests share; TestMain removes it.
var binDir string

// built is the coworktop binary, built at most once per test run, the way a
// user builds it (from the module root), by the first test that needs it.
var built = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(binDir, "coworktop")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %w\n%s", err, out)
	}
	return bin, nil
})

// buildCoworktop returns the shared binary.
func buildCoworktop(t *testing.T) string {
	t.Helper()
	bin, err := built()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

func TestMain(m *testing.M) {
	var err error
	if binDir, err = os.MkdirTemp("", "coworktop-bin-"); err != nil {
		fmt.Fprintln(os.Stderr, "temp dir:", err)
		os.Exit(2)
	}
	// A home of the tests' own (testfs.UseHome): the machine's status-line
	// state, records and config never reach them.
	if err := testfs.UseHome(filepath.Join(binDir, "home")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if err := os.Chdir(".."); err != nil {
		fmt.Fprintln(os.Stderr, "chdir to the module root:", err)
		os.Exit(2)
	}
	code := m.Run()
	testfs.RemoveAll(binDir)
	os.Exit(code)
}

// eventually polls cond every 20 ms until it holds, and fails the test
// naming what did not happen once timeout has passed: the way to wait for
// another process or goroutine, instead of a fixed sleep.
func eventually(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	if !waitFor(timeout, cond) {
		t.Fatalf("after %s: %s", timeout, what)
	}
}

// waitFor polls cond every 20 ms until it holds (true) or timeout passes
// (false), for a caller that reports the shortfall itself.
func waitFor(timeout time.Duration, cond func() bool) bool {
	for end := time.Now().Add(timeout); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			return false
		}
	}
	return true
}

// lockedBuffer is a bytes.Buffer a child process writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
