package governor

import (
	"strings"

	"github.com/coworktop/coworktop/vocab"
)

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

// describeNamed is Describe with the session named as every list names
// it (its title or folder; the id stays in LogLine.Session for the
// details), and an idle pause that came because an update restart left
// Remote Control off says so.
func (s *State) describeNamed(e *Event) string {
	text := Describe(*e)
	if e.Session == "" {
		return text
	}
	if name := s.NameOf(e.Session); name != "" {
		text = DescribeWithName(text, e.Session, name)
	}
	if (e.Kind == KindPause && e.Reason == ReasonIdleTimeout) || e.Kind == KindIdleTimeout {
		if sess, ok := s.sessions[e.Session]; ok {
			if why := rcLostWhy(sess, e.Time); why != "" {
				text += ": " + why
			}
		}
	}
	return text
}

// DescribeWithName puts name where a described event shows the session's
// short id.
func DescribeWithName(text, id, name string) string {
	short := vocab.ShortID(id)
	if i := strings.Index(text, short); i >= 0 {
		return text[:i] + name + text[i+len(short):]
	}
	return text
}
