package host

import "time"

// The memory trend's math: a straight line fitted to free memory over a
// few minutes of samples. Which samples, which lines it is said to cross
// and the risk it makes are the model's (governor/trend.go).

// FreePoint is free memory as a share of the total (0 to 1) at a time.
type FreePoint struct {
	At    time.Time
	Ratio float64
}

// FreeSlope fits ratio = a + b·t to pts by least squares: last is the
// fitted line's value at the last point, perSec its slope b per second (0
// when all points are at one time). pts is not empty.
func FreeSlope(pts []FreePoint) (last, perSec float64) {
	t0 := pts[0].At
	var n, sx, sy, sxx, sxy float64
	for _, p := range pts {
		x := p.At.Sub(t0).Seconds()
		n++
		sx += x
		sy += p.Ratio
		sxx += x * x
		sxy += x * p.Ratio
	}
	den := n*sxx - sx*sx
	if den == 0 {
		return pts[len(pts)-1].Ratio, 0
	}
	b := (n*sxy - sx*sy) / den
	a := (sy - b*sx) / n
	return a + b*pts[len(pts)-1].At.Sub(t0).Seconds(), b
}
