package governor

import "github.com/coworktop/coworktop/event"

// NameOf is how every output names a session it lists by id: its title
// (from its record), else its folder's name, else "" (the caller shows
// the short id).
func (s *State) NameOf(id string) string {
	if t := s.RecordTitle(id); t != "" {
		return t
	}
	if sess, ok := s.sessions[id]; ok && sess.cwd != "" {
		return ProjectName(sess.cwd)
	}
	return ""
}

// logLine is e as the event log shows it: with its session's name, and
// the update restart that left its Remote Control off when e is the idle
// pause that followed.
func (s *State) logLine(e *event.Event) LogLine {
	l := LogLine{Event: *e}
	if e.Session == "" {
		return l
	}
	l.Name = s.NameOf(e.Session)
	if (e.Kind == event.KindPause && e.Reason == event.ReasonIdleTimeout) || e.Kind == event.KindIdleTimeout {
		if sess, ok := s.sessions[e.Session]; ok {
			l.RCLostAt = rcLostAt(sess, e.Time)
		}
	}
	return l
}
