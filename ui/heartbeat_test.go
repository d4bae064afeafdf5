package ui

import (
	"testing"
	"time"
)

// TestHeartbeatDeliveriesHoldOffTheWatchdog: with a heartbeat feed the
// screen's own timer fires only when deliveries stop, and then it does
// redraw, so idle times never freeze.
func TestHeartbeatDeliveriesHoldOffTheWatchdog(t *testing.T) {
	const refresh = 200 * time.Millisecond
	m := New(Options{Heartbeat: true, Refresh: refresh})
	m.Update(sizeMsg(80, 24))
	fired := make(chan any, 1)
	prev := time.Now() // before the watchdog was last pushed back
	cmd := m.tick()
	go func() { fired <- cmd() }()
	// Deliveries every quarter refresh for three refreshes: the watchdog
	// (at 1¼ refresh) must keep being pushed back. Each wait for the next
	// delivery is also the check that the watchdog stays quiet. A fire seen
	// now came after this delivery's push or the one before it, so it is a
	// failure only if even the one before is less than the watchdog's
	// interval ago; a machine stalled longer than that proves nothing (it
	// may have fired in the stall, before this delivery pushed it back).
	for range 12 {
		start := time.Now()
		m.Update(UpdatesMsg{})
		select {
		case msg := <-fired:
			if since := time.Since(prev); since < m.watchdogAfter() {
				t.Fatalf("watchdog fired (%T) %v after the delivery before the last, before its %v", msg, since, m.watchdogAfter())
			}
			t.Skipf("the machine stalled %v over two deliveries: nothing to judge", time.Since(prev))
		case <-time.After(refresh / 4):
		}
		prev = start
	}
	var msg any
	select {
	case msg = <-fired:
	case <-time.After(5 * time.Second):
		t.Fatal("watchdog never fired after deliveries stopped")
	}
	tick, ok := msg.(TickMsg)
	if !ok {
		t.Fatalf("watchdog sent %T", msg)
	}
	before := m.refreshedAt
	m.Update(tick)
	if !m.refreshedAt.After(before) {
		t.Error("the watchdog's tick did not redraw")
	}
}
