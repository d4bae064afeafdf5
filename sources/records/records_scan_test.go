package records

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"

	"github.com/coworktop/coworktop/sources"
)

// age sets a file's time to d ago.
func age(t *testing.T, path string, d time.Duration) {
	t.Helper()
	at := time.Now().Add(-d)
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
}

// F5 of issue 41: with more stale orphans than a reading reads, a live
// waiting session whose record sorts last by name was not shown, and
// valid files counted as refused. The newest are read, the rest skipped.
func TestRecordsNewestReadFirstPastTheBound(t *testing.T) {
	dir := testfs.TempDir(t)
	sess := filepath.Join(dir, "sessions")
	for i := range MaxRecordFiles + 1 {
		p := filepath.Join(sess, fmt.Sprintf("%d.json", 1000+i))
		writeRecord(t, p, fmt.Sprintf(`{"pid":%d,"hostSessionId":"local_orphan%d","status":"waiting"}`, 1000+i, i))
		age(t, p, 48*time.Hour+time.Duration(i)*time.Second)
	}
	writeRecord(t, filepath.Join(sess, "99999.json"), `{"pid":99999,"hostSessionId":"local_live","status":"waiting","waitingFor":"approve Bash"}`)
	rec := NewRecordReader(RecordFolders(RecordInput{FlagDir: dir}), fakeProcs{99999: true}).Read()
	if len(rec.Code) != 1 || rec.Code[0].HostSessionID != "local_live" {
		t.Fatalf("the live session past %d orphans: %+v", MaxRecordFiles, rec.Code)
	}
	if rec.Refused != 0 || rec.Skipped != 2 || rec.Stale != MaxRecordFiles-1 {
		t.Fatalf("refused %d, skipped %d, stale %d: want 0, 2, %d", rec.Refused, rec.Skipped, rec.Stale, MaxRecordFiles-1)
	}
	for _, l := range rec.Leftover {
		if l.HostSessionID == "local_orphan2000" || l.HostSessionID == "local_orphan1999" {
			t.Fatalf("the oldest orphans were read: %s", l.HostSessionID)
		}
	}
}

// N9 of the second platform audit: a record is opened only when its size
// or time changed; a live record's process is checked on every reading, a
// stale one's is not.
func TestRecordsOpenOnlyWhatChanged(t *testing.T) {
	dir := testfs.TempDir(t)
	sess := filepath.Join(dir, "sessions")
	for i := range 50 {
		p := filepath.Join(sess, fmt.Sprintf("%d.json", 100+i))
		writeRecord(t, p, fmt.Sprintf(`{"pid":%d,"hostSessionId":"local_%d","status":"busy"}`, 100+i, i))
		age(t, p, time.Hour)
	}
	live := filepath.Join(sess, "100.json")
	app := filepath.Join(dir, "claude-code-sessions", "acct", "org", "local_a.json")
	writeRecord(t, app, `{"sessionId":"local_a","title":"api"}`)
	age(t, app, time.Hour)
	job, roster := filepath.Join(dir, "jobs", "j1", "state.json"), filepath.Join(dir, "daemon", "roster.json")
	writeRecord(t, job, `{"name":"nightly","state":"working"}`)
	writeRecord(t, roster, `[{"id":"j1"}]`)
	age(t, job, time.Hour)
	age(t, roster, time.Hour)
	age(t, live, time.Hour)
	procs := &countingProcs{alive: map[int]bool{100: true}}
	r := NewRecordReader(RecordFolders(RecordInput{FlagDir: dir}), procs)
	now := time.Now()
	r.now = func() time.Time { return now }
	before := recordOpens.Load()
	first := r.Read()
	if opened := recordOpens.Load() - before; opened != 53 || len(first.Code) != 1 || first.Stale != 49 || len(first.App) != 1 || len(first.Background) != 1 {
		t.Fatalf("first reading: opened %d (want 53), %d live, %d stale, %d app, %d background", opened, len(first.Code), first.Stale, len(first.App), len(first.Background))
	}
	checks := procs.calls
	for i := range 5 {
		now = now.Add(2 * time.Second)
		before = recordOpens.Load()
		again := r.Read()
		if opened := recordOpens.Load() - before; opened != 0 {
			t.Fatalf("reading %d opened %d unchanged records", i+2, opened)
		}
		if !sameReading(first, again) {
			t.Fatalf("reading %d differs: %+v", i+2, again)
		}
	}
	if got := procs.calls - checks; got != 5 {
		t.Fatalf("%d process checks in 5 readings: want the live record's only", got)
	}
	// A changed record is read again, alone.
	writeRecord(t, live, `{"pid":100,"hostSessionId":"local_0","status":"waiting","waitingFor":"approve Bash"}`)
	now = now.Add(2 * time.Second)
	before = recordOpens.Load()
	if rec := r.Read(); recordOpens.Load()-before != 1 || len(rec.Code) != 1 || rec.Code[0].Status != "waiting" {
		t.Fatalf("after a write: opened %d, %+v", recordOpens.Load()-before, rec.Code)
	}
}

type countingProcs struct {
	alive map[int]bool
	calls int
}

func (c *countingProcs) Same(pid int, _ string, _ time.Time) bool {
	c.calls++
	return c.alive[pid]
}

// F6 of issue 41: a records folder that cannot be listed is said, never
// read as empty.
func TestRecordsUnlistableFolderIsSaid(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a symlink loop needs a privilege on Windows")
	}
	dir := testfs.TempDir(t)
	if err := os.Symlink("sessions", filepath.Join(dir, "sessions")); err != nil { // a loop: stat fails with ELOOP
		t.Fatal(err)
	}
	rec := NewRecordReader(RecordFolders(RecordInput{FlagDir: dir}), fakeProcs{}).Read()
	if !rec.Found || !slices.Equal(rec.Unreadable, []string{"sessions"}) {
		t.Fatalf("found %v, unreadable %q: want sessions", rec.Found, rec.Unreadable)
	}
}

// F12 of issue 41: the older CLIs' pid-<n>.json (snake_case session_id)
// are read as legacy records, never refused; one without a start is not
// taken as live on its pid alone.
func TestRecordsLegacyPidFiles(t *testing.T) {
	dir := testfs.TempDir(t)
	sess := filepath.Join(dir, "sessions")
	me := os.Getpid()
	writeRecord(t, filepath.Join(sess, fmt.Sprintf("pid-%d.json", me)), fmt.Sprintf(`{"session_id":"0b7c-legacy","cwd":"/home/u/p","startedAt":%d,"status":"waiting"}`, time.Now().Add(time.Hour).UnixMilli()))
	writeRecord(t, filepath.Join(sess, "pid-4242.json"), `{"session_id":"0b7c-old"}`)
	rec := NewRecordReader(RecordFolders(RecordInput{FlagDir: dir}), nil).Read()
	if rec.Refused != 0 || rec.Legacy != 2 {
		t.Fatalf("refused %d, legacy %d: want 0 and 2", rec.Refused, rec.Legacy)
	}
	if len(rec.Code) != 1 || rec.Code[0].Pid != me || rec.Code[0].SessionID != "0b7c-legacy" || rec.Code[0].Status != "waiting" || rec.Stale != 1 {
		t.Fatalf("live %+v, stale %d", rec.Code, rec.Stale)
	}
}

// N22 of the second platform audit: a record written by another OS's CLI
// into the same folder (pidDomain) is not checked against this machine's
// process table.
func TestRecordsForeignPidDomain(t *testing.T) {
	for _, c := range []struct {
		domain, goos string
		want         bool
	}{
		{"", "windows", false},
		{"win32:msi", "windows", false},
		{"win32:msi", "linux", true},
		{"darwin", "darwin", false},
		{"darwin", "windows", true},
		{"linux:4e7515a39d2c445abe260791d619d4f4:pid:[4026531836]", "windows", true},
		{"linux:4e7515a39d2c445abe260791d619d4f4:pid:[4026531836]", "linux", false},
		{"linux:0000000000000000000000000000000a:pid:[4026531836]", "linux", true}, // another machine
		{"linux:4e7515a39d2c445abe260791d619d4f4:pid:[4026532999]", "linux", true}, // another pid namespace
		{"linux::pid:[4026531836]", "linux", false},                                // no machine id: no claim
		{"plan9", "linux", false}, // a form not seen
	} {
		local := func() (string, string) { return "4e7515a39d2c445abe260791d619d4f4", "pid:[4026531836]" }
		if got := foreignDomain(c.domain, c.goos, local); got != c.want {
			t.Errorf("foreignDomain(%q) on %s = %v, want %v", c.domain, c.goos, got, c.want)
		}
	}
	other := "win32:msi"
	if runtime.GOOS == "windows" {
		other = "darwin"
	}
	dir := testfs.TempDir(t)
	writeRecord(t, filepath.Join(dir, "sessions", "1.json"), fmt.Sprintf(`{"pid":%d,"pidDomain":%q,"hostSessionId":"local_x","status":"waiting"}`, os.Getpid(), other))
	rec := NewRecordReader(RecordFolders(RecordInput{FlagDir: dir}), nil).Read()
	if len(rec.Code) != 0 || rec.Foreign != 1 || rec.Refused != 0 {
		t.Fatalf("another OS's record: live %+v, foreign %d, refused %d", rec.Code, rec.Foreign, rec.Refused)
	}
}

// N10 and N12 of the second platform audit: of the app's data folders,
// the one whose records were written last wins over a stale one left by
// an older install, whatever their order; Claude-3p is one of them.
func TestRecordsNewestAppFolderWins(t *testing.T) {
	base := testfs.TempDir(t)
	stale, live := filepath.Join(base, "Roaming", "Claude"), filepath.Join(base, "Roaming", "Claude-3p")
	old := filepath.Join(stale, "claude-code-sessions", "acct", "org")
	writeRecord(t, filepath.Join(old, "local_old.json"), `{"sessionId":"local_old","title":"left by a pre-MSIX install"}`)
	for _, p := range []string{filepath.Join(old, "local_old.json"), old, filepath.Dir(old), filepath.Dir(filepath.Dir(old))} {
		age(t, p, 30*24*time.Hour)
	}
	dirs := RecordDirs{Code: sources.Candidate{Path: filepath.Join(base, "none")}, App: []sources.Candidate{{Path: stale, Source: "first"}, {Path: live, Source: "second"}}}
	r := NewRecordReader(dirs, fakeProcs{})
	now := time.Now()
	r.now = func() time.Time { return now }
	if rec := r.Read(); len(rec.App) != 1 || rec.App[0].SessionID != "local_old" {
		t.Fatalf("the only folder's records: %+v", rec.App)
	}
	// The live folder appears: chosen at the next sweep.
	writeRecord(t, filepath.Join(live, "claude-code-sessions", "acct", "org", "local_new.json"), `{"sessionId":"local_new","title":"today's"}`)
	now = now.Add(recordSweep)
	if rec := r.Read(); len(rec.App) != 1 || rec.App[0].SessionID != "local_new" {
		t.Fatalf("the newest folder's records: %+v", rec.App)
	}
	if rec := NewRecordReader(dirs, fakeProcs{}).Read(); len(rec.App) != 1 || rec.App[0].SessionID != "local_new" {
		t.Fatalf("a new reader, the newest folder's records: %+v", rec.App)
	}
}

// A sweep of a large folder comes less often: its cost stays about that
// of 10,000 files a minute.
func TestRecordsSweepScalesWithTheFolder(t *testing.T) {
	for n, want := range map[int]time.Duration{0: time.Minute, 10000: time.Minute, 10001: 2 * time.Minute, 100000: 10 * time.Minute} {
		if got := sweepEvery(n); got != want {
			t.Errorf("sweepEvery(%d) = %v, want %v", n, got, want)
		}
	}
}
