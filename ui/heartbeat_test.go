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
	// (at 1¼ refresh) must keep being pushed back.
	for range 12 {
		time.Sleep(refresh / 4)
		m.Update(UpdatesMsg{})
		select {
		case msg := <-fired:
			t.Fatalf("watchdog fired (%T) while deliveries kept coming", msg)
		default:
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
