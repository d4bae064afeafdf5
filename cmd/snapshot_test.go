package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/governor"
)

func TestSnapshotJSONFromFixture(t *testing.T) {
	out, errs, code := runCLI(t, "snapshot", "--json", filepath.Join(testdataDir, "logs", "macos"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var s governor.Snapshot
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if s.Cap.Value != 8 || s.Cap.Source != governor.SourceLogged || len(s.Sessions) != 8 || s.Host == nil || !s.Host.Total.Known {
		t.Fatalf("cap %+v sessions %d host %+v", s.Cap, len(s.Sessions), s.Host)
	}
	// The fixture's sessions are weeks old: all live ones are idle, the
	// oldest-active one is the estimated next victim.
	if s.NextVictim == nil || s.Outlook.Action != "start" {
		t.Fatalf("victim %+v outlook %+v", s.NextVictim, s.Outlook)
	}
}

func TestSnapshotFlagsAreChecked(t *testing.T) {
	for _, args := range [][]string{
		{"snapshot", "--fail-on", "sometimes"},
		{"snapshot", "--format", "xml"},
		{"snapshot", "--format", "prom"},
	} {
		_, errs, code := runCLI(t, args...)
		if code == 0 || !strings.HasPrefix(errs, "coworktop: ") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d stderr %q", args, code, errs)
		}
	}
}

func TestSnapshotPromTextfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "coworktop.prom")
	_, errs, code := runCLI(t, "snapshot", "--format", "prom", "--output", path, filepath.Join(testdataDir, "logs", "macos"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data := readFile(t, path)
	for _, want := range []string{"coworktop_build_info", "coworktop_session_cap"} {
		if !strings.Contains(data, want) {
			t.Errorf("textfile lacks %s", want)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
