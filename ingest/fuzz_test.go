package ingest

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// FuzzAssembleParse feeds arbitrary text through entry assembly, parsing and
// the state: nothing may panic, every string that reaches an event is
// sanitised and capped, and the snapshot stays bounded.
func FuzzAssembleParse(f *testing.F) {
	for _, seed := range []string{
		"2026-09-30 10:13:16 [info] [CliGovernor] at cap=8; evicting local_a (idle 671s) for warm spawn\n2026-09-30 10:13:16 [info] Pausing session local_a (governor_evict)",
		"2026-09-30 10:14:10 [warn] [CliGovernor] memory pressure (warning): would evict 2 idle session(s), 8 effective",
		"2026-08-30 20:35:17 [info] Starting app {\n  appVersion: '1.40609.0',\n  platform: 'win32'\n}",
		"[VM] 2026-08-18 10:49:22 [info]   - CPUs: 4\r\n2026-08-18 06:24:21 [info] [VM:steps] vm_boot completed (197ms)",
		"2026-09-30 10:09:09 [info] [process-memory] trigger=interval tree_rss_sum=2410MB electron(5)=640MB children(44)=1770MB sys_free=1530MB/24576MB sys_free_raw=429MB",
		"2026-09-30 10:00:00 [info] [CliGovernor] \x1b]52;c;cGF3bmVk\x07 \x9b2J \u202e",
		"2026-09-30T10:00:00.123Z [info] API Error: 429 rate_limit_error",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := governor.New(governor.Limits{Outcomes: 8, Evictions: 8, LogLines: 8, MemorySamples: 8, HostSamples: 8, EndedSessions: 8})
		var evs []event.Event
		asm := newAssembler("main.log", time.UTC, func(e *entry) { evs = parse(e, evs[:0]); checkEvents(t, evs); applyAll(s, evs) })
		for _, line := range bytes.Split(data, []byte("\n")) {
			asm.Feed(line)
		}
		asm.Flush()
		snap := s.Snapshot(time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC))
		if len(snap.Sessions) > 8+maxLiveSessions || len(snap.Outcomes) > 8 || len(snap.Log) > 8 {
			t.Fatalf("unbounded snapshot: %d sessions %d outcomes %d log", len(snap.Sessions), len(snap.Outcomes), len(snap.Log))
		}
		for _, l := range snap.Log {
			checkText(t, words.LogText(l), 4*vocab.MaxTextRunes)
		}
	})
}

func applyAll(s *governor.State, evs []event.Event) {
	for _, e := range evs {
		s.Apply(e)
	}
}

func checkEvents(t *testing.T, evs []event.Event) {
	for _, e := range evs {
		for _, str := range []string{e.Session, e.ReasonText(), e.Cwd, e.Text, e.Details().Version, e.Details().Platform, e.Details().Arch, e.Details().Step, e.Lifecycle, e.PressureText(), e.LevelText()} {
			checkText(t, str, vocab.MaxTextRunes+1)
		}
	}
}

func checkText(t *testing.T, s string, maxRunes int) {
	t.Helper()
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > maxRunes {
		t.Fatalf("unsafe or uncapped text: %q", s)
	}
	for _, r := range s {
		if vocab.UnsafeRune(r) {
			t.Fatalf("control character %U reached an event: %q", r, s)
		}
	}
	if strings.ContainsRune(s, '\x1b') {
		t.Fatalf("escape reached an event: %q", s)
	}
}

// maxLiveSessions is governor's bound on sessions it keeps live (sessions.go).
const maxLiveSessions = 1000
