package cmd

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// envClock names the hidden clock every product path of one run shares:
// "START", "START,SPEED" or "START,SPEED,ANCHOR" (START in RFC 3339, SPEED
// simulated seconds per wall second, 1 if left out, ANCHOR the wall time in
// RFC 3339 at which the clock read START, the process's start if left out:
// processes started at different times given the same ANCHOR agree). It lets the binary itself live through a
// day in minutes: the live view's and serve's snapshots, the records and
// quota readers, the demo, the machine sampler and the future-line check
// all read it. Unset, the clock is the wall clock.
const envClock = "COWORKTOP_CLOCK"

// productNow is the clock of this run (set by the root command from
// envClock before any command runs).
var productNow = time.Now

// parseClock reads envClock's value: the clock starts at START when the
// run starts and advances at SPEED times the wall clock.
func parseClock(v string, wall func() time.Time) (func() time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return wall, nil
	}
	startText, speedText, hasSpeed := strings.Cut(v, ",")
	speedText, anchorText, hasAnchor := strings.Cut(speedText, ",")
	start, err := time.Parse(time.RFC3339, strings.TrimSpace(startText))
	if err != nil {
		return nil, fmt.Errorf("%s=%q: the start wants RFC 3339 (2026-03-08T00:00:00Z): %w", envClock, v, err)
	}
	speed := 1.0
	if hasSpeed {
		speed, err = strconv.ParseFloat(strings.TrimSpace(speedText), 64)
		if err != nil || speed <= 0 || speed > 1e6 {
			return nil, fmt.Errorf("%s=%q: the speed wants a number above 0 and at most 1000000", envClock, v)
		}
	}
	wallStart := wall()
	if hasAnchor {
		if wallStart, err = time.Parse(time.RFC3339Nano, strings.TrimSpace(anchorText)); err != nil {
			return nil, fmt.Errorf("%s=%q: the anchor wants RFC 3339: %w", envClock, v, err)
		}
	}
	return func() time.Time {
		return start.Add(time.Duration(float64(wall().Sub(wallStart)) * speed))
	}, nil
}
