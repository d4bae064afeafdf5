package cmd

import (
	"path/filepath"
	"testing"
)

// TestEventsGolden freezes `events` on every fixture byte for byte: the
// field names, their order, which empty ones are left out and how each time
// is written are what scripts and jq filters depend on.
func TestEventsGolden(t *testing.T) {
	for _, fixture := range []string{"macos", "windows", "linux", "macos2x", "windows-service", "losses", "mcp-utc", "update-deferred", "update-quit", "vm-retry", "update-idle"} {
		t.Run(fixture, func(t *testing.T) {
			out, errs, code := runCLI(t, "events", filepath.Join(testdataDir, "logs", fixture))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			golden(t, "events_"+fixture+".ndjson", out)
		})
	}
}
