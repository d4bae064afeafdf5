package ingest

import "github.com/coworktop/coworktop/governor"

// names interns the short strings that events repeat endlessly: session
// ids, reasons, lifecycle tags, working folders. A gigabyte of log names a
// few hundred distinct ones a million times; without this every event
// allocated its own copies and the garbage collector showed in report's
// profile. One table per assembler (no shared state), bounded: it starts
// over when full, so a hostile log of unique ids costs what it did before.
type names struct{ m map[string]string }

const maxNames = 4096

func newNames() *names { return &names{m: make(map[string]string, 64)} }

// get returns Sanitize(b, max), reusing an earlier result for the same
// bytes. Only plain ASCII that needs no cut is kept (nearly every name is):
// for it the result is the bytes themselves whatever max is, so a hit is
// right for any caller. A nil table sanitises afresh.
func (n *names) get(b []byte, max int) string {
	if n == nil || len(b) > max {
		return governor.Sanitize(b, max)
	}
	if s, ok := n.m[string(b)]; ok { // no allocation: the compiler spots the lookup
		return s
	}
	if !governor.IsPlainASCII(b) {
		return governor.Sanitize(b, max)
	}
	if len(n.m) >= maxNames {
		clear(n.m)
	}
	s := string(b)
	n.m[s] = s
	return s
}
