package cmd

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

func TestParseClock(t *testing.T) {
	wall := time.Date(2026, 12, 7, 8, 0, 0, 0, time.UTC)
	tick := wall
	now, err := parseClock("2026-03-08T01:30:00-05:00,3600", func() time.Time { return tick })
	if err != nil {
		t.Fatal(err)
	}
	tick = wall.Add(2 * time.Second) // two wall seconds: two simulated hours
	if got, want := now(), time.Date(2026, 3, 8, 3, 30, 0, 0, time.FixedZone("", -5*3600)); !got.Equal(want) {
		t.Errorf("after 2 s at 3600×: %v, want %v", got, want)
	}
	if now, _ := parseClock("2026-03-08T01:30:00Z", func() time.Time { return tick }); !now().Equal(time.Date(2026, 3, 8, 1, 30, 0, 0, time.UTC)) {
		t.Errorf("no speed: %v, want the start at speed 1", now())
	}
	anchored, err := parseClock("2026-03-08T00:00:00Z,60,2026-12-07T07:59:00Z", func() time.Time { return tick })
	if err != nil {
		t.Fatal(err)
	}
	if got, want := anchored(), time.Date(2026, 3, 8, 1, 2, 0, 0, time.UTC); !got.Equal(want) { // 62 wall s since the anchor at 60×
		t.Errorf("anchored: %v, want %v", got, want)
	}
	for _, bad := range []string{"2026-03-08T00:00:00Z,60,noon", "yesterday", "2026-03-08T01:30:00Z,0", "2026-03-08T01:30:00Z,-2", "2026-03-08T01:30:00Z,fast"} {
		if _, err := parseClock(bad, time.Now); err == nil || !strings.Contains(err.Error(), envClock) {
			t.Errorf("%q: %v, want an error naming %s", bad, err, envClock)
		}
	}
}

// TestSharedClockRunsTheBinary: the binary's own snapshot is taken on the
// shared clock, and a bad clock is a usage error before anything is read.
func TestSharedClockRunsTheBinary(t *testing.T) {
	bin := buildCoworktop(t)
	dir := t.TempDir()
	run := func(clock string) (string, error) {
		c := exec.Command(bin, "snapshot", "--log-dir", dir, "--records-dir", dir)
		c.Env = append(os.Environ(), envClock+"="+clock, "TZ=UTC")
		out, err := c.CombinedOutput()
		return string(out), err
	}
	out, err := run("2031-01-01T09:00:00Z,1")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "snapshot at 2031-01-01 09:00") {
		t.Errorf("snapshot not on the shared clock:\n%s", out)
	}
	out, err = run("soon")
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(out, envClock) {
		t.Errorf("a bad clock: %v\n%s", err, out)
	}
}
