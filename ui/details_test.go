package ui

import (
	"strings"
	"testing"
)

// TestDetailsOfAnEvictedSession: the details say when and why the session
// was evicted, in report's words, and show no idle time or timer running.
func TestDetailsOfAnEvictedSession(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	press(m, "/", "b", "i", "l", "l", "enter", "enter")
	if !strings.HasSuffix(m.details, "000000000001") {
		t.Fatalf("details of %q", m.details)
	}
	out := frame(m)
	if !strings.Contains(out, "last evicted 14:05:00: at cap, warm spawn, idle 4m55s") {
		t.Errorf("no eviction fact:\n%s", out)
	}
	for _, bad := range []string{"idle timer 15m00s", " left", "   idle "} {
		if strings.Contains(out, bad) {
			t.Errorf("an evicted session shows %q:\n%s", bad, out)
		}
	}
}
