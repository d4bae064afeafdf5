package quota

import (
	"slices"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// Burn is coworktop's estimate of a window's pace, from the
// readings of one source since the window last reset.
type Burn struct {
	PerHour float64 `json:"percent_per_hour"`
	// FullAt is when the window reaches 100 % at this pace; zero when it is
	// not rising, or not before its reset.
	FullAt time.Time `json:"-"`
	// BeforeReset: FullAt comes before the window's reset (false when the
	// reset time is unknown).
	BeforeReset bool `json:"before_reset"`
	Samples     int  `json:"samples"`
	// From is the source whose readings gave the pace: the figure's own
	// when it has enough, else another that does.
	From  Source       `json:"from"`
	Basis vocab.Source `json:"basis"` // always estimated
}

// Burn estimate rules: at least quotaBurnMin readings spanning at least
// quotaBurnSpan, taken from the last BurnLook of the window's time.
const (
	quotaBurnMin  = 3
	quotaBurnSpan = 10 * time.Minute
)

// BurnLook is how far back from a source's newest reading with a
// percentage the burn estimate reads. Of a source's window, Figures uses
// no reading older than that but its newest and the window's first (the
// windows are taken in the order they first appear), so a caller may
// hand it those alone.
const BurnLook = time.Hour

// quotaBurn estimates the pace of best's window: from the readings of
// best's source when they are enough, else from the first other source,
// in Sources order, whose newest reading is fresh and whose readings
// are enough (the status line writes a reading only when the figure
// changes, so feeding it must not hide the desktop app's pace). Nil when
// no source has enough, or best is stale.
func quotaBurn(samples []Sample, best Sample, now time.Time) *Burn {
	if !quotaFresh(best, now) {
		return nil
	}
	if b := burnFrom(samples, best, best.Source, now); b != nil {
		return b
	}
	for _, src := range Sources {
		if src != best.Source {
			if b := burnFrom(samples, best, src, now); b != nil {
				return b
			}
		}
	}
	return nil
}

// burnFrom is the least-squares pace through src's readings of the last
// hour after the window's last reset (a drop in percent), projected from
// src's newest reading; nil when there are too few, or the newest is stale.
func burnFrom(samples []Sample, best Sample, src Source, now time.Time) *Burn {
	// Only src's readings of the last look before its newest are sorted:
	// the rings keep a day, and a snapshot at every refresh sorted it all.
	var newest time.Time
	for _, s := range samples {
		if s.Source == src && s.Absent == Present && s.At.After(newest) {
			newest = s.At
		}
	}
	var pts []Sample
	for _, s := range samples {
		if s.Source == src && s.Absent == Present && newest.Sub(s.At) <= BurnLook {
			pts = append(pts, s)
		}
	}
	if len(pts) == 0 {
		return nil
	}
	slices.SortStableFunc(pts, func(a, b Sample) int { return a.At.Compare(b.At) })
	pts = slices.CompactFunc(pts, func(a, b Sample) bool { return a.At.Equal(b.At) })
	last := pts[len(pts)-1]
	if !quotaFresh(last, now) {
		return nil
	}
	for i := len(pts) - 1; i > 0; i-- {
		if pts[i].Percent < pts[i-1].Percent {
			pts = pts[i:] // the window reset between these two
			break
		}
	}
	if len(pts) < quotaBurnMin || last.At.Sub(pts[0].At) < quotaBurnSpan {
		return nil
	}
	slope := percentPerHour(pts)
	b := &Burn{PerHour: slope, Samples: len(pts), From: src, Basis: vocab.SourceEstimated}
	resets := best.ResetsAt
	if resets.IsZero() {
		resets = last.ResetsAt
	}
	if slope > 0 && last.Percent < 100 {
		hours := (100 - last.Percent) / slope
		if hours < best.Window.Length().Hours() {
			b.FullAt = last.At.Add(time.Duration(hours * float64(time.Hour))).Truncate(time.Second)
			b.BeforeReset = !resets.IsZero() && b.FullAt.Before(resets)
			if !resets.IsZero() && !b.BeforeReset {
				b.FullAt = time.Time{}
			}
		}
	}
	return b
}

// percentPerHour is the least-squares slope of the readings.
func percentPerHour(pts []Sample) float64 {
	t0 := pts[0].At
	var sx, sy, sxx, sxy float64
	for _, p := range pts {
		x := p.At.Sub(t0).Hours()
		sx += x
		sy += p.Percent
		sxx += x * x
		sxy += x * p.Percent
	}
	n := float64(len(pts))
	d := n*sxx - sx*sx
	if d == 0 {
		return 0
	}
	return (n*sxy - sx*sy) / d
}
