package ui

import (
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// nextMemo is the NEXT cells worded of the snapshot shown, by the risk
// they word: the column is sized over every listed session, tested for
// and drawn, and a live session's risk was worded three times a frame
// (issue 52 item 7).
type nextMemo struct {
	of    *governor.SessionView // the snapshot's first session, as sortCache
	n     int
	texts map[*governor.Risk]string
}

// nextText is words.NextText(n) for a session of the snapshot shown.
func (m *Model) nextText(n governor.Next) string {
	if n.Risk == nil {
		return words.NextText(n) // no risk: nothing worded, or a countdown
	}
	ss, c := m.snap.Sessions, &m.nextWords
	if len(ss) == 0 || c.of != &ss[0] || c.n != len(ss) || c.texts == nil {
		c.texts = map[*governor.Risk]string{}
		if len(ss) > 0 {
			c.of, c.n = &ss[0], len(ss)
		}
	}
	t, ok := c.texts[n.Risk]
	if !ok {
		t = words.NextText(n)
		c.texts[n.Risk] = t
	}
	return t
}
