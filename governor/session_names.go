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
		return projectName(sess.cwd)
	}
	return ""
}

// NamedID is "name (shortid)", or the short id alone when no name is
// known: how a list names a session, the full id in its details.
func NamedID(name, id string) string {
	short := vocab.ShortID(id)
	if name == "" || name == short {
		return short
	}
	return name + " (" + short + ")"
}

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

// Namer names the sessions of an event stream as every other output does,
// by the folder a "Starting local session … in CWD" line gave it, for
// `events`, which keeps no State. Bounded: it forgets all past maxNamed.
type Namer struct{ names map[string]string }

const maxNamed = 4096

// Name learns from e and returns the name of e's session ("" when none
// is known).
func (n *Namer) Name(e *Event) string {
	if e.Session == "" {
		return ""
	}
	if e.Kind == KindSessionStart && e.Cwd != "" {
		if n.names == nil || len(n.names) >= maxNamed {
			n.names = map[string]string{}
		}
		n.names[e.Session] = projectName(e.Cwd)
	}
	return n.names[e.Session]
}
