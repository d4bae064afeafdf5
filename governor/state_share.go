package governor

import (
	"slices"

	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/vocab"
)

// The share of the 5-hour window each live session spent, from Claude
// Code's transcripts (sources/transcripts reads them, quota computes the
// share): State keeps the latest reading, its copies removed once, and
// the Snapshot carries the shares, each joined to its session's row.

// usageState is the latest reading of the live sessions' transcripts.
type usageState struct {
	reading quota.UsageReading
	rows    []quota.Owned // Dedup's, made once per reading
}

// applyUsage keeps a reading of the live sessions' transcripts.
func (s *State) applyUsage(r quota.UsageReading) {
	s.usage = &usageState{reading: r, rows: quota.Dedup(r.Sessions)}
}

// applyShareTo puts the shares in snap: the window's (Snapshot.Share)
// and each session's, by the Claude Code session its row runs.
func (s *State) applyShareTo(snap *Snapshot) {
	if s.usage == nil {
		return
	}
	five := snap.Quota.Figure(quota.FiveHour)
	var readings []quota.Sample // what Shares reads of them: the window's own, from its start
	if five != nil {
		start, _ := quota.WindowStart(five, snap.Now)
		readings = s.quota.WindowReadings(five.Source, quota.FiveHour, start)
	}
	v := quota.Shares(&s.usage.reading, s.usage.rows, five, readings, snap.Now)
	snap.Share = v
	rs := &s.records
	if len(rs.code)+len(rs.app)+len(s.usage.reading.Sessions) >= len(snap.Sessions) {
		for i := range snap.Sessions {
			snap.Sessions[i].QuotaShare = v.Of(s.cliSession(snap.Sessions[i].ID))
		}
		return
	}
	// Only a row whose cliSession the reading covers has a share, and no
	// row has one before this: such a row has a record, or is named by
	// the covered id itself. So the records and the reading's few
	// sessions are walked, not the 200 ended rows (issue 52).
	rows := s.rowsOf(snap)
	share := func(id string) {
		if i, ok := rows.row(id); ok {
			snap.Sessions[i].QuotaShare = v.Of(s.cliSession(id))
		}
	}
	for id := range rs.code {
		share(id)
	}
	for id := range rs.app {
		share(id)
	}
	for _, su := range s.usage.reading.Sessions {
		share(su.Session)
	}
}

// cliSession is the Claude Code session id a session's row runs: its
// live record's, else the app record's cliSessionId, else the row's own
// id (a terminal session is named by it).
func (s *State) cliSession(id string) string {
	if c := s.records.code[id]; c != nil && c.SessionID != "" {
		return c.SessionID
	}
	if a := s.records.app[id]; a != nil && a.CLISessionID != "" {
		return a.CLISessionID
	}
	return id
}

// ShareRow is one live session's share as a list names it: by its title
// or session name where a record gives one, else its short id.
type ShareRow struct {
	Name  string              `json:"name"`
	Share *quota.SessionShare `json:"share"`
}

// ShareRows are the live sessions' shares, the largest first, those of
// unknown share last: what report lists.
func (s *State) ShareRows(snap *Snapshot) []ShareRow {
	v := snap.Share
	if v == nil || s.usage == nil {
		return nil
	}
	var rows []ShareRow
	for _, su := range s.usage.reading.Sessions {
		if sh := v.Of(su.Session); sh != nil {
			rows = append(rows, ShareRow{Name: s.shareName(su.Session), Share: sh})
		}
	}
	slices.SortStableFunc(rows, func(a, b ShareRow) int {
		ra, rb := a.Share.Rank, b.Share.Rank
		if ra == 0 {
			ra = 1 << 30
		}
		if rb == 0 {
			rb = 1 << 30
		}
		return ra - rb
	})
	return rows
}

// shareName names a Claude Code session: the app's title of the session
// it runs, its own session name, else its short id.
func (s *State) shareName(cli string) string {
	if r := s.records.latest; r != nil {
		for _, a := range r.App {
			if a.CLISessionID == cli && a.Title != "" {
				return vocab.SanitizeString(a.Title, maxTitle)
			}
		}
		for _, c := range r.Code {
			if c.SessionID != cli {
				continue
			}
			if c.HostSessionID != "" {
				if n := s.NameOf(c.HostSessionID); n != "" {
					return n
				}
			}
			if c.Name != "" {
				return vocab.SanitizeString(c.Name, maxTitle)
			}
		}
	}
	return firstRunes(cli, 8)
}

func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
