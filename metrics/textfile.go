package metrics

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/coworktop/coworktop/governor"
)

// Encode writes snap's metrics in the Prometheus text exposition format, the
// same families /metrics serves.
func Encode(w io.Writer, snap governor.Snapshot, build BuildInfo) error {
	families, err := gather(snap, build)
	if err != nil {
		return fmt.Errorf("metrics: gather: %w", err)
	}
	if err := writeText(w, families); err != nil {
		return fmt.Errorf("metrics: encode: %w", err)
	}
	return nil
}

// WriteTextfile writes snap's metrics to path atomically, for node_exporter's
// textfile collector: a temporary file in the same folder (so the rename
// stays on one file system), synced, then renamed over path. A reader sees
// the old file or the new one, never half of one. The file is mode 0644 so
// node_exporter, often another user, can read it.
func WriteTextfile(path string, snap governor.Snapshot, build BuildInfo) error {
	var buf bytes.Buffer
	if err := Encode(&buf, snap, build); err != nil {
		return err
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, tempPattern(base))
	if err != nil {
		return fmt.Errorf("metrics: textfile: %w", err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			_ = os.Remove(tmp.Name()) // best effort: the write already failed
		}
	}()
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("metrics: textfile: write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("metrics: textfile: chmod %s: %w", tmp.Name(), err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("metrics: textfile: sync %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("metrics: textfile: close %s: %w", tmp.Name(), err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		_ = os.Remove(tmp.Name()) // best effort: the rename already failed
		done = true
		return fmt.Errorf("metrics: textfile: rename into place: %w", err)
	}
	done = true
	return nil
}

// tempPattern names the temporary file: hidden, and not ending in .prom,
// because node_exporter reads every *.prom in its folder.
func tempPattern(base string) string { return "." + base + ".tmp-*" }
