//go:build !windows

package follow

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestOpenLogRefusesFIFOWithoutBlocking(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "main.log")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := OpenLog(fifo); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Fatalf("fifo: err = %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("OpenLog blocked on a FIFO")
	}
}
