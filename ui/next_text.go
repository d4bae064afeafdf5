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
	of    listKey[governor.SessionView] // the snapshot's sessions, as sortCache
	texts map[*governor.Risk]string
}

// nextText is words.NextText(n) for a session of the snapshot shown.
func (m *Model) nextText(n governor.Next) string {
	if n.Risk == nil {
		return words.NextText(n) // no risk: nothing worded, or a countdown
	}
	c := &m.nextWords
	if k := keyOf(m.snap.Sessions); c.of != k || c.texts == nil {
		c.of, c.texts = k, map[*governor.Risk]string{}
	}
	t, ok := c.texts[n.Risk]
	if !ok {
		t = words.NextText(n)
		c.texts[n.Risk] = t
	}
	return t
}
