package cmd

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/coworktop/coworktop/claudemod"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// modWarningEvery is how often a long-running mode words its headline for
// coworktop's mod (the mod looks every 5 s).
const modWarningEvery = 2 * time.Second

// modWarning keeps the mod's warning file current from a long-running
// mode's snapshots (claudemod.WarningWriter: only while the mod is
// installed, on a change or every 20 s); safe for concurrent use.
type modWarning struct {
	mu   sync.Mutex
	w    claudemod.WarningWriter
	last time.Time
}

func newModWarning(by string, stderr io.Writer) *modWarning {
	return &modWarning{w: claudemod.WarningWriter{Paths: modPaths(), By: by, Err: func(err error) {
		fmt.Fprintf(stderr, "coworktop: %s\n", oneLine(err.Error()))
	}}}
}

// due says whether a snapshot taken now would be worded: the mod is
// installed and modWarningEvery has passed.
func (m *modWarning) due(now time.Time) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return (m.last.IsZero() || now.Sub(m.last) >= modWarningEvery || now.Before(m.last)) && m.w.Wanted(now)
}

// observe words the snapshot's headline when it is due.
func (m *modWarning) observe(snap governor.Snapshot) {
	if !m.due(snap.Now) {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.last = snap.Now
	m.w.Note(words.Headline(&snap), snap.Now)
}

// bothObservers calls a then b (either may be nil).
func bothObservers(a, b func(governor.Snapshot)) func(governor.Snapshot) {
	if a == nil {
		return b
	}
	return func(s governor.Snapshot) { a(s); b(s) }
}
