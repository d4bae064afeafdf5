// Package ring keeps the last n items pushed, oldest first: the bounded
// histories the model keeps (outcomes, losses, log lines, memory samples)
// and quota.Store's readings. A monitor that runs for weeks must bound them.
//
// It owns the container only, no rule of what is kept; it may not touch
// the outside world and imports nothing but the standard library.
package ring

// Ring keeps the last n items pushed, oldest first.
type Ring[T any] struct {
	buf   []T
	start int
	n     int
}

// New is an empty ring of at most n items (at least one).
func New[T any](n int) *Ring[T] { return &Ring[T]{buf: make([]T, 0, min(n, 64)), n: max(n, 1)} }

// Push adds v as the newest item, dropping the oldest when the ring is
// full.
func (r *Ring[T]) Push(v T) {
	if len(r.buf) < r.n {
		if len(r.buf) == cap(r.buf) {
			r.grow()
		}
		r.buf = append(r.buf, v)
		return
	}
	r.buf[r.start] = v
	if r.start++; r.start == r.n { // not a division per push
		r.start = 0
	}
}

// grow makes room in a full buf that is not yet n long: twice the room,
// or n itself once that is less than twice as much again. append's own
// growth goes by a quarter past 256 items and past n: a ring of 5000
// losses allocated five times its final size on the way (issue 49); this
// way it allocates under twice.
func (r *Ring[T]) grow() {
	c := max(2*cap(r.buf), 8)
	if 2*c > r.n {
		c = r.n
	}
	buf := make([]T, len(r.buf), c)
	copy(buf, r.buf)
	r.buf = buf
}

// Newest is the item pushed last; the ring must not be empty.
func (r *Ring[T]) Newest() T {
	if len(r.buf) < r.n || r.start == 0 {
		return r.buf[len(r.buf)-1]
	}
	return r.buf[r.start-1]
}

// Last returns a copy of the newest k items, oldest first.
func (r *Ring[T]) Last(k int) []T {
	k = min(k, len(r.buf))
	out := make([]T, 0, k)
	if k == 0 {
		return out
	}
	// The newest k end just before start (or at the end of a ring not yet full).
	end := len(r.buf)
	if len(r.buf) == r.n {
		end = r.start
	}
	if k <= end {
		return append(out, r.buf[end-k:end]...)
	}
	out = append(out, r.buf[len(r.buf)-(k-end):]...)
	return append(out, r.buf[:end]...)
}

// Reset replaces the contents with items, oldest first (len(items) <= n).
func (r *Ring[T]) Reset(items []T) { r.buf, r.start = items, 0 }

// Items returns a copy, oldest first.
func (r *Ring[T]) Items() []T {
	out := make([]T, 0, len(r.buf))
	out = append(out, r.buf[r.start:]...)
	return append(out, r.buf[:r.start]...)
}

// NewestFirst returns a copy, newest first.
func (r *Ring[T]) NewestFirst() []T {
	out := r.Items()
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// SetNewest replaces the item pushed last; the ring must not be empty.
func (r *Ring[T]) SetNewest(v T) {
	if len(r.buf) < r.n || r.start == 0 {
		r.buf[len(r.buf)-1] = v
		return
	}
	r.buf[r.start-1] = v
}

// Len is how many items the ring holds.
func (r *Ring[T]) Len() int { return len(r.buf) }

// Bound is the most items the ring holds (its n).
func (r *Ring[T]) Bound() int { return r.n }

// At is the i-th oldest item (0 the oldest, Len()-1 the newest), in place:
// a caller may fill in what it computes of it once.
func (r *Ring[T]) At(i int) *T { return &r.buf[(r.start+i)%len(r.buf)] }
