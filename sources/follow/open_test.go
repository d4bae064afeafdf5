package follow

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

func TestOpenLogRegularReadOnly(t *testing.T) {
	p := filepath.Join(testfs.TempDir(t), "main.log")
	if err := os.WriteFile(p, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := OpenLog(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write([]byte("x")); err == nil {
		t.Fatal("log opened writable")
	}
	b := make([]byte, 16)
	if n, _ := f.Read(b); string(b[:n]) != "hello\n" {
		t.Fatalf("read %q", b[:n])
	}
}

func TestOpenLogRefusesNonRegular(t *testing.T) {
	dir := testfs.TempDir(t)
	if _, err := OpenLog(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("directory: err = %v", err)
	}
	if _, err := OpenLog(filepath.Join(dir, "missing.log")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing: err = %v", err)
	}
}
