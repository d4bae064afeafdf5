package governor_test

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/words"
)

// recordsState: two sessions at cap 2, alpha the longest idle, with an idle
// timer that fires 900 s after t0+10 s.
func recordsState(t *testing.T) *governor.State {
	t.Helper()
	return stateFrom(t,
		at(0)+" [info] Starting local session local_aaaaaaaa-1 in /p/alpha",
		at(5)+" [info] Starting local session local_bbbbbbbb-2 in /p/beta",
		at(10)+" [info] [WarmLifecycle:session] Starting idle timeout for local_aaaaaaaa-1: 900s",
		at(10)+" [info] [CliGovernor] at cap=2; would evict local_aaaaaaaa-1 (idle 10s) for warm spawn",
		at(100)+" [info] [Stop hook] Query completed for session local_bbbbbbbb-2",
	)
}

func find(snap governor.Snapshot, id string) governor.SessionView {
	for _, v := range snap.Sessions {
		if v.ID == id {
			return v
		}
	}
	return governor.SessionView{}
}

func TestRecordsWaitingJoinsTitleAndRisk(t *testing.T) {
	s := recordsState(t)
	s.ApplyRecords(record.Reading{At: t0.Add(600 * time.Second), Found: true,
		Code: []record.Code{{Pid: 7, HostSessionID: "local_aaaaaaaa-1", Status: "waiting", WaitingFor: "approve Bash", UpdatedAt: t0.Add(120 * time.Second)}},
		App:  []record.App{{SessionID: "local_aaaaaaaa-1", Title: "api-gateway\x1b[31m"}},
	})
	now := t0.Add(840 * time.Second) // 12 min waiting, idle pause in 70 s
	snap := s.Snapshot(now)
	v := find(snap, "local_aaaaaaaa-1")
	if v.Title != "api-gateway[31m" || v.TitleSource != record.FromAppRecord {
		t.Fatalf("title %q from %q: want the app record's, sanitised", v.Title, v.TitleSource)
	}
	if v.Attention != record.AttentionWaiting || v.WaitingFor != "approve Bash" || !v.WaitingSince.Equal(t0.Add(120*time.Second)) || v.WaitingSinceSource != record.FromCodeRecord {
		t.Fatalf("attention: %+v", v)
	}
	if got := words.NeedsYouText(v, now); got != "approve Bash · 12m" {
		t.Fatalf("needs-you cell %q", got)
	}
	if snap.NeedsYou != 1 || snap.Records == nil || snap.Records.NeedsYou != 1 {
		t.Fatalf("needs-you count %d (%+v)", snap.NeedsYou, snap.Records)
	}
	if snap.NextVictim == nil || snap.NextVictim.ID != v.ID {
		t.Fatalf("alpha should be the next victim: %+v", snap.NextVictim)
	}
	var r *governor.Risk
	for i := range snap.Risks {
		if snap.Risks[i].Kind == governor.RiskWaitingAtRisk {
			r = &snap.Risks[i]
		}
	}
	if r == nil || !strings.Contains(words.RiskSummary(*r), "api-gateway[31m has waited 12m for you (approve Bash): it is the next") ||
		!strings.Contains(words.RiskSummary(*r), "next to be evicted") || !strings.Contains(words.RiskSummary(*r), "idle pause comes in 1m10s") || !r.Backed {
		t.Fatalf("waiting risk: %+v", r)
	}
	if v.AtRisk != governor.RiskWaitingAtRisk || words.AtRiskWhy(v) != words.RiskSummary(*r) {
		t.Fatalf("session not marked at risk with both reasons: %q %q", v.AtRisk, words.AtRiskWhy(v))
	}
	beta := find(snap, "local_bbbbbbbb-2")
	if beta.Attention != record.AttentionUnknown || beta.NeedsYou() || beta.Title != "" {
		t.Fatalf("beta has no record: %+v", beta)
	}
}

func TestRecordsRemoteControlIsNeverNext(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    record.Reading
		want string
	}{
		{"app record", record.Reading{Found: true, App: []record.App{{SessionID: "local_aaaaaaaa-1", RemoteControl: record.ToggleOn}}}, governor.ProtectedRemoteControl},
		{"code record bridge", record.Reading{Found: true, Code: []record.Code{{HostSessionID: "local_aaaaaaaa-1", RemoteControl: record.ToggleOn, Status: "waiting"}}}, governor.ProtectedRemoteControl},
		{"scheduled", record.Reading{Found: true, App: []record.App{{SessionID: "local_aaaaaaaa-1", Scheduled: true}}}, governor.ProtectedScheduled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := recordsState(t)
			tc.r.At = t0.Add(300 * time.Second)
			s.ApplyRecords(tc.r)
			snap := s.Snapshot(t0.Add(400 * time.Second))
			if v := find(snap, "local_aaaaaaaa-1"); v.Protected != tc.want {
				t.Fatalf("protected %q, want %q", v.Protected, tc.want)
			}
			if snap.NextVictim == nil || snap.NextVictim.ID != "local_bbbbbbbb-2" {
				t.Fatalf("the protected session must be passed over: %+v", snap.NextVictim)
			}
			for _, r := range snap.Risks {
				if r.Session == "local_aaaaaaaa-1" {
					t.Fatalf("a protected session is named in a risk: %+v", r)
				}
			}
		})
	}
}

func TestRecordsMissingFieldsAreUnknown(t *testing.T) {
	s := recordsState(t)
	// A version without status: the record exists, attention is not reported.
	s.ApplyRecords(record.Reading{At: t0.Add(300 * time.Second), Found: true,
		Code: []record.Code{{Pid: 7, HostSessionID: "local_aaaaaaaa-1"}}})
	v := find(s.Snapshot(t0.Add(300*time.Second)), "local_aaaaaaaa-1")
	if v.Attention != record.AttentionUnknown || v.AttentionSource != record.FromNone || v.NeedsYou() || v.Title != "" {
		t.Fatalf("missing status must read unknown: %+v", v)
	}
	// Waiting without updatedAt: since when coworktop first saw it, as an estimate,
	// kept across readings while the wait is the same.
	s.ApplyRecords(record.Reading{At: t0.Add(310 * time.Second), Found: true,
		Code: []record.Code{{Pid: 7, HostSessionID: "local_aaaaaaaa-1", Status: "waiting"}}})
	s.ApplyRecords(record.Reading{At: t0.Add(320 * time.Second), Found: true,
		Code: []record.Code{{Pid: 7, HostSessionID: "local_aaaaaaaa-1", Status: "waiting"}}})
	v = find(s.Snapshot(t0.Add(400*time.Second)), "local_aaaaaaaa-1")
	if !v.WaitingSince.Equal(t0.Add(310*time.Second)) || v.WaitingSinceSource != record.FromSeen || words.NeedsYouText(v, t0.Add(400*time.Second)) != "waiting · 1m" {
		t.Fatalf("wait without a time: %+v", v)
	}
	// Its process gone: the next reading has no record, nothing waits.
	s.ApplyRecords(record.Reading{At: t0.Add(330 * time.Second), Found: true, Stale: 1})
	snap := s.Snapshot(t0.Add(400 * time.Second))
	if v := find(snap, "local_aaaaaaaa-1"); v.NeedsYou() || snap.NeedsYou != 0 || snap.Records.Stale != 1 {
		t.Fatalf("a stale record must show nothing: %+v", v)
	}
}

func TestRecordsAbsentLeaveSnapshotAsLogged(t *testing.T) {
	snap := recordsState(t).Snapshot(t0.Add(400 * time.Second))
	if snap.Records != nil || snap.NeedsYou != 0 || find(snap, "local_aaaaaaaa-1").Attention != record.AttentionNone {
		t.Fatalf("no records read: nothing of them may show: %+v", snap.Records)
	}
}

func TestRecordsBackgroundAndDisagreement(t *testing.T) {
	s := recordsState(t)
	s.ApplyRecords(record.Reading{At: t0.Add(300 * time.Second), Found: true,
		Code:       []record.Code{{Pid: 9, HostSessionID: "local_bbbbbbbb-2", Status: "busy"}},
		Background: []record.Background{{ID: "j1", Name: "nightly", State: "blocked", WaitingFor: "permission prompt"}, {ID: "j2", State: "working"}},
	})
	snap := s.Snapshot(t0.Add(400 * time.Second))
	if len(snap.Background) != 2 || !snap.Background[0].NeedsYou() || snap.Background[0].WaitingFor != "permission prompt" || snap.Background[1].Attention != record.AttentionBusy {
		t.Fatalf("background rows: %+v", snap.Background)
	}
	if snap.NeedsYou != 1 {
		t.Fatalf("needs-you counts background sessions too: %d", snap.NeedsYou)
	}
	beta := find(snap, "local_bbbbbbbb-2")
	if beta.State != governor.StateIdle || !strings.Contains(words.RecordNote(beta), "STATE shows the log") {
		t.Fatalf("log idle, record busy: the screen must say which it shows: %+v", beta)
	}
	if words.CoworkNote(snap.Records) != words.CloudCoworkNote {
		t.Fatalf("no local Cowork session: the cloud note must show, got %q", words.CoworkNote(snap.Records))
	}
}

func TestRecordsLossOfAWaitingSession(t *testing.T) {
	s := recordsState(t)
	s.ApplyRecords(record.Reading{At: t0.Add(200 * time.Second), Found: true,
		Code: []record.Code{{Pid: 7, HostSessionID: "local_aaaaaaaa-1", Status: "waiting", WaitingFor: "approve Bash"}},
		// A record left behind by a dead process: its last word was a wait,
		// written before its loss.
		Leftover: []record.Code{{HostSessionID: "local_cccccccc-3", Status: "waiting", UpdatedAt: t0.Add(250 * time.Second)}},
	})
	for _, e := range parseLines(t, "main.log",
		at(260)+" [info] Starting local session local_cccccccc-3 in /p/gamma",
		at(300)+" [info] [CliGovernor] at cap=2; evicting local_aaaaaaaa-1 (idle 290s) for warm spawn",
		at(301)+" [info] [CliGovernor] at cap=2; evicting local_bbbbbbbb-2 (idle 200s) for warm spawn",
		at(302)+" [info] [CliGovernor] at cap=2; evicting local_cccccccc-3 (idle 40s) for warm spawn",
	) {
		s.Apply(e)
	}
	losses, _ := s.Losses()
	got := map[string]string{}
	for _, l := range losses {
		got[l.Session] = l.WaitingFor
	}
	if got["local_aaaaaaaa-1"] != "approve Bash" || got["local_bbbbbbbb-2"] != "" || got["local_cccccccc-3"] != "waiting" {
		t.Fatalf("waiting when lost: %v", got)
	}
	// A reading taken after the loss says nothing of it.
	s2 := recordsState(t)
	s2.ApplyRecords(record.Reading{At: t0.Add(400 * time.Second), Found: true,
		Code: []record.Code{{Pid: 7, HostSessionID: "local_aaaaaaaa-1", Status: "waiting"}}})
	for _, e := range parseLines(t, "main.log", at(300)+" [info] [CliGovernor] at cap=2; evicting local_aaaaaaaa-1 (idle 290s) for warm spawn") {
		s2.Apply(e)
	}
	if l, _ := s2.Losses(); len(l) != 1 || l[0].WaitingFor != "" {
		t.Fatalf("a record read after the loss must not annotate it: %+v", l)
	}
}

// Record text is untrusted, like log text: no control character or escape
// reaches a view, and every field is capped.
func TestRecordsHostileText(t *testing.T) {
	s := recordsState(t)
	evil := "\x1b]0;owned\x07\x1b[2J\u202e" + strings.Repeat("x", 5000) + "\x00"
	s.ApplyRecords(record.Reading{At: t0.Add(300 * time.Second), Found: true,
		Code:       []record.Code{{HostSessionID: "local_aaaaaaaa-1", Status: "waiting", WaitingFor: evil, Name: evil}},
		App:        []record.App{{SessionID: "local_aaaaaaaa-1", Title: evil}},
		Background: []record.Background{{ID: evil, Name: evil, State: evil, Status: "waiting", WaitingFor: evil}},
	})
	snap := s.Snapshot(t0.Add(400 * time.Second))
	v := find(snap, "local_aaaaaaaa-1")
	texts := []string{v.Title, v.WaitingFor, words.NeedsYouText(v, snap.Now), words.AtRiskWhy(v), words.NeedsYouSummary(snap)}
	for _, b := range snap.Background {
		texts = append(texts, b.ID, b.Name, b.State, b.WaitingFor)
	}
	for _, r := range snap.Risks {
		texts = append(texts, words.RiskSummary(r))
		texts = append(texts, words.RiskEvidence(r)...)
	}
	for _, x := range texts {
		if strings.ContainsAny(x, "\x1b\x07\x00\u202e") || len([]rune(x)) > 1000 {
			t.Fatalf("record text reached a view raw or uncapped: %q", x)
		}
	}
	if len([]rune(v.Title)) > 81 || len([]rune(v.WaitingFor)) > 61 { // the cap and its "…"
		t.Fatalf("caps: title %d, waiting for %d runes", len([]rune(v.Title)), len([]rune(v.WaitingFor)))
	}
}

// A Claude Code record without hostSessionId (older builds) joins through
// the app record that names its sessionId as cliSessionId.
func TestRecordsJoinThroughCLISessionID(t *testing.T) {
	s := recordsState(t)
	s.ApplyRecords(record.Reading{At: t0.Add(300 * time.Second), Found: true,
		Code: []record.Code{{Pid: 7, SessionID: "0b7c-cli", Status: "waiting", WaitingFor: "permission prompt"}},
		App:  []record.App{{SessionID: "local_aaaaaaaa-1", CLISessionID: "0b7c-cli", Title: "api"}},
	})
	v := find(s.Snapshot(t0.Add(400*time.Second)), "local_aaaaaaaa-1")
	if !v.NeedsYou() || v.WaitingFor != "permission prompt" {
		t.Fatalf("joined through cliSessionId: %+v", v)
	}
}

// F13 of issue 41: after 20 minutes of log silence the header said "needs
// you 0" while the row said "approve Bash · 24m". The count and the rows
// use one predicate.
func TestRecordsNeedsYouCountMatchesRowsWhenLogSilent(t *testing.T) {
	s := recordsState(t)
	now := t0.Add(100*time.Second + governor.StaleAfter + 4*time.Minute)
	s.ApplyRecords(record.Reading{At: now.Add(-time.Second), Found: true,
		Code: []record.Code{{Pid: 7, HostSessionID: "local_aaaaaaaa-1", Status: "waiting", WaitingFor: "approve Bash", UpdatedAt: now.Add(-24 * time.Minute)}},
	})
	snap := s.Snapshot(now)
	if !snap.Stale {
		t.Fatal("the log should be stale")
	}
	rows := 0
	for _, v := range snap.Sessions {
		if v.NeedsYou() {
			rows++
			if got := words.NeedsYouText(v, now); got != "approve Bash · 24m" {
				t.Fatalf("row %q", got)
			}
		}
	}
	if rows != 1 || snap.NeedsYou != rows || snap.Records.NeedsYou != rows {
		t.Fatalf("rows needing you %d, header %d, snapshot %d: one count", rows, snap.NeedsYou, snap.Records.NeedsYou)
	}
	if got := words.NeedsYouSummary(snap); !strings.HasPrefix(got, "1: ") || !strings.Contains(got, "approve Bash · 24m") {
		t.Fatalf("summary %q", got)
	}
}

// A record that says it was started from a terminal (entrypoint "cli", no
// desktop session) is a terminal session: its wait counts in needs you,
// named with its tmux pane, never "needs you 0"; it is not one of the
// desktop sessions, so neither the cap count nor the idle ranking nor the
// next victim can name it. A record of the app's own entrypoint is not.
func TestRecordsTerminalSessionCountedNeverEvicted(t *testing.T) {
	s := recordsState(t)
	s.ApplyRecords(record.Reading{At: t0.Add(300 * time.Second), Found: true,
		Code: []record.Code{
			{Pid: 31, SessionID: "7b291eb7-28b8-45e0-b882-9714350db4c1", Name: "proj-26\x1b]0;x\x07", Status: "waiting", WaitingFor: "permission prompt",
				Entrypoint: "cli", Tmux: "0:@0.%3", UpdatedAt: t0.Add(240 * time.Second)},
			{Pid: 32, SessionID: "9c0d1e2f-0000-4000-8000-000000000002", Status: "idle", Entrypoint: "claude-desktop"},
			{Pid: 33, SessionID: "9c0d1e2f-0000-4000-8000-000000000003", Status: "idle"}, // entrypoint not reported: not claimed
		},
	})
	snap := s.Snapshot(t0.Add(360 * time.Second))
	if len(snap.Background) != 1 {
		t.Fatalf("want the one terminal session as a row outside the app's: %+v", snap.Background)
	}
	b := snap.Background[0]
	if b.Kind != governor.KindTerminal || b.Pane != "%3" || b.Name != "proj-26]0;x" || !b.NeedsYou() || b.WaitingFor != "permission prompt" {
		t.Fatalf("terminal row: %+v", b)
	}
	if snap.NeedsYou != 1 || snap.Records.NeedsYou != 1 {
		t.Fatalf("needs you %d: the terminal session's wait must count", snap.NeedsYou)
	}
	if got := words.NeedsYouSummary(snap); got != "1: terminal, tmux pane %3: proj-26]0;x (permission prompt)" {
		t.Fatalf("summary %q", got)
	}
	for _, v := range snap.Sessions {
		if strings.HasPrefix(v.ID, governor.TerminalPrefix) {
			t.Fatalf("a terminal session is among the desktop's sessions: %+v", v)
		}
	}
	if snap.NextVictim == nil || strings.HasPrefix(snap.NextVictim.ID, governor.TerminalPrefix) {
		t.Fatalf("next victim %+v", snap.NextVictim)
	}
}
