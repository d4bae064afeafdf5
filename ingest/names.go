package ingest

import (
	"encoding/binary"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// names interns the short strings that events repeat endlessly: session
// ids, reasons, lifecycle tags, working folders. A gigabyte of log names a
// few hundred distinct ones a million times; without this every event
// allocated its own copies and the garbage collector showed in report's
// profile. One table per assembler (no shared state), bounded: it starts
// over when full, so a hostile log of unique ids costs what it did before.
// It also makes the events' free texts (text), as the reader wants them.
type names struct {
	m map[string]string
	// ids holds recent session ids by a hash of their first idKeyLen
	// bytes (sessionID); each is also what get returns for its bytes.
	ids [64]string
	// recent holds the last name got of each recentSlot (get): plain ASCII,
	// its own sanitised form.
	recent [64]string
	// summary: the reader keeps no event log (ReadSummary), so text
	// leaves out what only the log shows.
	summary bool
}

// idKeyLen is how much of an id picks its slot in names.ids: a local_<uuid>
// id differs from the next one within it.
const idKeyLen = 16

// idSlot picks the names.ids slot of an id from its first idKeyLen bytes.
func idSlot(b []byte) int {
	k := binary.LittleEndian.Uint64(b[0:8]) ^ binary.LittleEndian.Uint64(b[8:16])*0x9E3779B97F4A7C15
	return int((k * 0x9E3779B97F4A7C15) >> 58)
}

// maxNames bounds a table: an ordinary month names a few hundred. A month
// with a new session every 50 entries filled four tables of 4096 ids that
// came back only within a block or two, 1.3 MB of the heap the collector
// paces by; at 1024 a table is a quarter of that (issue 49).
const maxNames = 1024

func newNames() *names { return &names{m: make(map[string]string, 64)} }

// get returns Sanitize(b, max), reusing an earlier result for the same
// bytes. Only plain ASCII that needs no cut is kept (nearly every name is):
// for it the result is the bytes themselves whatever max is, so a hit is
// right for any caller. A nil table sanitises afresh.
func (n *names) get(b []byte, max int) string {
	if n == nil || len(b) > max {
		return vocab.Sanitize(b, max)
	}
	if len(b) == 0 {
		return ""
	}
	// The same few reasons, levels and triggers come back line after
	// line: one compare with the last name of their slot spares the hashed
	// map lookup.
	slot := &n.recent[recentSlot(b)]
	if s := *slot; len(s) == len(b) && s == string(b) {
		return s
	}
	s, ok := n.m[string(b)] // no allocation: the compiler spots the lookup
	if !ok {
		if !vocab.IsPlainASCII(b) {
			return vocab.Sanitize(b, max)
		}
		if len(n.m) >= maxNames {
			clear(n.m)
		}
		s = string(b)
		n.m[s] = s
	}
	*slot = s
	return s
}

// text is an event's free text: Sanitize(b, MaxTextRunes), or "" for a
// summary reader when only the event log shows kind's text
// (event.Kind.LogOnlyText). A nil table keeps every text.
func (n *names) text(kind event.Kind, b []byte) string {
	if n != nil && n.summary && kind.LogOnlyText() {
		return ""
	}
	return vocab.Sanitize(b, vocab.MaxTextRunes)
}

// recentSlot picks the names.recent slot of a name from its length and
// its first and last bytes.
func recentSlot(b []byte) int {
	return (len(b)*0x9E + int(b[0])*0x3B + int(b[len(b)-1])) & (len(names{}.recent) - 1)
}
