package cmd

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the zone below on any machine
)

// A rotation inside the hour that repeats when clocks go back (New York,
// 2026-11-01): main1.log ends in its first occurrence, main.log starts in
// its second. `events` writes each time with its offset, in order, and
// `report` reads the session's last turn where it happened.
func TestEventsAcrossFallBackAndRotation(t *testing.T) {
	if !inZone(t, "America/New_York") {
		return
	}
	dir := t.TempDir()
	const id = "local_0b7c1111-aaaa-4aaa-8aaa-000000000001"
	older := strings.Join([]string{
		"2026-11-01 01:20:00 [info] Starting local session " + id + " in /Users/jane/projects/alpha",
		"2026-11-01 01:20:02 [info] [WarmLifecycle:session] Starting idle timeout for " + id + ": 900s",
		"2026-11-01 01:40:00 [info] [Stop hook] Query completed for session " + id,
		"2026-11-01 01:59:40 [info] [process-memory] trigger=interval tree_rss_sum=1554MB tree_footprint_sum=893MB electron(4)=934MB children(12)=620MB top=[electron_main:32288:393MB] sys_free=9021MB/32768MB sys_free_raw=9021MB",
	}, "\n") + "\n"
	newer := strings.Join([]string{
		"2026-11-01 01:00:40 [info] [process-memory] trigger=interval tree_rss_sum=1560MB tree_footprint_sum=893MB electron(4)=934MB children(12)=626MB top=[electron_main:32288:393MB] sys_free=9011MB/32768MB sys_free_raw=9011MB",
		"2026-11-01 01:10:00 [info] [Stop hook] Query completed for session " + id,
	}, "\n") + "\n"
	for name, text := range map[string]string{"main1.log": older, "main.log": newer} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	out, errs, code := runCLI(t, "events", "--no-journal", dir)
	if code != 0 {
		t.Fatalf("events: exit %d: %s", code, errs)
	}
	var last time.Time
	var times []string
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var e struct{ Time, File, Kind string }
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		at, err := time.Parse(time.RFC3339, e.Time)
		if err != nil {
			t.Fatalf("%s %s: time %q has no offset: %v", e.File, e.Kind, e.Time, err)
		}
		if at.Before(last) {
			t.Errorf("%s %s at %s goes back", e.File, e.Kind, e.Time)
		}
		last = at
		times = append(times, e.File+" "+e.Kind+" "+e.Time)
	}
	want := "main.log session.turn_end 2026-11-01T01:10:00-05:00"
	if len(times) == 0 || times[len(times)-1] != want {
		t.Fatalf("events:\n%s\nwant last %s", strings.Join(times, "\n"), want)
	}
	r := reportJSON(t, dir)
	if got := r.Span.Last.JSON(); got != "2026-11-01T01:10:00-05:00" {
		t.Errorf("report's span ends %s, want 2026-11-01T01:10:00-05:00", got)
	}
}
