package ingest

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// Every example of every shape: the dispatch (parseText) reaches the
// shape's parser, which gives events of the shape's kinds; every head has
// an example.
func TestDispatchFollowsTheShapeTable(t *testing.T) {
	for _, s := range shapes {
		for _, h := range s.heads {
			if !slices.ContainsFunc(s.examples, func(ex string) bool { return strings.HasPrefix(ex, h) }) {
				t.Errorf("head %q: no example starts with it", h)
			}
		}
		for _, ex := range s.examples {
			viaTable := s.parse(&entry{names: newNames()}, []byte(ex), nil)
			viaDispatch := parseText(&entry{names: newNames()}, []byte(ex), nil)
			if len(viaTable) == 0 {
				t.Errorf("%q: its shape's parser gives no event", ex)
			}
			if !reflect.DeepEqual(viaTable, viaDispatch) {
				t.Errorf("%q: the dispatch gives %+v, its shape's parser %+v", ex, viaDispatch, viaTable)
			}
			for _, ev := range viaTable {
				if !s.wraps && !slices.Contains(s.kinds, ev.Kind) {
					t.Errorf("%q gives %s, not among its shape's kinds %v", ex, ev.Kind, s.kinds)
				}
			}
		}
	}
}

// The head table (mayBeEvent, headSays) lets every example through, and
// holds the first four bytes of every head ("[CCD" aside, ccdMayBeEvent's).
func TestHeadTableFollowsTheShapeTable(t *testing.T) {
	for _, s := range shapes {
		for _, ex := range s.examples {
			if !mayBeEvent([]byte(ex)) {
				t.Errorf("%q: mayBeEvent turns it away", ex)
			}
			if may, sure := headSays([]byte(ex)); sure && !may {
				t.Errorf("%q: headSays turns it away", ex)
			}
		}
		for _, h := range s.heads {
			if !strings.HasPrefix(h, "[CCD") && !slices.Contains(heads(), h) {
				t.Errorf("head %q is not in the head table", h)
			}
		}
	}
}

// The continuation rule comes from the table: contFirst holds the first
// byte of every cont shape's heads and no other, and an entry keeps its
// continuation lines exactly when its shape says so, by the fast path of
// a line of the last minute (openPlain's) and by the slow one.
func TestContinuationFollowsTheShapeTable(t *testing.T) {
	want := [256]bool{}
	for _, s := range shapes {
		for _, h := range s.heads {
			if s.cont {
				want[h[0]] = true
			}
		}
	}
	if want != contFirst {
		t.Errorf("contFirst is not the cont shapes' first bytes")
	}
	for _, s := range shapes {
		for _, ex := range s.examples {
			if got := wantsContinuation([]byte(ex)); got != s.cont {
				t.Errorf("%q: wantsContinuation %v, its shape's cont %v", ex, got, s.cont)
			}
			for _, level := range []string{"info", "warn"} {
				for _, signal := range []bool{false, true} {
					a := newAssembler("main.log", time.UTC, func(*entry) {})
					a.FeedLine([]byte("2026-09-30 10:00:00 [info] the minute's first line"), false)
					a.FeedLine([]byte("2026-09-30 10:00:01 ["+level+"] "+ex), signal)
					if a.keepCont != s.cont || (s.cont && a.lazy) {
						t.Errorf("[%s] %q (signal %v): keeps continuation lines %v (lazy %v), its shape's cont %v", level, ex, signal, a.keepCont, a.lazy, s.cont)
					}
				}
			}
		}
	}
}

// A cont shape's continuation lines reach its parser through the whole
// assembly, as "Starting app {" spread over lines gives the app's version.
func TestContShapesReadTheirContinuation(t *testing.T) {
	var evs []event.Event
	a := newAssembler("main.log", time.UTC, func(e *entry) { evs = parse(e, evs) })
	for _, l := range []string{
		"2026-09-30 10:00:00 [info] the minute's first line",
		"2026-09-30 10:00:01 [info] Starting app {",
		"  appVersion: '2.9939.4',",
		"}",
	} {
		a.Feed([]byte(l))
	}
	a.Flush()
	if len(evs) != 1 || evs[0].Kind != event.KindAppStart || evs[0].Detail == nil || evs[0].Detail.Version != "2.9939.4" {
		t.Fatalf("got %+v", evs)
	}
}

// routesReached is the shape parseText reaches for each body given, -1 for
// none: the dispatch is rebuilt from the shape table with every parser
// saying which shape it is, so the lookup tried is parseText's own.
func routesReached(t *testing.T, bodies []string) []int {
	t.Helper()
	marked := slices.Clone(shapes)
	for i := range marked {
		marked[i].parse = func(_ *entry, _ []byte, out []event.Event) []event.Event {
			return append(out, event.Event{Count: i})
		}
	}
	kept := routes
	routes = newRouteTable(marked)
	defer func() { routes = kept }()
	got := make([]int, len(bodies))
	for j, b := range bodies {
		got[j] = -1
		if evs := parseText(&entry{names: newNames()}, []byte(b), nil); len(evs) > 0 {
			got[j] = evs[0].Count
		}
	}
	return got
}

// Every head of the shape table is reached by the dispatch, for a short
// body, a long one and one after spaces; a body that differs from it in
// any byte, or stops short of it, is not read by its shape; and no head is
// listed twice or shadowed by an earlier one that it starts with (the
// first head a body starts with wins, in table order).
func TestEveryHeadIsReachable(t *testing.T) {
	type seen struct {
		head  string
		shape int
	}
	var earlier []seen
	for i, s := range shapes {
		if s.parse == nil {
			t.Errorf("shape %d (heads %q) has no parser", i, s.heads)
		}
		for _, h := range s.heads {
			if len(h) < minHead || len(h) > maxHead || h[0] == ' ' {
				t.Errorf("shape %d: head %q must be %d to %d bytes long and start with no space (parseText skips spaces)", i, h, minHead, maxHead)
				continue
			}
			for _, e := range earlier {
				switch {
				case e.head == h:
					t.Errorf("head %q is listed twice: shapes %d and %d (one head, one shape)", h, e.shape, i)
				case strings.HasPrefix(h, e.head):
					t.Errorf("head %q (shape %d) is shadowed by the earlier head %q (shape %d), which it starts with: list it before", h, i, e.head, e.shape)
				}
			}
			earlier = append(earlier, seen{h, i})
			pad := strings.Repeat("x", maxHead)
			bodies := []string{h, h + pad, "  " + h, "  " + h + pad}
			for j, got := range routesReached(t, bodies) {
				if got != i {
					t.Errorf("head %q of shape %d: the dispatch reaches shape %d for %q", h, i, got, bodies[j])
				}
			}
			var miss []string
			for k := range len(h) {
				b := []byte(h + pad)
				b[k] ^= 0x20
				if b[k] == ' ' {
					b[k] = '~'
				}
				miss = append(miss, string(b))
			}
			miss = append(miss, h[:len(h)-1])
			for j, got := range routesReached(t, miss) {
				if got == i {
					t.Errorf("head %q of shape %d: the dispatch reaches it for %q", h, i, miss[j])
				}
			}
		}
		examples := routesReached(t, s.examples)
		for j, got := range examples {
			if got != i {
				t.Errorf("example %q of shape %d: the dispatch reaches shape %d", s.examples[j], i, got)
			}
		}
	}
}

// A wrapping tag followed by a body too short for any head is no event
// (the switch this dispatch replaced read past the end of "s").
func TestShortWrappedBodies(t *testing.T) {
	for _, body := range []string{"[WarmLifecycle:session] s", "[IdleManager:session] s", "[CCD] s", "[CCD]  s", "s", "  s", "[", "[V"} {
		evs := parseLines(t, "main.log", "2026-09-30 10:00:00 [info] "+body)
		if len(evs) != 0 {
			t.Errorf("%q: %+v", body, evs)
		}
	}
}

// TestSlotHintServes: slotHint keeps both dispatch tables' keys apart, so
// building them tries one multiplier. When a new shape's head breaks it,
// the message gives the first multiplier that serves both.
func TestSlotHintServes(t *testing.T) {
	rt, ht := newRouteTable(shapes), newHeadTable(heads())
	if rt.mul == slotHint && ht.mul == slotHint {
		return
	}
	var keys []uint32
	for _, k := range rt.key {
		if k != 0 {
			keys = append(keys, k)
		}
	}
	for _, k := range ht.slot {
		if k != 0 {
			keys = append(keys, k)
		}
	}
	mul := uint32(0x9E3779B1)
	for !apart(slices.Compact(slices.Sorted(slices.Values(keys))), mul) {
		mul += 2
	}
	t.Fatalf("slotHint %#x no longer keeps the heads apart (route table %#x, head table %#x): set it to %#x", slotHint, rt.mul, ht.mul, mul)
}
