package cmd

import (
	"bufio"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/ui"
	"github.com/coworktop/coworktop/words"
)

// testdata/logs/windows-day: a Windows afternoon of a 16 GB PC in real line
// shapes, three files with CRLF and Windows paths (issue 45). The Cowork
// VM's first boot fails, the repair deletes its reinstall files and keeps
// the session data, the bundle is downloaded again and the VM runs at
// 09:08; the service writes its configuration document three times, the
// last at 11:20 with no boot after it. Five Code-tab sessions: docs is
// idle-paused, its warm is refused at the cap (it stays paused), it is
// focused (no return) and comes back only at the 10:30 warm; etl is
// evicted under memory pressure; infra's process exits with code 1 and
// its "unhealthy cycle … no_response" is no return. main.log goes on with
// a line of unknown shape.
const windowsDay = "windows-day"

// windowsDayTruth is the day's truth table, as every output must tell it.
type windowsDayTruth struct {
	vmState      string
	vmMB, vmCPUs int
	unusableS    int64 // from the failed boot to the VM running
	warmsRefused int
	lost, back   int
}

var windowsDayWant = windowsDayTruth{vmState: "running", vmMB: 4096, vmCPUs: 2, unusableS: 389, warmsRefused: 1, lost: 2, back: 1}

const (
	dayDocs  = "local_d4000004-0004-4a00-8000-00000000a004"
	dayETL   = "local_c3000003-0003-4a00-8000-00000000a003"
	dayInfra = "local_e5000005-0005-4a00-8000-00000000a005"
)

// TestWindowsDayReport: report --json and its text hold the truth table.
func TestWindowsDayReport(t *testing.T) {
	dir := filepath.Join(testdataDir, "logs", windowsDay)
	r := reportJSON(t, dir)
	got := windowsDayTruth{vmState: r.VM.State, vmMB: r.VM.MemoryMB, vmCPUs: r.VM.CPUs, unusableS: r.VM.UnusableS,
		warmsRefused: r.Governor.WarmsRefused, lost: r.Lost, back: r.CameBack}
	if got != windowsDayWant {
		t.Errorf("report: %+v\nwant   %+v", got, windowsDayWant)
	}
	if r.VM.Boots != 2 || r.VM.Failures != 1 || r.VM.BundleDeleted != 0 {
		t.Errorf("vm boots %d, failures %d, bundle deleted %d: want 2, 1, 0 (a reinstall that kept the session data is no data loss)", r.VM.Boots, r.VM.Failures, r.VM.BundleDeleted)
	}
	back := map[string]string{}
	for _, l := range r.Losses {
		back[l.Session] = l.Back.String()
	}
	if len(back) != 3 || back[dayDocs] != "2026-10-20 10:30:00" || back[dayETL] != "" || back[dayInfra] != "" {
		t.Errorf("losses and their returns: %v; want docs back at the 10:30 warm only, etl and infra not back", back)
	}
	out, errs, code := runCLI(t, "report", dir)
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"last state running",
		"Cowork was unusable for 6m30s (09:01:30–09:07:59) after a failed VM boot; the repair kept the session data, not data loss",
		"the VM was downloaded again",
		"1 refused the warm of a paused session: it stayed paused, no return",
		"2 sessions are lost and not back",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report text lacks %q:\n%s", want, out)
		}
	}
}

// TestWindowsDayEvents: events come out as one timeline, in time order,
// from all three files.
func TestWindowsDayEvents(t *testing.T) {
	out, errs, code := runCLI(t, "events", filepath.Join(testdataDir, "logs", windowsDay))
	if code != 0 {
		t.Fatalf("events: exit %d: %s", code, errs)
	}
	var last time.Time
	files := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(out))
	n := 0
	for sc.Scan() {
		var e struct {
			Time, File, Kind string
		}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		at, err := time.Parse(time.RFC3339Nano, e.Time)
		if err != nil {
			t.Fatalf("event %d: time %q: %v", n, e.Time, err)
		}
		if at.Before(last) {
			t.Errorf("event %d (%s %s at %s) comes after %s", n, e.File, e.Kind, e.Time, last)
		}
		last = at
		files[e.File]++
		n++
	}
	if files["main.log"] == 0 || files["cowork_vm_node.log"] == 0 || files["cowork-service.log"] == 0 {
		t.Errorf("events by file: %v", files)
	}
}

// TestWindowsDaySnapshotAndLiveView: snapshot --json and the live view's
// model hold the same truth.
func TestWindowsDaySnapshotAndLiveView(t *testing.T) {
	dir := filepath.Join(testdataDir, "logs", windowsDay)
	out, errs, code := runCLI(t, "snapshot", "--json", dir)
	if code != 0 {
		t.Fatalf("snapshot: exit %d: %s", code, errs)
	}
	var s governor.Snapshot
	if err := words.UnmarshalSnapshot([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if got := snapTruth(s); got != windowsDayWant {
		t.Errorf("snapshot --json: %+v\nwant            %+v", got, windowsDayWant)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	updates, err := startLive(ctx, liveConfig{paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	m := ui.New(ui.Options{Mode: ui.ModeLive, Clock: time.Now})
	m.Update(tmSize(160, 50))
	for u := range updates {
		m.Update(ui.UpdatesMsg{u})
	}
	live := m.State().Snapshot(time.Now())
	if got := snapTruth(live); got != windowsDayWant {
		t.Errorf("live view: %+v\nwant       %+v", got, windowsDayWant)
	}
	screen := m.View().Content
	if i := strings.Index(screen, " Cowork VM "); i < 0 || !strings.Contains(screen[i:min(len(screen), i+80)], "running") {
		t.Errorf("the live view's Cowork VM line does not say running:\n%s", screen)
	}
}

// snapTruth reads the truth table from a snapshot.
func snapTruth(s governor.Snapshot) windowsDayTruth {
	t := windowsDayTruth{vmState: s.VM.State.String(), vmMB: s.VM.MemoryMB, vmCPUs: s.VM.CPUs,
		warmsRefused: s.Counts.WarmsRefused, lost: s.LostCount(), back: s.CameBack}
	if o := s.VM.LastOutage; o != nil {
		t.unusableS = o.Seconds()
	}
	return t
}

// TestWindowsDayReportReadsAppRecords: the app's session records give the
// lost sessions' titles and resume ids whenever they are there, not only
// when a dead process left a record of its own behind.
func TestWindowsDayReportReadsAppRecords(t *testing.T) {
	files, err := sources.ExpandPaths([]string{filepath.Join(testdataDir, "logs", windowsDay)})
	if err != nil {
		t.Fatal(err)
	}
	const etlCLI = "5f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b"
	r, err := buildReportWith(files, 0, false, record.Reading{Found: true,
		App: []record.App{{SessionID: dayETL, CLISessionID: etlCLI, Title: "nightly etl"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range r.Losses {
		if l.Session == dayETL {
			if l.Title != "nightly etl" || l.ClaudeCodeID != etlCLI || l.Resume != "claude --desktop --resume "+etlCLI {
				t.Fatalf("etl's loss: title %q, id %q, resume %q", l.Title, l.ClaudeCodeID, l.Resume)
			}
			return
		}
	}
	t.Fatal("no loss of etl")
}
