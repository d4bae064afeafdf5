package words

import (
	"strings"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// LogText is an event-log line in words: the event described (Describe),
// its session named as every list names it (its title or folder; the id
// stays in the line's event for the details), and an idle pause that came
// because an update restart left Remote Control off says so.
func LogText(l governor.LogLine) string {
	text := Describe(l.Event)
	if l.Name != "" {
		text = DescribeWithName(text, l.Event.Session, l.Name)
	}
	if !l.RCLostAt.IsZero() {
		text += ": Remote Control was not turned back on after the " + l.RCLostAt.Format("15:04") + " update"
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
