package metrics

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

func TestWriteTextfileAtomicAndParsable(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "coworktop.prom")
	if err := os.WriteFile(path, []byte("old content\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	snap := richState().Snapshot(t0.Add(time.Hour))
	if err := WriteTextfile(path, snap, testBuild); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "old content") {
		t.Fatal("old content survived")
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(strings.NewReader(string(b)))
	if err != nil {
		t.Fatalf("textfile does not parse: %v\n%s", err, b)
	}
	ev := fams["coworktop_evictions_total"]
	if ev == nil {
		t.Fatalf("no coworktop_evictions_total in\n%s", b)
	}
	total := 0.0
	for _, m := range ev.GetMetric() {
		total += m.GetCounter().GetValue()
	}
	if total != 2 {
		t.Errorf("evictions in textfile = %v, want 2", total)
	}
	if fams["coworktop_build_info"] == nil {
		t.Error("no build info in textfile")
	}

	// Only the target is left: no temporary file a textfile collector might read.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "coworktop.prom" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("folder holds %v, want only coworktop.prom", names)
	}
	if runtime.GOOS != "windows" {
		fi, _ := os.Stat(path)
		if fi.Mode().Perm() != 0o644 {
			t.Errorf("mode = %v, want 0644 (node_exporter runs as another user)", fi.Mode().Perm())
		}
	}
}

func TestWriteTextfileFailsCleanly(t *testing.T) {
	dir := t.TempDir()
	snap := richState().Snapshot(t0)
	// A missing folder: an error naming the problem, nothing written.
	err := WriteTextfile(filepath.Join(dir, "nope", "x.prom"), snap, testBuild)
	if err == nil {
		t.Fatal("no error for a missing folder")
	}
	// The target is a folder: rename fails, and the temp file is removed.
	target := filepath.Join(dir, "isdir.prom")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(target, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteTextfile(target, snap, testBuild); err == nil {
		t.Fatal("no error when the target is a non-empty folder")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("leftovers after a failed write: %d entries", len(entries))
	}
}

// TestTempNameNotProm: node_exporter reads *.prom only, so the temporary
// file, visible for a moment, must not match, and is hidden.
func TestTempNameNotProm(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), tempPattern("coworktop.prom"))
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	name := filepath.Base(f.Name())
	if ok, _ := filepath.Match("*.prom", name); ok || !strings.HasPrefix(name, ".") {
		t.Errorf("temporary name %q would be read by the textfile collector", name)
	}
}
