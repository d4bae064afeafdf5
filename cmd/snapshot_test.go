package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

func TestSnapshotJSONFromFixture(t *testing.T) {
	if !inZone(t, "America/New_York") {
		return
	}
	out, errs, code := runCLI(t, "snapshot", "--json", filepath.Join(testdataDir, "logs", "macos"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var s governor.Snapshot
	if err := words.UnmarshalSnapshot([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if s.Cap.Value != 8 || s.Cap.Source != vocab.SourceLogged || len(s.Sessions) != 8 || s.Host == nil || !s.Host.Total.Known {
		t.Fatalf("cap %+v sessions %d host %+v", s.Cap, len(s.Sessions), s.Host)
	}
	// The fixture's newest line is weeks old (issue 23 #7): nothing in it
	// is taken as live, there is no next victim and no idle timer, and
	// the snapshot says how old the log is.
	if !s.Stale || s.LogAge < 24*time.Hour || s.Live != 0 || s.NextVictim != nil || s.Outlook.Action != "unknown" ||
		!strings.Contains(words.OutlookSummary(&s), "old") {
		t.Fatalf("stale %v age %v live %d victim %+v outlook %+v", s.Stale, s.LogAge, s.Live, s.NextVictim, s.Outlook)
	}
	for _, v := range s.Sessions {
		if v.Live() || v.TimerRemaining != 0 {
			t.Errorf("session %s of a silent log shown as %s, timer %v", v.ID, v.State, v.TimerRemaining)
		}
	}
	// One time format with the offset of the logs' zone, seconds, no year 1.
	for _, bad := range []string{"0001-01-01", "_ns\"", "+00:00\"", "Z\""} {
		if strings.Contains(out, bad) {
			t.Errorf("snapshot --json holds %s", bad)
		}
	}
	if !strings.Contains(out, `"newest": "2026-09-30T10:19:30-04:00"`) || !strings.Contains(out, `"idle_s": `) {
		t.Errorf("snapshot --json lacks the log's newest time as logged or idle seconds:\n%s", out[:min(len(out), 600)])
	}
	text, _, _ := runCLI(t, "snapshot", filepath.Join(testdataDir, "logs", "macos"))
	if !strings.Contains(text, "the log's newest line is") || strings.Contains(text, " ,") {
		t.Errorf("snapshot text does not say how old the log is, or has a space before a comma:\n%s", text)
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
