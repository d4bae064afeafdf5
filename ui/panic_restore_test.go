package ui

import (
	"bytes"
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"
)

// TestPanicRestoresTerminal runs the real program (ui.Run, the options the
// commands use) on a recorded terminal and makes the model panic while it
// draws, through the clock every pane reads. The program must return an
// error instead of hanging, and its last bytes must leave the alternate
// screen, show the cursor and turn mouse reporting and bracketed paste off,
// after the last time it turned them on. scripts/reliability.sh checks the
// same for signals and resize storms on a real terminal (tmux).
func TestPanicRestoresTerminal(t *testing.T) {
	// The panic comes once the screen is up (the renderer flushes at most
	// every 100 ms), after a few or after many refreshes.
	for _, after := range []time.Duration{300 * time.Millisecond, 700 * time.Millisecond} {
		var out bytes.Buffer
		var calls atomic.Int32
		start := time.Now()
		clock := func() time.Time {
			n := calls.Add(1)
			if time.Since(start) > after {
				panic("a pane exploded")
			}
			return fixedNow.Add(time.Duration(n) * time.Second)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := Run(ctx, Options{Clock: clock, Color: true, Refresh: 10 * time.Millisecond},
			tea.WithInput(nil), tea.WithOutput(&out), tea.WithWindowSize(80, 24))
		timedOut := ctx.Err() != nil
		cancel()
		if err == nil || timedOut {
			t.Fatalf("panic after %v: Run returned %v (timed out: %v), want the panic reported", after, err, timedOut)
		}
		checkRestored(t, out.String())
	}
}

// checkRestored fails unless every mode the screen turns on is turned off
// again after it was last turned on.
func checkRestored(t *testing.T, term string) {
	t.Helper()
	for _, mode := range []struct{ name, on, off string }{
		{"alternate screen", "\x1b[?1049h", "\x1b[?1049l"},
		{"hidden cursor", "\x1b[?25l", "\x1b[?25h"},
		{"mouse cell motion", "\x1b[?1002h", "\x1b[?1002l"},
		{"mouse SGR", "\x1b[?1006h", "\x1b[?1006l"},
		{"bracketed paste", "\x1b[?2004h", "\x1b[?2004l"},
	} {
		on, off := strings.LastIndex(term, mode.on), strings.LastIndex(term, mode.off)
		if on >= 0 && off < on {
			t.Errorf("%s left on: last on at %d, last off at %d; tail %q", mode.name, on, off, term[max(0, len(term)-200):])
		}
	}
	if !strings.Contains(term, "\x1b[?1049h") {
		t.Errorf("the program never entered the alternate screen: the check proves nothing")
	}
}
