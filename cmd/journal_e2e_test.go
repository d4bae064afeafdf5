package cmd

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
	"github.com/coworktop/coworktop/journal"
)

// lossesOn is testdata's losses log (an eviction at the cap, one under
// pressure, an idle timeout, a crash) as if written on day.
func lossesOn(t *testing.T, day time.Time) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdataDir, "logs", "losses", "main.log"))
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.ReplaceAll(string(b), "2026-10-20", day.Format(time.DateOnly)))
}

// quietOn is a main.log of day with an app start and a session, no loss.
func quietOn(day time.Time) []byte {
	d := day.Format(time.DateOnly)
	return []byte(d + " 08:00:00 [info] Starting app {\n  appVersion: '2.19675.0',\n  platform: 'darwin',\n  arch: 'arm64'\n}\n" +
		d + " 08:00:05 [info] Starting local session local_90c0ffee-1111-4000-8000-000000000009 in /Users/u/p/iota\n" +
		d + " 08:10:00 [info] [WarmLifecycle:session] Starting idle timeout for local_90c0ffee-1111-4000-8000-000000000009: 900s\n")
}

// journalEvents reads the events the journal of logDir holds.
func journalEvents(t *testing.T, logDir string) []string {
	t.Helper()
	dir, err := journalFolder([]string{logDir})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	if _, err := journal.Read(dir, journal.Span{}, time.Local, func(r journal.Record) {
		if r.Event != nil {
			out = append(out, r.Event.Kind.String()+" "+r.Event.Session)
		}
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// followUntil runs `events --follow` on logDir until the journal holds
// want events, then interrupts it.
func followUntil(t *testing.T, bin, logDir string, want int) {
	t.Helper()
	keepUntil(t, bin, []string{"events", "--follow"}, logDir, want)
}

// keepUntil runs a long-running mode (args) on logDir until the journal
// holds want events, then interrupts it.
func keepUntil(t *testing.T, bin string, args []string, logDir string, want int) {
	t.Helper()
	c := exec.Command(bin, append(args, "--log-dir", logDir)...)
	c.Stdout, c.Stderr = &lockedBuffer{}, &lockedBuffer{}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if runtime.GOOS == "windows" {
			_ = c.Process.Kill()
		} else {
			_ = c.Process.Signal(os.Interrupt)
		}
		_ = c.Wait()
		if s := c.Stderr.(*lockedBuffer).String(); strings.Contains(s, "journal") {
			t.Errorf("%v said: %s", args, s)
		}
	}()
	eventually(t, 20*time.Second, "the journal holds the log's events", func() bool { return len(journalEvents(t, logDir)) >= want })
}

func TestFollowKeepsTheLogInTheJournalOnce(t *testing.T) {
	bin := buildCoworktop(t)
	logDir := filepath.Join(testfs.TempDir(t), "logs")
	if err := os.MkdirAll(logDir, 0o700); err != nil {
		t.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, -3)
	if err := os.WriteFile(filepath.Join(logDir, "main.log"), lossesOn(t, day), 0o600); err != nil {
		t.Fatal(err)
	}
	followUntil(t, bin, logDir, 20)
	first := journalEvents(t, logDir)
	followUntil(t, bin, logDir, len(first)) // a second reader of the same lines
	if again := journalEvents(t, logDir); len(again) != len(first) {
		t.Errorf("read twice, the journal holds %d events, was %d", len(again), len(first))
	}
	if !strings.Contains(strings.Join(first, "\n"), "governor.at_cap") {
		t.Errorf("the eviction is not kept: %v", first)
	}
	out, err := exec.Command(bin, "journal", "--log-dir", logDir).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "span:") || !strings.Contains(string(out), "day file") {
		t.Errorf("coworktop journal: %v\n%s", err, out)
	}
	doc, err := exec.Command(bin, "doctor", "--log-dir", logDir).CombinedOutput()
	if err != nil || !strings.Contains(string(doc), "coworktop's journal (coworktop journal):") || !strings.Contains(string(doc), "in 1 day file(s)") {
		t.Errorf("doctor says nothing of the journal: %v\n%s", err, doc)
	}
	withConfig(t, "[journal]\nkeep_days = 7\nmax_mb = 5\n")
	if code, out, errs := runOut(t, "journal", "--log-dir", logDir); code != 0 || !strings.Contains(out, "bound:    7 days or 5.0 MiB") {
		t.Errorf("journal with keep_days = 7: exit %d %q\n%s", code, errs, out)
	}
	exp, err := exec.Command(bin, "journal", "export", "--log-dir", logDir).Output()
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(exp), `"record":"event"`); n != len(first) {
		t.Errorf("export has %d events, the journal %d", n, len(first))
	}
	for _, leak := range []string{"/Users/u", "10c0ffee-1111-4000-8000-000000000001"} {
		if strings.Contains(string(exp), leak) {
			t.Errorf("export holds %q: not redacted", leak)
		}
	}
}

// TestReportExplainsAnEvictionTheLogNoLongerHolds: a live mode keeps the
// day an eviction happened; the log is then replaced (rotated away), and
// `report --since 7d` still explains the eviction, saying the journal
// told it, in text and JSON; `events --since 7d` lists it once.
func TestReportExplainsAnEvictionTheLogNoLongerHolds(t *testing.T) {
	bin := buildCoworktop(t)
	logDir := filepath.Join(testfs.TempDir(t), "logs")
	if err := os.MkdirAll(logDir, 0o700); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(logDir, "main.log")
	now := time.Now()
	if err := os.WriteFile(main, lossesOn(t, now.AddDate(0, 0, -3)), 0o600); err != nil {
		t.Fatal(err)
	}
	followUntil(t, bin, logDir, 20)
	// The app's logs roll over: the day of the eviction is gone.
	if err := os.WriteFile(main, quietOn(now.AddDate(0, 0, -1)), 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, string) {
		t.Helper()
		c := exec.Command(bin, append(args, "--log-dir", logDir)...)
		var stderr lockedBuffer
		c.Stderr = &stderr
		out, err := c.Output()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stderr.String())
		}
		return string(out), stderr.String()
	}
	text, _ := run("report", "--since", "7d")
	for _, want := range []string{"from coworktop's journal: the log has rotated", "1 evicting", "1 pressure eviction", "warm spawn"} {
		if !strings.Contains(text, want) {
			t.Errorf("report --since 7d lacks %q:\n%s", want, text)
		}
	}
	var r struct {
		Journal *struct {
			Note   string `json:"note"`
			Events int    `json:"events"`
		} `json:"journal"`
		Evictions []struct {
			Cause   string `json:"cause"`
			Session string `json:"session"`
		} `json:"evictions"`
		Sessions struct {
			Started int `json:"started"`
		} `json:"sessions"`
	}
	js, _ := run("report", "--json", "--since", "7d")
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		t.Fatal(err)
	}
	if r.Journal == nil || r.Journal.Events < 20 || !strings.Contains(r.Journal.Note, "journal") {
		t.Errorf("report --json: journal part %+v", r.Journal)
	}
	if len(r.Evictions) != 3 || r.Sessions.Started != 9 { // at the cap, under pressure, one with no cause logged; eight sessions from the journal, one from the log
		t.Errorf("report --json: %d evictions (want 3), %d sessions started (want 9): %s", len(r.Evictions), r.Sessions.Started, js)
	}
	alone, _ := run("report", "--since", "7d", "--no-journal")
	if strings.Contains(alone, "journal") || strings.Contains(alone, "1 evicting") {
		t.Errorf("report --no-journal reads the journal:\n%s", alone)
	}
	recent, _ := run("report", "--since", "2h")
	if strings.Contains(recent, "journal") {
		t.Errorf("report --since 2h reaches back past the log into the journal:\n%s", recent)
	}
	evs, said := run("events", "--since", "7d")
	if n := strings.Count(evs, `"kind":"governor.at_cap"`); n != 1 {
		t.Errorf("events --since 7d: %d at_cap events, want 1:\n%s", n, evs)
	}
	if !strings.Contains(said, "from coworktop's journal: the log has rotated") {
		t.Errorf("events does not say which part came from the journal: %q", said)
	}
	day := now.AddDate(0, 0, -3).Format(time.DateOnly)
	if from, _ := run("events", "--from", day, "--to", day); strings.Count(from, `"kind":"governor.at_cap"`) != 1 || strings.Contains(from, "iota") {
		t.Errorf("events --from %s --to %s:\n%s", day, day, from)
	}
}

// TestANewerJournalIsSaidInOneLine: report and events read the logs alone
// beside a journal a newer coworktop wrote, and say so in one line; a
// live mode keeps nothing in it, and it is left as it was.
func TestANewerJournalIsSaidInOneLine(t *testing.T) {
	logDir := filepath.Join(testfs.TempDir(t), "logs")
	if err := os.MkdirAll(logDir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(logDir, "main.log"), lossesOn(t, time.Now().AddDate(0, 0, -1)), 0o600); err != nil {
		t.Fatal(err)
	}
	dir, err := journalFolder([]string{logDir})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	format := filepath.Join(dir, "FORMAT")
	if err := os.WriteFile(format, []byte("coworktop journal format 9\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"report", "--since", "7d"}, {"events"}} {
		code, out, errs := runOut(t, append(args, "--log-dir", logDir)...)
		if code != 0 || out == "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "written by a newer coworktop (format 9; this one reads format 1)") || !strings.Contains(errs, "reading the logs alone") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	if code, _, errs := runOut(t, "journal", "--log-dir", logDir); code != 1 || !strings.Contains(errs, "newer coworktop") || strings.Count(errs, "\n") != 1 {
		t.Errorf("journal: exit %d, stderr %q; want exit 1 and one line", code, errs)
	}
	ents, _ := os.ReadDir(dir)
	if b, _ := os.ReadFile(format); len(ents) != 1 || string(b) != "coworktop journal format 9\n" {
		t.Errorf("the newer journal was touched: %d entries, FORMAT %q", len(ents), b)
	}
}

// TestServeKeepsTheLogInTheJournal: serve writes the journal as it reads,
// and a second serve beside a live events --follow keeps each event once.
func TestServeKeepsTheLogInTheJournal(t *testing.T) {
	bin := buildCoworktop(t)
	logDir := filepath.Join(testfs.TempDir(t), "logs")
	if err := os.MkdirAll(logDir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(logDir, "main.log"), lossesOn(t, time.Now().AddDate(0, 0, -2)), 0o600); err != nil {
		t.Fatal(err)
	}
	follow := exec.Command(bin, "events", "--follow", "--log-dir", logDir)
	follow.Stdout = &lockedBuffer{}
	if err := follow.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = follow.Process.Kill(); _ = follow.Wait() }()
	keepUntil(t, bin, []string{"serve", "--metrics-addr", "127.0.0.1:0"}, logDir, 20)
	eventually(t, 20*time.Second, "both writers done", func() bool { return len(journalEvents(t, logDir)) >= 20 })
	got := journalEvents(t, logDir)
	dir, _ := journalFolder([]string{logDir})
	days, _ := os.ReadDir(dir)
	lines := 0
	for _, d := range days {
		if strings.HasSuffix(d.Name(), ".jnl") {
			b, _ := os.ReadFile(filepath.Join(dir, d.Name()))
			lines += strings.Count(string(b), " e {") // event records (serve keeps minutes too)
		}
	}
	if lines != len(got) {
		t.Errorf("%d event lines stored for %d events: two writers doubled some", lines, len(got))
	}
}

// TestTheBoundHoldsOnAMonthOfGeneratedLogs: a month of a busy machine's
// logs (bench/genlog -real, ending today) read into a journal bounded to
// 10 days and 1 MB keeps neither more days nor more bytes.
func TestTheBoundHoldsOnAMonthOfGeneratedLogs(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a month of logs")
	}
	bin := buildCoworktop(t)
	logDir := filepath.Join(testfs.TempDir(t), "logs")
	start := time.Now().AddDate(0, 0, -30).Format(time.DateOnly)
	gen := exec.Command("go", "run", "./bench/genlog", "-real", logDir, "-mb", "24", "-rotate", "10", "-start", start)
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("genlog: %v\n%s", err, out)
	}
	withConfig(t, "[journal]\nkeep_days = 10\nmax_mb = 1\n")
	dir, err := journalFolder([]string{logDir})
	if err != nil {
		t.Fatal(err)
	}
	c := exec.Command(bin, "events", "--follow", "--log-dir", logDir)
	c.Stdout = &lockedBuffer{}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	eventually(t, 60*time.Second, "the month read into the journal", func() bool {
		_, err := os.Stat(filepath.Join(dir, "imported"))
		return err == nil
	})
	in, err := journal.Stat(dir) // the import prunes as it ends: read until that is done
	eventually(t, 20*time.Second, "the journal held to 1 MB", func() bool {
		in, err = journal.Stat(dir)
		return err == nil && in.Bytes <= 1<<20
	})
	_ = c.Process.Kill()
	_ = c.Wait()
	if in.Files == 0 || in.First.Before(time.Now().AddDate(0, 0, -10).Add(-time.Hour)) {
		t.Errorf("the journal keeps %d files from %v: past 10 days", in.Files, in.First)
	}
	if in.Last.Before(time.Now().AddDate(0, 0, -2)) {
		t.Errorf("the newest record is %v: the bound took the recent days", in.Last)
	}
}
