package ingest

import (
	"fmt"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the zones below on any machine

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// The hour that repeats when clocks go back, read in order: a stretch of
// main.log across each zone's 2026 fall-back (Lord Howe's goes back half
// an hour), through the live stream and the block reader, gives events in
// order and the session's idle time as it was.

// fallBackIn is the zone's fall-back on the day of day (its instant) and
// how far the clocks go back, found from the zone itself.
func fallBackIn(t *testing.T, zone string, day time.Time) (*time.Location, time.Time, time.Duration) {
	t.Helper()
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	noon := time.Date(day.Year(), day.Month(), day.Day(), 12, 0, 0, 0, loc)
	start, _ := noon.ZoneBounds()
	_, before := start.Add(-time.Second).Zone()
	_, after := start.Zone()
	if before <= after || start.In(loc).Day() != day.Day() {
		t.Fatalf("%s: no fall-back on %s", zone, day.Format(time.DateOnly))
	}
	return loc, start, time.Duration(before-after) * time.Second
}

// fallBackLog is main.log across the change (clocks go back by shift): a
// session starts, a turn ends before the change, the app's lines go on
// through it (three a second, so the block reader cuts inside the
// repeated hour), and a turn ends after it, at last.
func fallBackLog(loc *time.Location, shift time.Duration, change time.Time) (text string, last time.Time) {
	const id = "local_0b7c1111-aaaa-4aaa-8aaa-000000000001"
	var b strings.Builder
	line := func(at time.Time, body string) {
		fmt.Fprintf(&b, "%s [info] %s\n", at.In(loc).Format(time.DateTime), body)
	}
	start := change.Add(-shift - 10*time.Minute)
	line(start, "Starting local session "+id+" in /Users/jane/projects/alpha")
	line(start.Add(2*time.Second), "[WarmLifecycle:session] Starting idle timeout for "+id+": 900s")
	turn := change.Add(-shift / 2)
	line(turn, "[Stop hook] Query completed for session "+id)
	line(turn.Add(time.Second), "[CCD CycleHealth] healthy cycle for "+id+" (41s, hadFirstResponse=true)")
	line(turn.Add(time.Second), "[WarmLifecycle:session] Starting idle timeout for "+id+": 900s")
	last = change.Add(shift/2 - 2*time.Minute)
	for at := turn.Add(2 * time.Second); at.Before(last); at = at.Add(time.Second) {
		line(at, "[WarmLifecycle:preview] Initialized (arm=when-hidden)")
		line(at, "[WarmLifecycle:session] Initialized (arm=when-hidden)")
		if at.Second()%20 == 0 {
			line(at, "[process-memory] trigger=interval tree_rss_sum=1554MB tree_footprint_sum=893MB electron(4)=934MB children(12)=620MB top=[electron_main:32288:393MB electron_renderer:34508:296MB child:26508:185MB electron_renderer:35128:84MB electron_gpu:33960:60MB] sys_free=9021MB/32768MB sys_free_raw=9021MB")
		} else {
			line(at, "[CCD] LocalSessions.setFocusedSession: sessionId=null")
		}
	}
	line(last, "[Stop hook] Query completed for session "+id)
	line(last.Add(time.Second), "[CCD CycleHealth] healthy cycle for "+id+" (12s, hadFirstResponse=true)")
	return b.String(), last
}

var fallBackDays = []struct {
	zone string
	day  time.Time
}{
	{"America/New_York", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)},
	{"Europe/London", time.Date(2026, 10, 25, 0, 0, 0, 0, time.UTC)},
	{"Australia/Sydney", time.Date(2026, 4, 5, 0, 0, 0, 0, time.UTC)},
	{"Australia/Lord_Howe", time.Date(2026, 4, 5, 0, 0, 0, 0, time.UTC)},
}

func TestFallBackReadInOrder(t *testing.T) {
	for _, fb := range fallBackDays {
		t.Run(fb.zone, func(t *testing.T) {
			loc, change, shift := fallBackIn(t, fb.zone, fb.day)
			text, last := fallBackLog(loc, shift, change)
			if at := strings.Index(text, change.In(loc).Format(time.DateTime)); at < 0 || (at/blockSize+1)*blockSize > len(text)-blockSize/8 {
				t.Fatalf("the clocks go back at byte %d of %d: the block reader must cut after it", at, len(text))
			}
			lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			// The live stream, in runs of 500 lines.
			st := NewStream(loc)
			var live []event.Event
			for i := 0; i < len(lines); i += 500 {
				run := Lines{File: "/logs/main.log"}
				for _, l := range lines[i:min(i+500, len(lines))] {
					run.Lines = append(run.Lines, []byte(l))
				}
				p := st.Feed(run)
				live = append(live, p.Events...)
				if i+500 >= len(lines) && !p.Newest.Equal(last.Add(time.Second)) {
					t.Errorf("stream's newest stamp %s, want %s", vocab.FormatLogged(p.Newest), vocab.FormatLogged(last.Add(time.Second)))
				}
			}
			var read []event.Event
			stats, err := ReadEach(strings.NewReader(text), "main.log", loc, func(e *event.Event) { read = append(read, *e) })
			if err != nil {
				t.Fatal(err)
			}
			if !stats.Last.Equal(last.Add(time.Second)) {
				t.Errorf("span ends %s, want %s", vocab.FormatLogged(stats.Last), vocab.FormatLogged(last.Add(time.Second)))
			}
			for name, evs := range map[string][]event.Event{"stream": live, "ReadEach": read} {
				checkFallBack(t, name, evs, last, loc)
			}
		})
	}
}

// checkFallBack: the events are in order, the last turn's end is at its
// instant (written with the offset after the change), and the session's
// idle two minutes later is two minutes.
func checkFallBack(t *testing.T, name string, evs []event.Event, last time.Time, loc *time.Location) {
	t.Helper()
	if len(evs) < 50 {
		t.Fatalf("%s: %d events", name, len(evs))
	}
	for i := 1; i < len(evs); i++ {
		if evs[i].Time.Before(evs[i-1].Time) {
			t.Fatalf("%s: event %d (%s line %d) at %s goes back from %s", name, i, evs[i].Kind, evs[i].Line,
				vocab.FormatLogged(evs[i].Time), vocab.FormatLogged(evs[i-1].Time))
		}
	}
	var end *event.Event
	for i := range evs {
		if evs[i].Kind == event.KindTurnEnd {
			end = &evs[i]
		}
	}
	if end == nil || !end.Time.Equal(last) {
		t.Fatalf("%s: last turn end %+v, want at %s", name, end, vocab.FormatLogged(last))
	}
	if got, want := vocab.FormatLogged(end.Time), last.In(loc).Format(time.RFC3339); got != want {
		t.Errorf("%s: last turn end writes %s, want %s", name, got, want)
	}
	s := governor.New(governor.DefaultLimits())
	for _, e := range evs {
		s.Apply(e)
	}
	snap := s.Snapshot(last.Add(time.Second + 2*time.Minute)) // the cycle-health line a second after the turn's end
	if len(snap.Sessions) != 1 || snap.Sessions[0].Idle != 2*time.Minute {
		t.Fatalf("%s: sessions %+v, want one idle 2m0s", name, snap.Sessions)
	}
}
