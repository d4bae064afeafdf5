package governor

// ring keeps the last n items pushed, oldest first. History in a monitor that
// runs for weeks must be bounded.
type ring[T any] struct {
	buf   []T
	start int
	n     int
}

func newRing[T any](n int) *ring[T] { return &ring[T]{buf: make([]T, 0, min(n, 64)), n: max(n, 1)} }

func (r *ring[T]) push(v T) {
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
func (r *ring[T]) grow() {
	c := max(2*cap(r.buf), 8)
	if 2*c > r.n {
		c = r.n
	}
	buf := make([]T, len(r.buf), c)
	copy(buf, r.buf)
	r.buf = buf
}

// newest is the item pushed last; the ring must not be empty.
func (r *ring[T]) newest() T {
	if len(r.buf) < r.n || r.start == 0 {
		return r.buf[len(r.buf)-1]
	}
	return r.buf[r.start-1]
}

// last returns a copy of the newest k items, oldest first.
func (r *ring[T]) last(k int) []T {
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

// reset replaces the contents with items, oldest first (len(items) <= n).
func (r *ring[T]) reset(items []T) { r.buf, r.start = items, 0 }

// items returns a copy, oldest first.
func (r *ring[T]) items() []T {
	out := make([]T, 0, len(r.buf))
	out = append(out, r.buf[r.start:]...)
	return append(out, r.buf[:r.start]...)
}

// newestFirst returns a copy, newest first.
func (r *ring[T]) newestFirst() []T {
	out := r.items()
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
