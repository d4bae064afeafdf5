package records

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/coworktop/coworktop/record"
)

// MaxAgentsOutput bounds what is read of `claude agents --json`.
const MaxAgentsOutput = 4 << 20

// agentRow is one row of `claude agents --json` (Claude Code 2.1.145+;
// the fields of ~/.claude/sessions/<pid>.json): only the keys used.
type agentRow struct {
	Pid        int    `json:"pid"`
	Kind       string `json:"kind"`
	SessionID  string `json:"sessionId"`
	Name       string `json:"name"`
	Status     string `json:"status"`
	WaitingFor string `json:"waitingFor"`
}

// ParseAgents reads `claude agents --json`: its running interactive
// sessions as records observed at (the command lists only running ones;
// background sessions are the supervisor's, read from its own files).
// Text stays untrusted: the join sanitises it as it does a record's.
func ParseAgents(data []byte, at time.Time) ([]record.Code, error) {
	if len(data) > MaxAgentsOutput {
		return nil, fmt.Errorf("claude agents --json: over %d bytes", MaxAgentsOutput)
	}
	var rows []agentRow
	if err := json.Unmarshal(bytes.TrimSpace(data), &rows); err != nil {
		return nil, fmt.Errorf("claude agents --json: %w", err)
	}
	var out []record.Code
	for _, r := range rows {
		if r.Kind != "interactive" || r.Pid <= 0 || r.SessionID == "" {
			continue
		}
		out = append(out, record.Code{Pid: r.Pid, SessionID: r.SessionID, Name: r.Name, Status: r.Status,
			WaitingFor: r.WaitingFor, UpdatedAt: at.UTC()})
	}
	return out, nil
}

// MergeAgents puts what `claude agents --json` said at at beside the
// records read: for a session both know (by session id and pid), the
// fresher wins (the agents' answer unless the record was updated after
// it); a session only the agents know (a record folder coworktop does not
// see) is added. The records then count as found.
func MergeAgents(recs record.Reading, agents []record.Code) record.Reading {
	if len(agents) == 0 {
		return recs
	}
	recs.Code = append([]record.Code(nil), recs.Code...)
	for _, a := range agents {
		i := -1
		for j, c := range recs.Code {
			if c.SessionID == a.SessionID && c.Pid == a.Pid {
				i = j
				break
			}
		}
		switch {
		case i < 0:
			recs.Code = append(recs.Code, a)
		case recs.Code[i].UpdatedAt.IsZero() || a.UpdatedAt.After(recs.Code[i].UpdatedAt):
			c := &recs.Code[i]
			c.Status, c.WaitingFor, c.UpdatedAt = a.Status, a.WaitingFor, a.UpdatedAt
			if a.Name != "" {
				c.Name = a.Name
			}
		}
	}
	recs.Found = true
	return recs
}
