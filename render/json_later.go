package render

import "github.com/coworktop/coworktop/governor"

// laterLists is what BuildJSON leaves to WriteJSON: the model the
// evictions and the losses are written from, and how many of each.
type laterLists struct {
	state             *governor.State
	evictions, losses int
}

// listLater sets r up for WriteJSON to write the evictions and losses
// from state (BuildJSON): empty lists in the Report, their counts of
// those not kept, and the losses put in order now, where Build does.
func (r *Report) listLater(state *governor.State) {
	r.Evictions, r.Losses = []Evicted{}, []Lost{}
	r.EvictionsNotListed = state.EachEviction(func(*governor.Outcome) {})
	r.LossesNotListed = state.EachLoss(func(*governor.Loss) {})
	r.later = &laterLists{state: state, evictions: state.EvictionsLen(), losses: state.LossesLen()}
}

// listWriter writes a list's elements into the report's JSON: open
// begins one (after a comma for all but the first) and gives the buffer
// to append it to, close takes the buffer back.
type listWriter struct {
	cw *chunkWriter
	n  int
}

func (w *listWriter) open() []byte {
	if w.n > 0 {
		w.cw.buf = append(w.cw.buf, ',')
	}
	w.n++
	return w.cw.buf
}

func (w *listWriter) close(b []byte) {
	w.cw.buf = b
	w.cw.spill()
}

// writeEvictions writes the evictions: the Report's list, or the
// model's when BuildJSON left them to WriteJSON.
func writeEvictions(w *listWriter, listed []Evicted, later *laterLists) {
	if later == nil {
		for i := range listed {
			w.close(appendEvicted(w.open(), &listed[i]))
		}
		return
	}
	var e Evicted
	later.state.EachEviction(func(o *governor.Outcome) {
		e = evictedOf(later.state, o)
		w.close(appendEvicted(w.open(), &e))
	})
}

// writeLossList writes the losses as writeEvictions the evictions.
func writeLossList(w *listWriter, listed []Lost, later *laterLists) {
	if later == nil {
		for i := range listed {
			w.close(appendLost(w.open(), &listed[i]))
		}
		return
	}
	var l Lost
	later.state.EachLoss(func(x *governor.Loss) {
		l = lostOf(later.state, x)
		w.close(appendLost(w.open(), &l))
	})
}
