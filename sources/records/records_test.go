package records

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
	"github.com/shirou/gopsutil/v4/process"

	"github.com/coworktop/coworktop/record"
	_ "time/tzdata" // the zones of TestRecordsProcStartForms on any machine
)

func writeRecord(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

// ownProcStart is this process's start as Claude Code would write it on
// this OS.
func ownProcStart(t *testing.T) string {
	t.Helper()
	if ticks, ok := startTicks(os.Getpid()); ok {
		return ticks
	}
	p, err := process.NewProcess(int32(os.Getpid()))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := p.CreateTime()
	if err != nil {
		t.Fatal(err)
	}
	// Claude Code runs `ps -o lstart=` under TZ=UTC (N1 of the second
	// platform audit): the record's form, whatever this machine's zone.
	return time.UnixMilli(ms).UTC().Format("Mon Jan _2 15:04:05 2006")
}

// deadPid is the pid of a process that has exited.
func deadPid(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

func TestRecordsLivenessOnThisMachine(t *testing.T) {
	dir := testfs.TempDir(t)
	me, dead := os.Getpid(), deadPid(t)
	sess := filepath.Join(dir, "sessions")
	writeRecord(t, filepath.Join(sess, "1.json"), fmt.Sprintf(`{"pid":%d,"procStart":%q,"hostSessionId":"local_live","status":"waiting","waitingFor":"approve Bash","updatedAt":1789119830687}`, me, ownProcStart(t)))
	writeRecord(t, filepath.Join(sess, "2.json"), fmt.Sprintf(`{"pid":%d,"hostSessionId":"local_dead","status":"waiting"}`, dead))
	// pid reuse: this process's pid, someone else's start.
	writeRecord(t, filepath.Join(sess, "3.json"), fmt.Sprintf(`{"pid":%d,"procStart":"Fri Sep 11 09:43:48 2026","hostSessionId":"local_reused","status":"busy"}`, me))
	writeRecord(t, filepath.Join(sess, "4.json"), fmt.Sprintf(`{"pid":%d,"procStart":"1","hostSessionId":"local_reused2","status":"busy"}`, me))
	// A session that started before this process did cannot be this process.
	writeRecord(t, filepath.Join(sess, "5.json"), fmt.Sprintf(`{"pid":%d,"startedAt":1000,"hostSessionId":"local_reused3"}`, me))
	rec := NewRecordReader(RecordFolders(RecordInput{FlagDir: dir}), nil).Read()
	if !rec.Found || len(rec.Code) != 1 || rec.Code[0].HostSessionID != "local_live" || rec.Code[0].WaitingFor != "approve Bash" {
		t.Fatalf("only the live record may count: %+v", rec.Code)
	}
	if rec.Code[0].UpdatedAt.UnixMilli() != 1789119830687 {
		t.Fatalf("updatedAt: %v", rec.Code[0].UpdatedAt)
	}
	if rec.Stale != 4 || len(rec.Leftover) != 4 {
		t.Fatalf("stale %d, leftover %d: want 4 (dead pid, three recycled)", rec.Stale, len(rec.Leftover))
	}
}

// fakeProcs says every pid in alive is its own process.
type fakeProcs map[int]bool

func (f fakeProcs) Same(pid int, _ string, _ time.Time) bool { return f[pid] }

func TestRecordsReadBoundsAndMissingFields(t *testing.T) {
	dir := testfs.TempDir(t)
	sess := filepath.Join(dir, "sessions")
	writeRecord(t, filepath.Join(sess, "10.json"), `{"pid":10,"hostSessionId":"local_a","secret":"x"}`) // no status: a version without it
	writeRecord(t, filepath.Join(sess, "11.json"), `not json`)
	writeRecord(t, filepath.Join(sess, "12.json"), `{"pid":12,"name":"`+strings.Repeat("x", MaxRecordSize)+`"}`)
	writeRecord(t, filepath.Join(sess, "13.json"), "\xef\xbb\xbf"+`{"pid":13,"status":"idle","updatedAt":"2026-09-11T09:43:48Z","bridgeSessionId":"cse_1","hostSessionId":"local_b"}`)
	writeRecord(t, filepath.Join(sess, "14.txt"), `{"pid":14}`) // not a record
	if runtime.GOOS != "windows" {
		if err := os.Symlink("/dev/zero", filepath.Join(sess, "15.json")); err != nil {
			t.Fatal(err)
		}
	}
	app := filepath.Join(dir, "claude-code-sessions", "acct-SECRET-1", "org-SECRET-2")
	writeRecord(t, filepath.Join(app, "local_a.json"), `{"sessionId":"local_a","title":"api-gateway","lastActivityAt":1789119830000,"remoteControlState":"active","sessionType":"scheduled","isArchived":false,"cwd":"/home/u/p"}`)
	writeRecord(t, filepath.Join(app, "local_b.json"), `{"sessionId":"local_b","remoteControlState":{"enabled":false}}`)
	writeRecord(t, filepath.Join(app, "local_c.json"), `{"sessionId":"local_c"}`)
	writeRecord(t, filepath.Join(app, "bridge-session.json"), `{"sessionId":"x"}`)

	r := NewRecordReader(RecordFolders(RecordInput{FlagDir: dir}), fakeProcs{10: true, 12: true, 13: true})
	rec := r.Read()
	wantRefused := 2 // not JSON, too large
	if runtime.GOOS != "windows" {
		wantRefused++ // a device, not a regular file
	}
	if rec.Refused != wantRefused {
		t.Fatalf("refused %d, want %d", rec.Refused, wantRefused)
	}
	if len(rec.Code) != 2 || rec.Code[0].Status != "" || rec.Code[1].Status != "idle" || rec.Code[1].RemoteControl != record.ToggleOn || rec.Code[1].UpdatedAt.IsZero() {
		t.Fatalf("code records: %+v", rec.Code)
	}
	if len(rec.App) != 3 {
		t.Fatalf("app records: %+v", rec.App)
	}
	a, b, c := rec.App[0], rec.App[1], rec.App[2]
	if a.Title != "api-gateway" || a.RemoteControl != record.ToggleOn || !a.Scheduled || a.LastActivity.IsZero() ||
		b.RemoteControl != record.ToggleOff || c.RemoteControl != record.ToggleUnknown || c.Title != "" {
		t.Fatalf("app records: %+v", rec.App)
	}
	if s := fmt.Sprintf("%+v", rec); strings.Contains(s, "SECRET") || strings.Contains(s, "/home/u") {
		t.Fatalf("account, org or paths leaked into the reading: %s", s)
	}
	// The second reading takes unchanged app records from the cache, and
	// sees a changed one.
	writeRecord(t, filepath.Join(app, "local_c.json"), `{"sessionId":"local_c","title":"renamed"}`)
	if again := r.Read(); len(again.App) != 3 || again.App[2].Title != "renamed" || again.Refused != rec.Refused {
		t.Fatalf("second reading: %+v", again.App)
	}
}

func TestRecordsBackground(t *testing.T) {
	dir := testfs.TempDir(t)
	writeRecord(t, filepath.Join(dir, "jobs", "j1", "state.json"), `{"name":"nightly","state":"blocked","status":"waiting","waitingFor":"permission prompt"}`)
	writeRecord(t, filepath.Join(dir, "jobs", "j2", "state.json"), `{"state":"done"}`)
	writeRecord(t, filepath.Join(dir, "jobs", "j3", "state.json"), `{"state":"working"}`)
	r := NewRecordReader(RecordFolders(RecordInput{FlagDir: dir}), fakeProcs{})
	rec := r.Read()
	if len(rec.Background) != 2 || rec.Background[0].ID != "j1" || rec.Background[0].WaitingFor != "permission prompt" || rec.Background[1].ID != "j3" {
		t.Fatalf("without a roster, unfinished jobs: %+v", rec.Background)
	}
	writeRecord(t, filepath.Join(dir, "daemon", "roster.json"), `{"sessions":[{"id":"j3"}]}`)
	if rec := r.Read(); len(rec.Background) != 1 || rec.Background[0].ID != "j3" {
		t.Fatalf("with a roster, the jobs it lists: %+v", rec.Background)
	}
	writeRecord(t, filepath.Join(dir, "daemon", "roster.json"), `[{"jobId":"j1"}]`)
	if rec := r.Read(); len(rec.Background) != 1 || rec.Background[0].ID != "j1" {
		t.Fatalf("a roster as a list: %+v", rec.Background)
	}
}

func TestRecordFoldersPerOS(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	cases := []struct {
		in       RecordInput
		code     string
		app      []string
		override bool
	}{
		{RecordInput{GOOS: "darwin", Home: "/Users/u"}, "/Users/u/.claude", []string{"/Users/u/Library/Application Support/Claude", "/Users/u/Library/Application Support/Claude-3p"}, false},
		{RecordInput{GOOS: "linux", Home: "/home/u", Getenv: env(map[string]string{"CLAUDE_CONFIG_DIR": "/cfg"})}, "/cfg", []string{"/home/u/.config/Claude"}, false},
		{RecordInput{GOOS: "linux", Home: "/home/u", Getenv: env(map[string]string{"XDG_CONFIG_HOME": "/x"})}, "/home/u/.claude", []string{"/x/Claude"}, false},
		{RecordInput{GOOS: "windows", Home: `C:\Users\u`, Getenv: env(map[string]string{"APPDATA": `C:\Users\u\AppData\Roaming`, "LOCALAPPDATA": `C:\Users\u\AppData\Local`})},
			`C:\Users\u\.claude`, []string{`C:\Users\u\AppData\Roaming\Claude`, `C:\Users\u\AppData\Local\Packages\Claude_pzs8sxrjxfjjc\LocalCache\Roaming\Claude`,
				`C:\Users\u\AppData\Roaming\Claude-3p`, `C:\Users\u\AppData\Local\Packages\Claude_pzs8sxrjxfjjc\LocalCache\Roaming\Claude-3p`}, false},
		// %APPDATA% pointing into the MSIX package, in another case: one
		// folder, read once (N21).
		{RecordInput{GOOS: "windows", Home: `C:\Users\u`, Getenv: env(map[string]string{"APPDATA": `c:\users\u\appdata\local\packages\claude_pzs8sxrjxfjjc\localcache\roaming`, "LOCALAPPDATA": `C:\Users\u\AppData\Local`})},
			`C:\Users\u\.claude`, []string{`c:\users\u\appdata\local\packages\claude_pzs8sxrjxfjjc\localcache\roaming\Claude`, `c:\users\u\appdata\local\packages\claude_pzs8sxrjxfjjc\localcache\roaming\Claude-3p`}, false},
		{RecordInput{GOOS: "linux", Home: "/home/u", Getenv: env(map[string]string{EnvRecordsDir: "/r"})}, "/r", []string{"/r"}, true},
		{RecordInput{GOOS: "linux", Home: "/home/u", FlagDir: "/f", Getenv: env(map[string]string{EnvRecordsDir: "/r"})}, "/f", []string{"/f"}, true},
	}
	for _, c := range cases {
		d := RecordFolders(c.in)
		var app []string
		for _, a := range d.App {
			app = append(app, a.Path)
		}
		if d.Code.Path != c.code || strings.Join(app, "|") != strings.Join(c.app, "|") {
			t.Errorf("%+v: code %q app %q, want %q %q", c.in, d.Code.Path, app, c.code, c.app)
		}
	}
}

func TestRecordsProcStartForms(t *testing.T) {
	// A public macOS record (2.1.268): procStart "Fri Sep 11 09:43:48 2026"
	// in UTC, startedAt 09:43:50.687 UTC; its process began at 09:43:48.3.
	created := time.Date(2026, 9, 11, 9, 43, 48, 300e6, time.UTC)
	ft := strconv.FormatInt((created.Unix()+11644473600)*10000000, 10)
	for _, zone := range []string{"UTC", "Europe/London", "America/Los_Angeles", "Europe/Berlin", "Asia/Tokyo", "Australia/Lord_Howe"} {
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Fatal(err)
		}
		// An older build that ran ps in the user's zone.
		inLocal := created.In(loc).Format("Mon Jan _2 15:04:05 2006")
		for _, c := range []struct {
			start   string
			started time.Time
			want    bool
		}{
			{"Fri Sep 11 09:43:48 2026", time.Time{}, true},
			{"Fri Sep 11  09:43:48 2026", time.Time{}, true},
			{inLocal, time.Time{}, true},
			{"Fri Sep 11 09:43:58 2026", time.Time{}, false},                   // a recycled pid: started 10 s apart
			{"Fri Sep 11 10:43:48 2026", time.Time{}, zone == "Europe/London"}, // BST: a local lstart one hour on
			{ft, time.Time{}, true},
			// 2.1.150 on Windows: .NET ticks of local time, in no known
			// form: startedAt decides (N2).
			{"639152138792945500", created.Add(2 * time.Second), true},
			{"639152138792945500", created.Add(-time.Minute), false},
			{"gibberish", created.Add(time.Minute), true}, // falls back to startedAt: the process began before the session
			{"gibberish", created.Add(-time.Minute), false},
			{"gibberish", time.Time{}, false},
		} {
			if got := sameStartIn(created, c.start, c.started, loc); got != c.want {
				t.Errorf("%s: sameStart(%q, %v) = %v, want %v", zone, c.start, c.started, got, c.want)
			}
		}
	}
}

func TestWatchRecordsWakesOnFileEvents(t *testing.T) {
	dir := testfs.TempDir(t)
	writeRecord(t, filepath.Join(dir, "sessions", "20.json"), `{"pid":20,"hostSessionId":"local_a","status":"busy"}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := make(chan record.Reading, 4)
	ticks := make(chan time.Time) // no safety poll: only file events can wake it
	procs := fakeProcs{20: true}
	go WatchRecords(ctx, RecordFolders(RecordInput{FlagDir: dir}), procs, nil, ticks, out)
	first := <-out
	if len(first.Code) != 1 || first.Code[0].Status != "busy" {
		t.Fatalf("first reading: %+v", first.Code)
	}
	writeRecord(t, filepath.Join(dir, "sessions", "20.json"), `{"pid":20,"hostSessionId":"local_a","status":"waiting","waitingFor":"approve Bash"}`)
	select {
	case r := <-out:
		if len(r.Code) != 1 || r.Code[0].Status != "waiting" {
			t.Fatalf("after the write: %+v", r.Code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no reading after the record changed")
	}
}
