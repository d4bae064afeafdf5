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
	cmd := m.tick()
	go func() { fired <- cmd() }()
	// Deliveries every quarter refresh for three refreshes: the watchdog
	// (at 1¼ refresh) must keep being pushed back. Each wait for the next
	// delivery is also the check that the watchdog stays quiet; a fire is a
	// failure only if it came sooner than the watchdog's interval after the
	// last delivery (a machine stalled longer than that proves nothing).
	for range 12 {
		m.Update(UpdatesMsg{})
		last := time.Now()
		select {
		case msg := <-fired:
			if time.Since(last) < m.watchdogAfter() {
				t.Fatalf("watchdog fired (%T) %v after a delivery, before its %v", msg, time.Since(last), m.watchdogAfter())
			}
			t.Skipf("the machine stalled %v between two deliveries: nothing to judge", time.Since(last))
		case <-time.After(refresh / 4):
		}
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
