package words

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// The headline names what is about to stop sessions: at the cap the least
// recently active idle session (coworktop's estimate, said so) and, once an
// update waits to install, the update and the sessions its restart stops;
// nothing while there is room and no update.
func TestHeadline(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	for i := 0; i < 6; i++ {
		id := "local_" + string(rune('a'+i))
		s.Apply(hev(i, event.KindSessionStart, i+1, func(e *event.Event) { e.Session, e.Cwd = id, "/p/proj-"+id[6:] }))
	}
	s.Apply(hev(10, event.KindAcquire, 20, func(e *event.Event) { e.Cap, e.Effective = 8, 6 }))
	snap := s.Snapshot(sec(400))
	if got := Headline(&snap); got != "" {
		t.Fatalf("room for two more, no update: %q", got)
	}
	for i := 6; i < 8; i++ {
		id := "local_" + string(rune('a'+i))
		s.Apply(hev(30+i, event.KindSessionStart, 30+i, func(e *event.Event) { e.Session, e.Cwd = id, "/p/proj-"+id[6:] }))
	}
	snap = s.Snapshot(sec(400))
	if got := Headline(&snap); got != "proj-a paused next (est.)" {
		t.Fatalf("at the cap: %q (risks %+v)", got, snap.Risks)
	}
	snap.Update = &governor.UpdateView{Version: "2.2553.1", Sessions: []string{"local_a", "local_b"}}
	if got := Headline(&snap); got != "update 2.2553.1 installs when the app sits idle, stopping 2 live sessions · proj-a paused next (est.)" {
		t.Fatalf("with an update: %q", got)
	}
	snap.Update.Deferrals = 3
	if got := Headline(&snap); !strings.HasPrefix(got, "update 2.2553.1 installs when the app sits idle (put off 3× while Claude works)") {
		t.Fatalf("deferred: %q", got)
	}
	if Headline(nil) != "" {
		t.Fatal("no snapshot, no headline")
	}
}

// A session's name from its record is untrusted: the headline keeps none of
// its control bytes and stays within maxHeadline.
func TestHeadlineHostileName(t *testing.T) {
	snap := governor.Snapshot{Risks: []governor.Risk{{Kind: governor.RiskEvictNext, Session: "s1"}},
		Sessions: []governor.SessionView{{ID: "s1", Title: "\x1b]52;c;AAAA\x07evil\x1b[2J" + strings.Repeat("x", 500)}}}
	got := Headline(&snap)
	if strings.ContainsAny(got, "\x1b\x07") || len([]rune(got)) > maxHeadline+1 || !strings.Contains(got, "evil") {
		t.Fatalf("%q", got)
	}
}

// hev is an event of kind at second n of t0, from main.log's line.
func hev(n int, kind event.Kind, line int, f func(*event.Event)) event.Event {
	e := event.Event{Time: sec(n), File: "main.log", Line: line, Kind: kind}
	if f != nil {
		f(&e)
	}
	return e
}
