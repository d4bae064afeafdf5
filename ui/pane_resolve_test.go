package ui

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// oldResolve is resolve before it looked near the selection first: it
// searched the rows from the top every frame. Kept to compare with.
func (ps *paneState) oldResolve(rows rowList) {
	if rows.n == 0 {
		ps.cursor = 0
		return
	}
	if !ps.chosen {
		ps.cursor, ps.selected = 0, rows.session(0)
		return
	}
	if ps.selected != "" {
		for i := range rows.n {
			if rows.session(i) == ps.selected {
				ps.cursor = i
				return
			}
		}
	}
	ps.cursor = max(0, min(ps.cursor, rows.n-1))
	ps.selected = rows.session(ps.cursor)
}

func keyRows(keys []string) rowList {
	return rowList{len(keys), func(i int) row { return row{session: keys[i]} }, func(i int) string { return keys[i] }}
}

// TestResolveAsBefore: looking near the selection first puts the cursor
// where the search from the top put it, as lists grow at the head (new
// losses) and the tail, lose rows (the selected one too), and the person
// moves the cursor.
func TestResolveAsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 2))
	for run := range 300 {
		next := 0
		fresh := func(k int) []string {
			out := make([]string, k)
			for i := range out {
				out[i] = "k" + strconv.Itoa(next)
				next++
			}
			return out
		}
		keys := fresh(r.IntN(200))
		var now, was paneState
		for step := range 200 {
			switch op := r.IntN(10); {
			case op < 4: // new rows at the head, sometimes many at once
				keys = append(fresh(r.IntN(1+r.IntN(80))), keys...)
			case op < 6:
				keys = append(keys, fresh(r.IntN(10))...)
			case op < 7 && len(keys) > 0: // rows leave: head, tail or the middle
				i := r.IntN(len(keys))
				j := min(len(keys), i+1+r.IntN(5))
				keys = append(keys[:i:i], keys[j:]...)
			case op < 8 && len(keys) > 0:
				i := r.IntN(len(keys) + 5)
				now.moveTo(keyRows(keys), i)
				was.moveTo(keyRows(keys), i)
			case op < 9: // a frame sets the cursor of its own (clamped, scrolled)
				c := r.IntN(len(keys) + 1)
				now.cursor, was.cursor = c, c
			}
			rows := keyRows(keys)
			now.resolve(rows)
			was.oldResolve(rows)
			if now.cursor != was.cursor || now.selected != was.selected {
				t.Fatalf("run %d step %d: cursor %d on %q, before %d on %q", run, step, now.cursor, now.selected, was.cursor, was.selected)
			}
		}
	}
}

// BenchmarkResolve: a selection pushed down 4,000 rows by new ones costs
// as one near the top.
func BenchmarkResolve(b *testing.B) {
	keys := make([]string, 5000)
	for i := range keys {
		keys[i] = "loss:12:00:00:" + strconv.Itoa(i)
	}
	for _, at := range []int{10, 4000} {
		rows := keyRows(keys)
		for _, f := range []struct {
			name    string
			resolve func(*paneState, rowList)
		}{{"new", (*paneState).resolve}, {"old", (*paneState).oldResolve}} {
			b.Run(f.name+"/"+strconv.Itoa(at), func(b *testing.B) {
				var ps paneState
				ps.moveTo(rows, at)
				b.ReportAllocs()
				for b.Loop() {
					f.resolve(&ps, rows)
				}
				if ps.cursor != at {
					b.Fatal(ps.cursor)
				}
			})
		}
	}
}
