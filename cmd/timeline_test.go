package cmd

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/sources"
)

// timelineDir writes one machine's logs: main.log and its rotation, the
// Windows VM node and service logs and the daemon's (UTC), CRLF, with
// lines of every file interleaved in time and two stamps shared across
// files.
func timelineDir(t *testing.T, zone *time.Location) string {
	t.Helper()
	dir := t.TempDir()
	utc := func(local string) string { // the daemon writes UTC
		tm, err := time.ParseInLocation("2006-01-02 15:04:05", local, zone)
		if err != nil {
			t.Fatal(err)
		}
		return tm.UTC().Format("2006-01-02T15:04:05.000Z")
	}
	write := func(name string, lines ...string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Join(lines, "\r\n")+"\r\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("main1.log",
		"2026-09-10 09:00:00 [info] Starting local session local_aaaaaaaa-0000-4000-8000-000000000001 in C:\\Users\\kim\\src\\api",
		"2026-09-10 09:00:20 [info] [CCD] LocalSessions.setFocusedSession: sessionId=local_aaaaaaaa-0000-4000-8000-000000000001")
	write("main.log",
		"2026-09-10 09:01:00 [info] [Stop hook] Query completed for session local_aaaaaaaa-0000-4000-8000-000000000001",
		"2026-09-10 09:02:00 [info] [CCD] LocalSessions.setFocusedSession: sessionId=local_aaaaaaaa-0000-4000-8000-000000000001",
		"2026-09-10 09:04:00 [info] [Stop hook] Query completed for session local_aaaaaaaa-0000-4000-8000-000000000001")
	write("cowork_vm_node.log",
		"2026-09-10 09:00:10 [info] [VM:start] Beginning startup, bundlePath=C:\\Users\\kim\\AppData\\Roaming\\Claude\\vm_bundles\\claudevm.bundle",
		"2026-09-10 09:02:00 [info] [VM:start] Startup complete, total time: 110000ms")
	write("cowork-service.log",
		"2026/09/10 08:59:50.100000 Claude VM Service starting...",
		"2026/09/10 09:00:15.000000 [HCS] Config JSON:",
		`{"VirtualMachine":{"ComputeTopology":{"Memory":{"SizeInMB":4096},"Processor":{"Count":2}}}}`,
		"2026/09/10 09:03:00.500000 [VM] VM started successfully",
		"2026/09/10 09:04:30.000000 [HCS] Config JSON:", // prepared again: no boot
		`{"VirtualMachine":{"ComputeTopology":{"Memory":{"SizeInMB":4096},"Processor":{"Count":2}}}}`)
	write("daemon.log",
		"["+utc("2026-09-10 09:00:05")+"] [supervisor] ─── daemon start ─── version=2.1.332 pid=4242 origin=transient",
		"["+utc("2026-09-10 09:03:30")+"] [bg] bg adopt: adopted=0 respawned=0 dead=0")
	return dir
}

// TestTimelineOneOrder: every family's events come out as one timeline,
// in time order whatever the files' reading order, in several zones;
// equal stamps keep the documented order
// (main, then the VM node log, then the service log); each file's result
// stays in its slot.
func TestTimelineOneOrder(t *testing.T) {
	for _, name := range []string{"UTC", "Asia/Dubai", "America/Los_Angeles", "Pacific/Chatham"} {
		zone, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		dir := timelineDir(t, zone)
		t.Run(name, func(t *testing.T) {
			files, err := sources.ExpandPaths([]string{dir})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			var last time.Time
			results := readEvents(files, zone, func(e *event.Event) {
				k := e.Time
				if k.Before(last) {
					t.Errorf("%s %s:%d at %s comes after %s", e.Kind, e.File, e.Line, k, last)
				}
				last = k
				got = append(got, e.File+":"+e.Kind.String())
			})
			want := []string{
				"cowork-service.log:vm.service_start",
				"main1.log:session.start",
				"daemon.log:daemon.start",
				"cowork_vm_node.log:vm.boot",
				"cowork-service.log:vm.config",
				"main1.log:session.focus",
				"main.log:session.turn_end",
				"main.log:session.focus", // 09:02:00 in main.log and in the VM log: main first
				"cowork_vm_node.log:vm.ready",
				"cowork-service.log:vm.ready",
				"daemon.log:daemon.adopt",
				"main.log:session.turn_end",
				"cowork-service.log:vm.config",
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("order:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if len(results) != len(files) {
				t.Fatalf("%d results for %d files", len(results), len(files))
			}
			for i, r := range results {
				if r.Path != files[i].Path || r.Entries == 0 {
					t.Errorf("result %d is %s with %d entries, want %s", i, r.Path, r.Entries, files[i].Path)
				}
			}
		})
	}
}

// TestTimelineVMStateFollowsBootLines: the service's configuration
// document, written after the VM node log's boot began and read last in
// a folder, is no boot: the VM the node log saw start runs.
func TestTimelineVMStateFollowsBootLines(t *testing.T) {
	dir := timelineDir(t, time.Local)
	r := reportJSON(t, dir)
	if r.VM.State != event.VMRunning.String() {
		t.Fatalf("VM %+v, want running", r.VM)
	}
}

// TestTimelineLiveBackfill: the live view's backfill reads the families one
// after another; its events reach the model as one timeline all the same,
// and the VM runs there as in report.
func TestTimelineLiveBackfill(t *testing.T) {
	dir := timelineDir(t, time.Local)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	updates, err := startLive(ctx, liveConfig{paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	state := governor.New(governor.DefaultLimits())
	var last time.Time
	var files []string
	for u := range updates {
		for _, e := range u.Events {
			if e.Time.Before(last) {
				t.Errorf("%s %s:%d at %s delivered after %s", e.Kind, e.File, e.Line, e.Time, last)
			}
			last = e.Time
			if !slices.Contains(files, e.File) {
				files = append(files, e.File)
			}
		}
		state.ApplyUpdate(u)
	}
	if len(files) < 4 {
		t.Errorf("events came from %v, want main, VM, service and daemon logs", files)
	}
	if got := state.Snapshot(last).VM.State; got != event.VMRunning {
		t.Errorf("VM %s, want running", got)
	}
}
