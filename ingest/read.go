package ingest

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// Stats says what reading one log produced.
type Stats struct {
	Lines    int // lines read
	CutLines int // lines longer than vocab.MaxLineBytes, delivered cut
	Orphans  int // lines before the first timestamp
	Entries  int // timestamped entries
	// BadStamps counts lines shaped as an entry start whose stamp is no
	// real date (they and their continuation lines give no events).
	BadStamps int
	// First and Last are the times of the first and the last entry whose
	// stamp is a real date (zero when none): every stamped line counts
	// toward a log's span, whether it says anything or not.
	First, Last time.Time
}

// ReadEach parses a whole saved log from r and calls fn with each event, in
// file order, from the calling goroutine. name is the file's base name (it
// picks the parser family: main.log, the VM logs, mcp.log) and loc the zone
// of its local timestamps.
//
// Large inputs are cut into blocks at entry boundaries and parsed on every
// core, then delivered in order (see parseBlocks): this is what keeps
// `report` on a gigabyte of log near grep's speed.
//
// Each event is handed by pointer, valid only during the call: a copy per
// event showed in report's profile (an Event is 176 bytes).
func ReadEach(r io.Reader, name string, loc *time.Location, fn func(*event.Event)) (Stats, error) {
	return readLog(r, name, loc, textsAll, fn)
}

// ReadSummary is ReadEach for a reader that keeps no event log (report):
// the events whose text only the log shows (event.Kind.LogOnlyText)
// come without it. Those texts are most of a month's free text, each its
// own string; every other field is as ReadEach gives it.
func ReadSummary(r io.Reader, name string, loc *time.Location, fn func(*event.Event)) (Stats, error) {
	return readLog(r, name, loc, textsSummary, fn)
}

// texts says which free texts a reader fills in.
type texts uint8

const (
	textsAll     texts = iota // every event's (ReadEach)
	textsSummary              // all but those only the event log shows (ReadSummary)
)

func readLog(r io.Reader, name string, loc *time.Location, tx texts, fn func(*event.Event)) (Stats, error) {
	var (
		st   Stats
		quit quitFold
		// prev is the last time delivered: each block is read by an
		// assembler of its own, and what it read as the first occurrence
		// of a repeated hour may, after the block before, be the second
		// (vocab.InOrder).
		prev time.Time
	)
	err := parseBlocks(r, name, loc, runtime.GOMAXPROCS(0), tx, func(b *blockResult) {
		if !b.first.IsZero() {
			b.first = vocab.InOrder(prev, b.first)
			prev = b.first
		}
		st.Lines += b.lines
		st.CutLines += b.cut
		st.Orphans += b.orphans
		st.Entries += b.entries
		st.BadStamps += b.badStamps
		if !b.first.IsZero() && (st.First.IsZero() || b.first.Before(st.First)) {
			st.First = b.first
		}
		for i := range b.events { // by index: a range copy of each event showed in the profile
			ev := b.event(i)
			if !ev.Time.IsZero() {
				ev.Time = vocab.InOrder(prev, ev.Time)
				prev = ev.Time
			}
			if quit.Keep(ev) {
				fn(ev)
			}
		}
		if !b.last.IsZero() {
			b.last = vocab.InOrder(prev, b.last)
			prev = b.last
		}
		if b.last.After(st.Last) {
			st.Last = b.last
		}
	})
	if err != nil {
		return st, fmt.Errorf("parsing %s: %w", name, err)
	}
	return st, nil
}
