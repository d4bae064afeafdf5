package words

import (
	"fmt"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// How outputs name sessions and say the counts.

// NamedID is "name (shortid)", or the short id alone when no name is
// known: how a list names a session, the full id in its details.
func NamedID(name, id string) string {
	short := vocab.ShortID(id)
	if name == "" || name == short {
		return short
	}
	return name + " (" + short + ")"
}

// Namer names the sessions of an event stream as every other output does,
// by the folder a "Starting local session … in CWD" line gave it, for
// `events`, which keeps no State. Bounded: it forgets all past maxNamed.
type Namer struct{ names map[string]string }

const maxNamed = 4096

// Name learns from e and returns the name of e's session ("" when none
// is known).
func (n *Namer) Name(e *event.Event) string {
	if e.Session == "" {
		return ""
	}
	if e.Kind == event.KindSessionStart && e.Cwd != "" {
		if n.names == nil || len(n.names) >= maxNamed {
			n.names = map[string]string{}
		}
		n.names[e.Session] = governor.ProjectName(e.Cwd)
	}
	return n.names[e.Session]
}

// OutcomeWhat names an outcome in a list of governor actions.
func OutcomeWhat(o governor.Outcome) string {
	switch {
	case o.Eviction:
		return "EVICTED"
	case o.Kind == event.KindAtCap:
		return "would evict"
	case o.Kind == event.KindYield:
		return "yield"
	case o.Kind == event.KindPressure:
		return "pressure"
	case o.Kind == event.KindIdleTimeout:
		return "idle timeout"
	}
	return o.Kind.String()
}

// EffectiveText is the governor's last logged count with its age:
// "governor 9 effective, 12s ago", or that none was logged.
func EffectiveText(e governor.EffectiveView) string {
	if e.Source != vocab.SourceLogged {
		return "the governor has not logged its count yet"
	}
	return fmt.Sprintf("governor %d effective, %s ago", e.Value, vocab.FormatDuration(e.Age))
}

// SessionsText is the whole session count in one line, as snapshot prints
// it: "8 live / cap 8 (logged) · governor 9 effective, 12s ago".
func SessionsText(s governor.Snapshot) string {
	capText := CapText(s.Cap)
	if s.Cap.Source == vocab.SourceLogged && !s.Cap.At.IsZero() {
		capText = fmt.Sprintf("%d (logged %s ago)", s.Cap.Value, vocab.FormatDuration(s.Cap.Age))
	}
	eff := EffectiveText(s.Effective)
	if s.Stale {
		eff = "no governor count: the log is silent"
	}
	return fmt.Sprintf("%d live / cap %s · %s", s.Live, capText, eff)
}
