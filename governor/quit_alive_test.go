package governor_test

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// TestAppAliveWhileItWrites: a quit at the end of main1.log, then lines
// of no known shape in main.log 20 minutes later: the app runs again.
func TestAppAliveWhileItWrites(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	for _, e := range parseLines(t, "main1.log", at(0)+" [info] beforeQuit: handler fired, going down") {
		s.Apply(e)
	}
	if s.Snapshot(t0.Add(60 * time.Second)).App.DownSince.IsZero() {
		t.Fatal("not down after its quit")
	}
	s.NoteLogLine("main.log", t0.Add(20*time.Minute)) // "[oauth] loaded token cache …": a line coworktop does not parse
	if app := s.Snapshot(t0.Add(21 * time.Minute)).App; !app.DownSince.IsZero() || app.StuckQuit != nil {
		t.Fatalf("a main.log line after the quit: %+v", app)
	}
}

// TestStuckQuittingForUpdate: "going down for update", then the app goes
// on writing for 32 hours with no new start: it stayed quitting.
func TestStuckQuittingForUpdate(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	for _, e := range parseLines(t, "main.log",
		at(0)+" [info] [CCD] CLI exit before update: 3 of 3 exited within 1500ms",
		at(0)+" [info] beforeQuitForUpdate handler fired, going down for update",
		at(20)+" [info] Update check still in flight after 15000ms; quitting without relaunch",
		at(3600)+" [info] [CCD] LocalSessions.setFocusedSession: sessionId=null",
	) {
		s.Apply(e)
	}
	s.NoteLogLine("main.log", t0.Add(32*time.Hour))
	snap := s.Snapshot(t0.Add(32 * time.Hour))
	q := snap.App.StuckQuit
	if q == nil || q.To.Sub(q.From) != 32*time.Hour || !strings.Contains(words.StuckQuitText(*q), "spent 32h") || !snap.App.DownSince.IsZero() {
		t.Fatalf("stuck quit %+v, app %+v", q, snap.App)
	}
	if snap.Counts.UpdateRestarts != 1 || governor.LossTotal(snap.LossCounts) != 3 {
		t.Fatalf("update restarts %d, losses %d: want 1 and the 3 the app counted", snap.Counts.UpdateRestarts, governor.LossTotal(snap.LossCounts))
	}
}
