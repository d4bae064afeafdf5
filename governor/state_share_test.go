package governor_test

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/record"
)

// A desktop session's row carries the share of the Claude Code session
// its record names (hostSessionId, or the app record's cliSessionId), and
// the live sessions go to the transcripts' reader by their Claude Code id.
func TestShareJoinsTheSessionsRow(t *testing.T) {
	s := recordsState(t)
	recs := record.Reading{At: t0.Add(600 * time.Second), Found: true,
		Code: []record.Code{{Pid: 7, HostSessionID: "local_aaaaaaaa-1", SessionID: "cli-a"}, {Pid: 8, SessionID: "cli-b", Name: "term-work"}},
		App:  []record.App{{SessionID: "local_bbbbbbbb-2", CLISessionID: "cli-c", Title: "billing"}},
	}
	s.ApplyRecords(recs)
	if ids := recs.LiveSessionIDs(); len(ids) != 2 || ids[0] != "cli-a" || ids[1] != "cli-b" {
		t.Fatalf("live ids %v", ids)
	}
	now := t0.Add(700 * time.Second)
	rowAt := func(min int, key uint64) quota.Usage {
		return quota.Usage{At: now.Add(time.Duration(-min) * time.Minute), Model: quota.ModelSonnet, MsgKey: key, ReqKey: key,
			Tokens: quota.Tokens{Input: 3, CacheRead: 1000, Output: 200}}
	}
	s.ApplyUpdate(governor.Update{Usage: &quota.UsageReading{At: now, Sessions: []quota.SessionUsage{
		{Session: "cli-a", Files: 1, Rows: []quota.Usage{rowAt(9, 1), rowAt(8, 2), rowAt(7, 3)}},
		{Session: "cli-b", Files: 1, Rows: []quota.Usage{rowAt(6, 4)}},
		{Session: "cli-c", Files: 0},
	}}})
	snap := s.Snapshot(now)
	a, b := find(snap, "local_aaaaaaaa-1"), find(snap, "local_bbbbbbbb-2")
	if a.QuotaShare == nil || a.QuotaShare.Percent != 75 || a.QuotaShare.Basis.String() != "estimated" {
		t.Fatalf("alpha's share: %+v", a.QuotaShare)
	}
	if b.QuotaShare == nil || b.QuotaShare.Known || b.QuotaShare.Text != "?" {
		t.Fatalf("beta (no transcript) share: %+v", b.QuotaShare)
	}
	rows := s.ShareRows(&snap)
	if len(rows) != 3 || rows[0].Share.Percent != 75 || rows[1].Name != "term-work" || rows[1].Share.Percent != 25 || rows[2].Name != "billing" {
		t.Fatalf("rows %+v", rows)
	}
}
