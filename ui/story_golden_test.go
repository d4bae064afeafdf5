package ui

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/coworktop/coworktop/event"
)

// awayNow is ten minutes after the idle update restart of the away story
// (testdata/logs/update-idle: six sessions stopped at 13:44 and all back,
// two of them without Remote Control and idle-paused at 13:59:55).
var awayNow = time.Date(2026, 12, 4, 14, 10, 0, 0, time.UTC)

// awayModel is a model at w×h that has read the away story at awayNow.
func awayModel(t testing.TB, w, h int) *Model {
	b, err := os.ReadFile("../testdata/logs/update-idle/main.log")
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return awayNow }, Version: "test"})
	m.Update(sizeMsg(w, h))
	m.Update(UpdatesMsg{{Events: parseLog(t, "main.log", strings.ReplaceAll(string(b), "\r", ""))}})
	return m
}

// storyModel is a model at w×h that has read the away story up to at.
func storyModel(t testing.TB, w, h int, at string) *Model {
	b, err := os.ReadFile("../testdata/logs/update-idle/main.log")
	if err != nil {
		t.Fatal(err)
	}
	now := storyClock(at)
	var evs []event.Event
	for _, e := range parseLog(t, "main.log", strings.ReplaceAll(string(b), "\r", "")) {
		if !e.Time.After(now) {
			evs = append(evs, e)
		}
	}
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return now }, Version: "test"})
	m.Update(sizeMsg(w, h))
	m.Update(UpdatesMsg{{Events: evs}})
	return m
}

// goldenSizes are the sizes the screen-reading test reads.
var goldenSizes = []struct {
	name string
	w, h int
}{{"80x24", 80, 24}, {"100x30", 100, 30}, {"120x40", 120, 40}, {"200x50", 200, 50}}

// TestGoldenAwayStory: the away story's first screen at each size, colour
// off, compared with testdata/TestGoldenAwayStory/<size>.golden (-update
// rewrites them). Regenerate, never merge by hand.
func TestGoldenAwayStory(t *testing.T) {
	for _, sz := range goldenSizes {
		t.Run(sz.name, func(t *testing.T) {
			golden.RequireEqual(t, []byte(frame(awayModel(t, sz.w, sz.h))))
		})
	}
}
