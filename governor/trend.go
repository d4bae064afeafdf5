package governor

import (
	"fmt"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// The memory trend: at the slope of free memory over the last few minutes,
// when does it cross the governor's warning (5 %) and critical (2 %) lines
// (claude-logs.md §2.4)?

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

// trendPoint is free/total at a time.
type trendPoint struct {
	at    time.Time
	ratio float64
}

// Trend series, as the risk names them: the header shows host memory in
// the live view, so a trend of the app's figure must say it is that one.
const (
	seriesApp  = "the app's sys_free"
	seriesHost = "host free memory"
)

// trendSeries picks what the slope is fitted to: the app's own
// [process-memory] sys_free (what its governor reads) when there are
// enough recent samples, else the host sampler's free memory; and its
// name.
func trendSeries(snap *Snapshot) ([]trendPoint, string) {
	from := snap.Now.Add(-trendWindow)
	var app []trendPoint
	for i, m := range snap.MemorySamples {
		if i < len(snap.MemoryTimes) && m.TotalMB > 0 && !snap.MemoryTimes[i].Before(from) && !snap.MemoryTimes[i].After(snap.Now) {
			app = append(app, trendPoint{snap.MemoryTimes[i], float64(m.SysFreeMB) / float64(m.TotalMB)})
		}
	}
	if len(app) >= trendMinPoints {
		return app, seriesApp
	}
	var host []trendPoint
	for _, h := range snap.HostHistory {
		if h.Total > 0 && !h.At.Before(from) && !h.At.After(snap.Now) {
			host = append(host, trendPoint{h.At, float64(h.Free) / float64(h.Total)})
		}
	}
	return host, seriesHost
}

// slope fits ratio = a + b·t by least squares; b is per second.
func slope(pts []trendPoint) (last, perSec float64) {
	t0 := pts[0].at
	var n, sx, sy, sxx, sxy float64
	for _, p := range pts {
		x := p.at.Sub(t0).Seconds()
		n++
		sx += x
		sy += p.ratio
		sxx += x * x
		sxy += x * p.ratio
	}
	den := n*sxx - sx*sx
	if den == 0 {
		return pts[len(pts)-1].ratio, 0
	}
	b := (n*sxy - sx*sy) / den
	a := (sy - b*sx) / n
	return a + b*pts[len(pts)-1].at.Sub(t0).Seconds(), b
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
	pts, series := trendSeries(snap)
	if len(pts) < trendMinPoints || pts[len(pts)-1].at.Sub(pts[0].at) < trendMinSpan {
		return Risk{}, -1, false
	}
	_, b := slope(pts)
	// "now" is the last measurement, the figure the screen shows beside
	// it, not the fitted line's value; and a series whose last sample rose
	// is recovering, whatever the fit over the window says.
	now := pts[len(pts)-1].ratio
	if b >= 0 || now > pts[len(pts)-2].ratio {
		return Risk{}, -1, false
	}
	eta := func(line float64) time.Duration {
		return time.Duration((now - line) / -b * float64(time.Second))
	}
	var parts []string
	for _, l := range []struct {
		ratio float64
		name  string
	}{{pressureWarningRatio, "5 % (warning)"}, {pressureCriticalRatio, "2 % (critical)"}} {
		switch d := eta(l.ratio); {
		case now <= l.ratio:
			parts = append(parts, "already below "+l.name)
		case d <= trendHorizon:
			parts = append(parts, fmt.Sprintf("crosses %s in ~%s", l.name, vocab.FormatDuration(d)))
		}
	}
	toWarning := time.Duration(-1)
	if now > pressureWarningRatio {
		toWarning = eta(pressureWarningRatio)
	}
	if len(parts) == 0 || now <= pressureCriticalRatio {
		return Risk{}, toWarning, false // far off, or already past both lines: the pressure itself says it
	}
	summary := fmt.Sprintf("%s falls %.1f points a minute (last %.1f %% at %s): it %s", series, -b*60*100, now*100,
		pts[len(pts)-1].at.Format(time.TimeOnly), joinAnd(parts))
	if snap.Rules.SweepEvicts && now > pressureWarningRatio && eta(pressureWarningRatio) <= sweepSoon {
		summary += "; a pressure sweep may start then"
	}
	// An extrapolation, however well fitted, is no logged or measured figure:
	// shown, never sent.
	return Risk{Kind: RiskMemoryTrend, Backed: false, Summary: summary, Short: shortTrend(parts),
		Evidence: []string{fmt.Sprintf("%s: %d samples %s–%s, fitted by least squares", series, len(pts),
			pts[0].at.Format(time.TimeOnly), pts[len(pts)-1].at.Format(time.TimeOnly))}}, toWarning, true
}

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	out := parts[0]
	for _, p := range parts[1 : len(parts)-1] {
		out += ", " + p
	}
	return out + " and " + parts[len(parts)-1]
}
