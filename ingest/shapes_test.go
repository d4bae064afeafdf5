package ingest

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
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
			if !strings.HasPrefix(h, "[CCD") && !slices.Contains(heads, h) {
				t.Errorf("head %q is not in the head table", h)
			}
		}
	}
}

// The continuation rule comes from the table: contFirst holds the first
// byte of every cont shape's heads and no other, and an entry keeps its
// continuation lines exactly when its shape says so, by the fast path of
// an [info] line of the last minute (openPlain's) and by the slow one.
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
	var evs []governor.Event
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
	if len(evs) != 1 || evs[0].Kind != governor.KindAppStart || evs[0].Detail == nil || evs[0].Detail.Version != "2.9939.4" {
		t.Fatalf("got %+v", evs)
	}
}
