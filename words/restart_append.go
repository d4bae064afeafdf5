package words

import (
	"strconv"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// AppendJSON appends the restart's JSON to b: the bytes json.Marshal
// gives its wire form (restartJSON, with its sessions as
// restartSessionJSON), written field by field. MarshalJSON went through
// encoding/json's reflection for the restart and then for each session,
// and each session's bytes through its scanner once more to compact
// them: a month's 14 restarts with thousands of sessions were 9 ms of
// report --json's serial end (issue 49). TestRestartAppendIsMarshal and
// FuzzRestartAppend hold the bytes to encoding/json's of the wire form.
func (s Restart) AppendJSON(b []byte) []byte {
	v := (*governor.RestartView)(&s)
	b = append(b, '{')
	first := true
	key := func(k string) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, k...)
		b = append(b, '"', ':')
	}
	if s.Path != 0 {
		key("path")
		b = AppendJSONString(b, s.Path.String())
	}
	if s.From != "" {
		key("from")
		b = AppendJSONString(b, s.From)
	}
	if s.To != "" {
		key("to")
		b = AppendJSONString(b, s.To)
	}
	if s.Stopped != 0 {
		key("stopped")
		b = strconv.AppendInt(b, int64(s.Stopped), 10)
	}
	key("stopped_logged")
	b = strconv.AppendBool(b, s.StoppedLogged)
	key("stopped_text")
	b = AppendJSONString(b, RestartStopped(v))
	key("sessions")
	b = appendRestartSessions(b, s.Sessions)
	key("auto_resume")
	b = strconv.AppendBool(b, s.AutoResume)
	for _, f := range [...]struct {
		key string
		n   int
	}{{"warmed", s.Warmed}, {"eligible", s.Eligible}, {"unseen", s.Unseen}, {"unseen_back", s.UnseenBack}} {
		if f.n != 0 {
			key(f.key)
			b = strconv.AppendInt(b, int64(f.n), 10)
		}
	}
	for _, f := range [...]struct {
		key string
		n   int
	}{{"back", s.Back}, {"not_back", s.NotBack}, {"cut_turns", s.CutTurns}, {"remote_control_lost", s.LostRC}} {
		key(f.key)
		b = strconv.AppendInt(b, int64(f.n), 10)
	}
	key("evidence")
	b = AppendJSONString(b, s.Evidence)
	key("summary")
	b = AppendJSONString(b, RestartSummary(v))
	if !s.At.IsZero() {
		key("at")
		b = appendLoggedJSON(b, s.At)
	}
	if !s.RelaunchAt.IsZero() {
		key("relaunch_at")
		b = appendLoggedJSON(b, s.RelaunchAt)
	}
	return append(b, '}')
}

// appendRestartSessions appends the sessions as restartSessionJSON's
// list: null for none (a nil list), as encoding/json writes a nil slice.
func appendRestartSessions(b []byte, rs []governor.RestartSession) []byte {
	if rs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range rs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendRestartSession(b, &rs[i])
	}
	return append(b, ']')
}

// appendRestartSession appends one session as restartSessionJSON.
func appendRestartSession(b []byte, r *governor.RestartSession) []byte {
	b = append(b, `{"id":`...)
	b = AppendJSONString(b, r.ID)
	b = append(b, `,"name":`...)
	b = AppendJSONString(b, r.Name)
	b = append(b, `,"remote_control_before":`...)
	b = strconv.AppendBool(b, r.RemoteControlBefore)
	if r.TurnCut {
		b = append(b, `,"turn_cut":true`...)
	}
	if r.TurnS != 0 {
		b = append(b, `,"turn_s":`...)
		b = strconv.AppendInt(b, int64(r.TurnS), 10)
	}
	b = append(b, `,"back":`...)
	b = strconv.AppendBool(b, r.Back)
	if r.BackBy != "" {
		b = append(b, `,"back_by":`...)
		b = AppendJSONString(b, r.BackBy)
	}
	b = append(b, `,"remote_control_after":`...)
	b = strconv.AppendBool(b, r.RemoteControlAfter)
	if r.RemoteControlLost {
		b = append(b, `,"remote_control_lost":true`...)
	}
	if r.Evidence != "" {
		b = append(b, `,"evidence":`...)
		b = AppendJSONString(b, r.Evidence)
	}
	for _, t := range [...]struct {
		key string
		at  time.Time
	}{{`,"back_at":`, r.BackAt}, {`,"paused_at":`, r.PausedAt}, {`,"pause_due_at":`, r.PauseDueAt}} {
		if !t.at.IsZero() {
			b = appendLoggedJSON(append(b, t.key...), t.at)
		}
	}
	return append(b, '}')
}

// appendLoggedJSON appends t quoted as vocab.TimeRef writes it
// (vocab.FormatLogged: RFC 3339, digits and signs only, nothing to escape).
func appendLoggedJSON(b []byte, t time.Time) []byte {
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"')
}
