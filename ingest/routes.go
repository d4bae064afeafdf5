package ingest

import (
	"encoding/binary"
	"sync"

	"github.com/coworktop/coworktop/event"
)

// route is one head of a shape and the parser it leads to.
type route struct {
	// word and mask are the head as four words, padded with zeros: a body
	// of maxHead bytes or more starts with the head when its first four
	// words, masked, equal them.
	word, mask [maxHead / 8]uint64
	parse      bodyParser
	head       string
}

// maxHead is the longest head a route compares.
const maxHead = 32

// newRoute is head's route to parse.
func newRoute(head string, parse bodyParser) route {
	r := route{parse: parse, head: head}
	var h, m [maxHead]byte
	copy(h[:], head)
	for j := range head {
		m[j] = 0xff
	}
	for w := range r.word {
		r.word[w] = binary.LittleEndian.Uint64(h[8*w:])
		r.mask[w] = binary.LittleEndian.Uint64(m[8*w:])
	}
	return r
}

// starts says whether b starts with the route's head.
func (r *route) starts(b []byte) bool {
	return len(b) >= len(r.head) && string(b[:len(r.head)]) == r.head
}

// routeTable is parseText's dispatch, built from shapes: a body's first four
// bytes pick a slot (one multiply, one compare, as the head table's), and the
// slot's routes, the heads that start with those four bytes in table order,
// are compared in turn; the first head the body starts with wins.
type routeTable struct {
	mul    uint32
	key    [256]uint32   // the first four bytes of the slot's heads (0: none)
	span   [256][2]uint8 // the slot's routes are routes[span[0]:span[1]]
	routes []route
}

// routes is read-only once loadTables has made it (the parsers that wrap
// other shapes call parseText, so a variable's initializer could not read
// shapes).
var routes routeTable

// loadTables makes the dispatch's tables (routes, eventHeads, contFirst,
// contHeads) once, at the first assembler: as package initialisers every
// run of the program paid for them, the status line's and --version's too
// (about 7 % of a bare start's instructions). Every line reaches the
// parsers through an assembler (newAssembler), which calls it; the tables
// are only read after.
var loadTables = sync.OnceFunc(func() {
	routes = newRouteTable(shapes)
	eventHeads = newHeadTable(heads())
	contFirst, contHeads = contTables()
})

// minHead is the shortest head the dispatch can look up: its slot is picked
// by four bytes.
const minHead = 4

// newRouteTable groups the shapes' heads by their first four bytes and finds
// a multiplier under which the groups fall in distinct slots. A head shorter
// than minHead or longer than maxHead is left out (TestEveryHeadIsReachable
// says which).
func newRouteTable(ss []shape) routeTable {
	var (
		order []uint32               // first four bytes, as first seen
		group = map[uint32][]route{} // their routes, in table order
	)
	for _, s := range ss {
		for _, h := range s.heads {
			if len(h) < minHead || len(h) > maxHead {
				continue
			}
			k := binary.LittleEndian.Uint32([]byte(h))
			if _, ok := group[k]; !ok {
				order = append(order, k)
			}
			group[k] = append(group[k], newRoute(h, s.parse))
		}
	}
	t := routeTable{mul: slotsFor(order)}
	for _, k := range order {
		i := (k * t.mul) >> 24
		t.key[i] = k
		t.span[i] = [2]uint8{uint8(len(t.routes)), uint8(len(t.routes) + len(group[k]))}
		t.routes = append(t.routes, group[k]...)
	}
	if len(t.routes) > 255 {
		panic("ingest: more than 255 heads: widen routeTable.span")
	}
	return t
}

// slotsFor finds an odd multiplier under which the distinct keys fall in
// distinct slots of 256: slotHint when it serves, else the first that
// does from 0x9E3779B1 up. The head table (dispatch.go) and the route
// table use it.
func slotsFor(keys []uint32) uint32 {
	if apart(keys, slotHint) {
		return slotHint
	}
	for mul := uint32(0x9E3779B1); ; mul += 2 {
		if apart(keys, mul) {
			return mul
		}
	}
}

// slotHint is the multiplier the search finds for today's shapes, for
// both tables. The search tried 722 multipliers for 54 keys, 0.37 M
// instructions at every report's first block (issue 49); with the hint it
// tries one. A new shape may need another: TestSlotHintServes then says
// which (the search still finds one without it).
const slotHint uint32 = 0x9e377f53

// apart says whether mul puts every key in a slot of its own.
func apart(keys []uint32, mul uint32) bool {
	var used [256 / 64]uint64
	for _, k := range keys {
		i := (k * mul) >> 24
		if used[i/64]&(1<<(i%64)) != 0 {
			return false
		}
		used[i/64] |= 1 << (i % 64)
	}
	return true
}

// lookup is the route of the first head, in table order, that b starts
// with, or nil.
func (t *routeTable) lookup(b []byte) *route {
	if len(b) < minHead {
		return nil
	}
	k := binary.LittleEndian.Uint32(b)
	i := (k * t.mul) >> 24
	if t.key[i] != k {
		return nil
	}
	for j := t.span[i][0]; j < t.span[i][1]; j++ {
		if r := &t.routes[j]; r.starts(b) {
			return r
		}
	}
	return nil
}

// parseText reads a body, or what follows a tag that wraps other shapes:
// every untagged shape is also read after "[CCD] ", "[WarmLifecycle:…] " and
// "[IdleManager:…] ", since the app added and renamed those tags over the
// versions (claude-logs.md §7.1). The shape whose head the body starts with
// reads it (routes); a body that starts with no head is no event.
//
// It is routes.lookup, written out for the commonest body, one of maxHead
// bytes or more that starts with no space: its first four words, masked,
// are compared with each route's, and a call is saved.
func parseText(e *entry, b []byte, out []event.Event) []event.Event {
	if len(b) < maxHead || b[0] == ' ' {
		return parseOther(e, b, out)
	}
	c := (*[maxHead]byte)(b)
	le := binary.LittleEndian
	w0 := le.Uint64(c[0:])
	k := uint32(w0)
	t := &routes
	i := (k * t.mul) >> 24
	if t.key[i] != k {
		return out
	}
	w1, w2, w3 := le.Uint64(c[8:]), le.Uint64(c[16:]), le.Uint64(c[24:])
	for j := t.span[i][0]; j < t.span[i][1]; j++ {
		r := &t.routes[j]
		if (w0^r.word[0])&r.mask[0]|(w1^r.word[1])&r.mask[1]|(w2^r.word[2])&r.mask[2]|(w3^r.word[3])&r.mask[3] == 0 {
			return r.parse(e, b, out)
		}
	}
	return out
}

// parseOther is parseText for a short body, or one that starts with spaces
// ("[info]  [WarmLifecycle…": runs of spaces vary).
func parseOther(e *entry, b []byte, out []event.Event) []event.Event {
	if b = trimSpaces(b); len(b) >= maxHead {
		return parseText(e, b, out)
	}
	if r := routes.lookup(b); r != nil {
		return r.parse(e, b, out)
	}
	return out
}
