package governor

import (
	"time"

	"github.com/coworktop/coworktop/host"
)

// The memory trend: at the slope of free memory over the last few minutes,
// when does it cross the governor's warning (5 %) and critical (2 %) lines
// (claude-logs.md §2.4)? The line's fit is host's (host.FreeSlope); the
// series it is fitted to, the lines and the risk are this file's.

// Trend settings.
const (
	pressureWarningRatio  = 0.05
	pressureCriticalRatio = 0.02
	// trendWindow is how far back the slope is fitted.
	trendWindow = 5 * time.Minute
	// trendMinPoints and trendMinSpan: fewer samples, or a shorter stretch,
	// back no slope.
	trendMinPoints = 4
	trendMinSpan   = time.Minute
	// trendHorizon: a crossing further away than this is not shown.
	trendHorizon = 30 * time.Minute
)

// Trend is the memory trend's fit, as its risk says it.
type Trend struct {
	// App: the series is the app's own sys_free, not host free memory
	// (the header shows host memory, so the risk must say which).
	App bool
	// Fall is how many points of free memory it loses a minute; Last the
	// last measurement in %, at LastAt; Points the samples from From.
	Fall, Last   float64
	LastAt, From time.Time
	Points       int
	Lines        []TrendLine
	SweepMay     bool // a pressure sweep may start when it reaches the warning line
}

// TrendLine is one of the governor's lines the trend reaches: already
// below it, or in In (within trendHorizon).
type TrendLine struct {
	Critical bool // the 2 % line, else the 5 % one
	Below    bool
	In       time.Duration
}

// trendSeries picks what the slope is fitted to: the app's own
// [process-memory] sys_free (what its governor reads) when there are
// enough recent samples, else the host sampler's free memory; and
// whether it is the app's.
func trendSeries(snap *Snapshot) ([]host.FreePoint, bool) {
	from := snap.Now.Add(-trendWindow)
	var app []host.FreePoint
	for i, m := range snap.MemorySamples {
		if i < len(snap.MemoryTimes) && m.TotalMB > 0 && !snap.MemoryTimes[i].Before(from) && !snap.MemoryTimes[i].After(snap.Now) {
			app = append(app, host.FreePoint{At: snap.MemoryTimes[i], Ratio: float64(m.SysFreeMB) / float64(m.TotalMB)})
		}
	}
	if len(app) >= trendMinPoints {
		return app, true
	}
	var sampled []host.FreePoint
	for _, h := range snap.HostHistory {
		if h.Total > 0 && !h.At.Before(from) && !h.At.After(snap.Now) {
			sampled = append(sampled, host.FreePoint{At: h.At, Ratio: float64(h.Free) / float64(h.Total)})
		}
	}
	return sampled, false
}

// memoryTrend is the risk of free memory falling to the governor's lines,
// and how long until it reaches the warning line (negative when it is not
// on its way there, or already below it).
func memoryTrend(snap *Snapshot) (Risk, time.Duration, bool) {
	// On macOS the app's governor follows the kernel's pressure events and
	// never reads a free/total ratio: no 5 %/2 % line applies there, and
	// macOS keeps free memory low by design (platforms audit W6).
	if snap.Host != nil && snap.Host.KernelGoverned {
		return Risk{}, -1, false
	}
	pts, app := trendSeries(snap)
	if len(pts) < trendMinPoints || pts[len(pts)-1].At.Sub(pts[0].At) < trendMinSpan {
		return Risk{}, -1, false
	}
	_, b := host.FreeSlope(pts)
	// "now" is the last measurement, the figure the screen shows beside
	// it, not the fitted line's value; and a series whose last sample rose
	// is recovering, whatever the fit over the window says.
	now := pts[len(pts)-1].Ratio
	if b >= 0 || now > pts[len(pts)-2].Ratio {
		return Risk{}, -1, false
	}
	eta := func(line float64) time.Duration {
		return time.Duration((now - line) / -b * float64(time.Second))
	}
	var lines []TrendLine
	for _, l := range []struct {
		ratio    float64
		critical bool
	}{{pressureWarningRatio, false}, {pressureCriticalRatio, true}} {
		switch d := eta(l.ratio); {
		case now <= l.ratio:
			lines = append(lines, TrendLine{Critical: l.critical, Below: true})
		case d <= trendHorizon:
			lines = append(lines, TrendLine{Critical: l.critical, In: d})
		}
	}
	toWarning := time.Duration(-1)
	if now > pressureWarningRatio {
		toWarning = eta(pressureWarningRatio)
	}
	if len(lines) == 0 || now <= pressureCriticalRatio {
		return Risk{}, toWarning, false // far off, or already past both lines: the pressure itself says it
	}
	t := &Trend{App: app, Fall: -b * 60 * 100, Last: now * 100, LastAt: pts[len(pts)-1].At, From: pts[0].At, Points: len(pts), Lines: lines,
		SweepMay: snap.Rules.SweepEvicts && now > pressureWarningRatio && eta(pressureWarningRatio) <= sweepSoon}
	// An extrapolation, however well fitted, is no logged or measured figure:
	// shown, never sent.
	return Risk{Kind: RiskMemoryTrend, Backed: false, RiskFacts: RiskFacts{Trend: t}}, toWarning, true
}
