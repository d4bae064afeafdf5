package quota

import "time"

// In returns the readings taken in [from, to], oldest first: what
// a report over that span shows.
func In(samples []Sample, from, to time.Time) []Sample {
	var out []Sample
	for _, q := range samples {
		if !q.At.Before(from) && !q.At.After(to) {
			out = append(out, q)
		}
	}
	return out
}
