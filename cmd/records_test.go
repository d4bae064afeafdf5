package cmd

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/render"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/words"
)

// recordsFixture writes a recent main.log of three desktop sessions and a
// records folder: A waits on a permission prompt (its process: this test),
// B's record is stale (its process is gone) and says it waits, C has
// Remote Control on and is the longest idle.
func recordsFixture(t *testing.T) (logs, records string) {
	t.Helper()
	dir := t.TempDir()
	logs, records = filepath.Join(dir, "logs"), filepath.Join(dir, "records")
	stamp := func(ago time.Duration) string { return time.Now().Add(-ago).Format("2006-01-02 15:04:05") }
	const a, b, c = "local_aaaaaaaa-0000-4000-8000-000000000001", "local_bbbbbbbb-0000-4000-8000-000000000002", "local_cccccccc-0000-4000-8000-000000000003"
	log := stamp(15*time.Minute) + " [info] Starting app {\n  appVersion: '2.110.0',\n  platform: 'darwin',\n}\n" +
		stamp(14*time.Minute) + " [info] Starting local session " + c + " in /Users/u/web\n" +
		stamp(10*time.Minute) + " [info] Starting local session " + a + " in /Users/u/api-gateway\n" +
		stamp(9*time.Minute) + " [info] Starting local session " + b + " in /Users/u/docs\n"
	dead := exec.Command(os.Args[0], "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		filepath.Join(logs, "main.log"): log,
		filepath.Join(records, "sessions", "1.json"): fmt.Sprintf(`{"pid":%d,"hostSessionId":%q,"status":"waiting","waitingFor":"approve Bash","updatedAt":%d}`,
			os.Getpid(), a, time.Now().Add(-12*time.Minute).UnixMilli()),
		filepath.Join(records, "sessions", "2.json"):                             fmt.Sprintf(`{"pid":%d,"hostSessionId":%q,"status":"waiting","waitingFor":"approve Edit"}`, dead.Process.Pid, b),
		filepath.Join(records, "claude-code-sessions", "acct", "org", a+".json"): `{"sessionId":"` + a + `","title":"API gateway: rate limits"}`,
		filepath.Join(records, "claude-code-sessions", "acct", "org", c+".json"): `{"sessionId":"` + c + `","title":"Web","remoteControlState":"active"}`,
	}
	for p, body := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return logs, records
}

// The "done when", in snapshot --json and its text: the waiting
// desktop session shows as waiting under its title, the stale record shows
// nothing, and the Remote Control session is never the next victim.
func TestSnapshotShowsWhoNeedsYou(t *testing.T) {
	logs, records := recordsFixture(t)
	out, errs, code := runCLI(t, "snapshot", "--json", "--log-dir", logs, "--records-dir", records)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var s governor.Snapshot
	if err := words.UnmarshalSnapshot([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	by := map[string]governor.SessionView{}
	for _, v := range s.Sessions {
		by[v.ID[:14]] = v
	}
	a, b, c := by["local_aaaaaaaa"], by["local_bbbbbbbb"], by["local_cccccccc"]
	if a.Title != "API gateway: rate limits" || a.TitleSource != record.FromAppRecord || a.WaitingFor != "approve Bash" ||
		a.WaitingForSource != record.FromCodeRecord || a.WaitingSinceSource != record.FromCodeRecord || a.WaitingSince.IsZero() {
		t.Fatalf("the waiting session: %+v", a)
	}
	for _, key := range []string{`"title": "API gateway: rate limits"`, `"waiting_for": "approve Bash"`, `"waiting_since": "`, `"waiting_since_source": "session_record"`, `"needs_you": 1`} {
		if !strings.Contains(out, key) {
			t.Errorf("snapshot --json lacks %s", key)
		}
	}
	if b.NeedsYou() || b.WaitingFor != "" || s.Records == nil || s.Records.Stale != 1 {
		t.Fatalf("a stale record must show nothing: %+v (records %+v)", b, s.Records)
	}
	if c.Protected != governor.ProtectedRemoteControl || s.NextVictim == nil || s.NextVictim.ID == c.ID {
		t.Fatalf("Remote Control on: never the next victim: %+v, victim %+v", c, s.NextVictim)
	}
	if s.NeedsYou != 0 { // json:"-": the count is records.needs_you
		t.Fatalf("NeedsYou is not in the JSON's top level")
	}
	text, _, _ := runCLI(t, "snapshot", "--log-dir", logs, "--records-dir", records)
	if !strings.Contains(text, "needs you    1: API gateway: rate limits (approve Bash · 12m)") || !strings.Contains(text, "needs you: approve Bash · 12m") {
		t.Errorf("snapshot text:\n%s", text)
	}
}

// report names a lost session that waited for the person only from the
// record its dead process left behind, last written before the loss.
func TestReportLostWhileWaiting(t *testing.T) {
	dir := t.TempDir()
	const a, b = "local_aaaaaaaa-0000-4000-8000-000000000001", "local_bbbbbbbb-0000-4000-8000-000000000002"
	log := "2026-09-30 10:00:00 [info] Starting local session " + a + " in /Users/u/api\n" +
		"2026-09-30 10:00:05 [info] Starting local session " + b + " in /Users/u/web\n" +
		"2026-09-30 10:20:00 [info] [CliGovernor] at cap=2; evicting " + a + " (idle 1195s) for warm spawn\n" +
		"2026-09-30 10:21:00 [info] [CliGovernor] at cap=2; evicting " + b + " (idle 1255s) for warm spawn\n"
	p := filepath.Join(dir, "main.log")
	if err := os.WriteFile(p, []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	at := func(hm string) time.Time {
		v, _ := time.ParseInLocation("2006-01-02 15:04", "2026-09-30 "+hm, time.Local)
		return v
	}
	leftover := []record.Code{
		{HostSessionID: a, Status: "waiting", WaitingFor: "approve Bash", UpdatedAt: at("10:08")},
		{HostSessionID: b, Status: "waiting", WaitingFor: "approve Edit", UpdatedAt: at("10:30")}, // written after its loss: says nothing of it
	}
	files := []sources.LogFile{{Path: p}}
	apps := []record.App{{SessionID: a, Title: "API gateway: rate limits"}}
	r, err := buildReportWith(files, 0, false, record.Reading{Found: true, Leftover: leftover, App: apps})
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := render.WriteText(&buf, r); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	if !strings.Contains(text, "lost while waiting for you (1, ") || !strings.Contains(text, "aaaaaaaa API gateway: rate limits  evicted at the cap, waiting for you: approve Bash") || strings.Contains(text, "approve Edit") {
		t.Fatalf("report:\n%s", text)
	}
	red, err := buildReportWith(files, 0, true, record.Reading{Found: true, Leftover: leftover, App: apps})
	if err != nil || len(red.Losses) == 0 || red.Losses[0].Title != render.RedactedTitle {
		t.Fatalf("--redact must cover the title: %+v %v", red.Losses, err)
	}
	plain, err := buildReport(files, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := render.WriteText(&buf, plain); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "waiting for you") {
		t.Fatalf("without records a saved log says nothing of who waited:\n%s", buf.String())
	}
}

// doctor says where the records were looked for and what a reading found.
func TestDoctorListsRecordFolders(t *testing.T) {
	logs, records := recordsFixture(t)
	var out, errb strings.Builder
	if code := run([]string{"doctor", "--log-dir", logs, "--records-dir", records}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"session records (", "from --records-dir; found sessions", "found claude-code-sessions",
		"1 live Claude Code record(s), 1 waiting for you; 1 stale (process gone or replaced), 0 refused; 2 app record(s)"} {
		if !strings.Contains(s, want) {
			t.Errorf("doctor lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "acct") {
		t.Errorf("doctor shows an account or org folder:\n%s", s)
	}
}

// F6 of issue 41: a records folder that cannot be listed is said in
// doctor, on the needs-you line and in a metric, and no "needs you 0"
// rests on it.
func TestRecordsUnlistableFolderSaidEverywhere(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a symlink loop needs a privilege on Windows")
	}
	logs, records := recordsFixture(t)
	sess := filepath.Join(records, "sessions")
	if err := os.RemoveAll(sess); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("sessions", sess); err != nil { // a loop: listing fails (ELOOP), as root too
		t.Fatal(err)
	}
	text, errs, code := runCLI(t, "snapshot", "--log-dir", logs, "--records-dir", records)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(text, "needs you    unknown: the record folder sessions could not be read (see coworktop doctor)") || strings.Contains(text, "needs you    0") {
		t.Errorf("snapshot's needs-you line:\n%s", text)
	}
	js, _, _ := runCLI(t, "snapshot", "--json", "--log-dir", logs, "--records-dir", records)
	if !strings.Contains(js, `"unreadable": [`) {
		t.Errorf("snapshot --json does not say which folder could not be read:\n%s", js)
	}
	prom := filepath.Join(t.TempDir(), "coworktop.prom")
	if _, errs, code := runCLI(t, "snapshot", "--format", "prom", "--output", prom, "--log-dir", logs, "--records-dir", records); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(prom)
	if err != nil {
		t.Fatal(err)
	}
	if m := string(b); !strings.Contains(m, "\ncoworktop_session_record_folders_unreadable 1\n") || strings.Contains(m, "\ncoworktop_sessions_waiting ") {
		t.Errorf("metrics: the unreadable folder counted, no waiting count claimed:\n%s", m)
	}
	var out, errb strings.Builder
	run([]string{"doctor", "--log-dir", logs, "--records-dir", records}, &out, &errb)
	if s := out.String(); !strings.Contains(s, "cannot list sessions (") || !strings.Contains(s, "who needs you is unknown while it cannot be read") {
		t.Errorf("doctor:\n%s", s)
	}
}

// N11 of the second platform audit: a record folder holding only the
// app's local_*.json.tmp files (its rename failed) is named as such.
func TestDoctorNamesTmpOnlyAppFolder(t *testing.T) {
	logs, records := recordsFixture(t)
	org := filepath.Join(records, "claude-code-sessions", "acct", "org")
	entries, err := os.ReadDir(org)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Rename(filepath.Join(org, e.Name()), filepath.Join(org, e.Name()+".tmp")); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb strings.Builder
	run([]string{"doctor", "--log-dir", logs, "--records-dir", records}, &out, &errb)
	if s := out.String(); !strings.Contains(s, "only 2 local_*.json.tmp file(s) and no record: the app's rename of its records fails there") {
		t.Errorf("doctor:\n%s", s)
	}
}

// doctor names the older CLIs' pid-<n>.json records as legacy (issue 41,
// F12) and another system's records as foreign (audit N22), refusing
// neither.
func TestDoctorNamesLegacyAndForeignRecords(t *testing.T) {
	logs, records := recordsFixture(t)
	other := "win32:msi"
	if runtime.GOOS == "windows" {
		other = "darwin"
	}
	for name, body := range map[string]string{
		"pid-4242.json": `{"session_id":"0b7c-old","cwd":"/home/u/p"}`,
		"77.json":       fmt.Sprintf(`{"pid":%d,"pidDomain":%q,"status":"waiting"}`, os.Getpid(), other),
	} {
		if err := os.WriteFile(filepath.Join(records, "sessions", name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb strings.Builder
	run([]string{"doctor", "--log-dir", logs, "--records-dir", records}, &out, &errb)
	s := out.String()
	for _, want := range []string{"1 live Claude Code record(s), 1 waiting for you; 2 stale (process gone or replaced), 0 refused",
		"1 legacy pid-<n>.json record(s) of an older Claude Code", "1 record(s) written by Claude Code on another system"} {
		if !strings.Contains(s, want) {
			t.Errorf("doctor lacks %q:\n%s", want, s)
		}
	}
}
