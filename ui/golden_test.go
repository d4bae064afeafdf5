package ui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"
	"github.com/coworktop/coworktop/third_party/teatest"
)

// TestGolden runs the real program (teatest) on the fixed scenario and a
// fixed clock with colour off, then compares the final frame with
// testdata/TestGolden/<size>.golden (go test ./ui -run TestGolden -update
// rewrites them).
func TestGolden(t *testing.T) {
	for _, sz := range []struct {
		name string
		w, h int
	}{{"60x20", 60, 20}, {"80x24", 80, 24}, {"100x30", 100, 30}, {"120x40", 120, 40}, {"200x50", 200, 50}} {
		t.Run(sz.name, func(t *testing.T) {
			m := New(Options{Mode: ModeLive, Clock: func() time.Time { return fixedNow }, Version: "test"})
			tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(sz.w, sz.h))
			tm.Send(UpdatesMsg{fixtureUpdate(t)})
			teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("5 live")) },
				teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
			tm.Send(tea.KeyPressMsg{Code: 'q', Text: "q"})
			final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
			out := final.View().Content
			if strings.ContainsRune(out, '\x1b') {
				t.Fatal("colour-off frame has an escape sequence")
			}
			teatest.RequireEqualOutput(t, []byte(out))
		})
	}
}
