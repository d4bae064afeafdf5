package cmd

import (
	"fmt"
	"testing"
	"time"

	"github.com/coworktop/coworktop/sources/demo"
	"github.com/coworktop/coworktop/ui"
)

// demoAt is the screen of `coworktop --demo` at w×h, `at` into its live
// part: its logs read through the real parser, its process scan beside
// them (its session records are not read here).
func demoAt(t *testing.T, w, h int, at time.Duration) string {
	t.Helper()
	dir := t.TempDir()
	d, err := demo.NewDemo(dir, func() time.Time { return time.Date(2026, 9, 30, 14, 0, 0, 0, time.Local) })
	if err != nil {
		t.Fatal(err)
	}
	if err := d.WriteUntil(at); err != nil {
		t.Fatal(err)
	}
	d.Close()
	now := d.Start().Add(at)
	m := ui.New(ui.Options{Mode: ui.ModeDemo, Clock: func() time.Time { return now }, Version: "test", Source: "built-in demo scenario"})
	m.Update(tmSize(w, h))
	m.Update(ui.UpdatesMsg{{Events: readDemo(t, dir), Groups: demo.Competitors(), GroupsAt: now}})
	return m.View().Content
}

// TestGoldenDemo: the demo's screen two minutes in, at 80×24, 120×40 and
// 200×50, colour off, compared with testdata/golden/screen_demo_<size>.txt
// (go test ./cmd -run TestGoldenDemo -update rewrites them; regenerate,
// never merge by hand). Issue 46: every live session is a row at 120×40,
// urgent first, one line a row.
func TestGoldenDemo(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		name := fmt.Sprintf("%dx%d", sz[0], sz[1])
		t.Run(name, func(t *testing.T) {
			golden(t, "screen_demo_"+name+".txt", demoAt(t, sz[0], sz[1], 2*time.Minute))
		})
	}
}
