package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// inZone runs the calling test again in a child process of this test
// binary whose TZ is name, so the product reads name as this machine's
// zone (time.Local) at its start: a test that wrote time.Local raced
// with every goroutine reading the clock (the race detector caught one).
// In the parent it runs the child, fails the test when the child fails,
// and says false; in a child it says whether name is the child's zone,
// so a test may loop over several.
func inZone(t *testing.T, name string) bool {
	t.Helper()
	if zone, child := os.LookupEnv(childZoneEnv); child {
		return zone == name
	}
	args := []string{"-test.run=^" + regexp.QuoteMeta(t.Name()) + "$", "-test.count=1", "-test.v"}
	if *update {
		args = append(args, "-update")
	}
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), "TZ="+name, childZoneEnv+"="+name)
	c.Dir = "cmd" // the package's folder, as go test starts it: TestMain goes up to the module's
	out, err := c.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("in %s: %v\n%s", name, err, out)
	}
	return false
}

// childZoneEnv marks a child inZone started, and names its zone.
const childZoneEnv = "COWORKTOP_TEST_CHILD_TZ"

// TestEventsGolden freezes `events` on every fixture byte for byte: the
// field names, their order, which empty ones are left out and how each time
// is written are what scripts and jq filters depend on.
func TestEventsGolden(t *testing.T) {
	if !inZone(t, "UTC") {
		return
	}
	for _, fixture := range []string{"macos", "windows", "linux", "macos2x", "windows-service", "losses", "mcp-utc", "update-deferred", "update-quit", "vm-retry", "update-idle", "windows-day"} {
		t.Run(fixture, func(t *testing.T) {
			out, errs, code := runCLI(t, "events", filepath.Join(testdataDir, "logs", fixture))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			golden(t, "events_"+fixture+".ndjson", out)
		})
	}
}
