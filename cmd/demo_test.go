package cmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// The demo's writer is stopped before its folder goes, so nothing is
// written into a folder being removed and nothing is left behind.
func TestStartDemoStopsTheWriterBeforeRemovingTheFolder(t *testing.T) {
	t.Parallel()
	var errs bytes.Buffer
	dir, _, stop, err := startDemo(context.Background(), &errs)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(dir, "main.log")); err != nil || st.Size() == 0 {
		t.Fatalf("the demo history was not written: %v", err)
	}
	stop()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("the demo folder is still there after stop: %v", err)
	}
	if errs.Len() > 0 {
		t.Fatalf("the writer complained: %s", errs.String())
	}
}
