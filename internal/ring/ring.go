// Package ring keeps the last n items pushed, oldest first: the bounded
// histories the model keeps (outcomes, losses, log lines, memory samples)
// and quota.Store's readings. A monitor that runs for weeks must bound them.
//
// It owns the container only, no rule of what is kept; it may not touch
// the outside world and imports nothing but the standard library.
package ring

// Ring keeps the last n items pushed, oldest first.
//
// Its n slots are kept in chunks of chunkLen, each made when the ring
// first reaches it and never moved: a ring grows without copying what it
// holds, and allocates no more than it fills (the last chunk is cut to
// n). Grown as one slice by doubling, report's rings of 5000 losses,
// evictions and crashes allocated 3.5 MB for 1.7 MB held, in a month that
// names a new session every 50 entries (issue 49).
type Ring[T any] struct {
	chunks [][]T
	len    int // items held
	start  int // the oldest item's slot once full (0 until then)
	n      int
}

// chunkLen is how many slots a chunk holds (a power of two: slot p is
// chunk p>>chunkShift, index p&chunkMask). 64 of report's largest items
// are 13 KB.
const (
	chunkShift = 6
	chunkLen   = 1 << chunkShift
	chunkMask  = chunkLen - 1
)

// New is an empty ring of at most n items (at least one).
func New[T any](n int) *Ring[T] { return &Ring[T]{n: max(n, 1)} }

// slot is slot p's item, making its chunk when the ring first reaches it
// (the slots fill in order).
func (r *Ring[T]) slot(p int) *T {
	c := p >> chunkShift
	if c == len(r.chunks) {
		r.chunks = append(r.chunks, make([]T, min(chunkLen, r.n-c<<chunkShift)))
	}
	return &r.chunks[c][p&chunkMask]
}

// logical is the slot of the i-th oldest item.
func (r *Ring[T]) logical(i int) int {
	if p := r.start + i; p < r.n {
		return p
	}
	return r.start + i - r.n
}

// Push adds v as the newest item, dropping the oldest when the ring is
// full.
func (r *Ring[T]) Push(v T) {
	if r.len < r.n {
		*r.slot(r.len) = v
		r.len++
		return
	}
	*r.slot(r.start) = v
	if r.start++; r.start == r.n { // not a division per push
		r.start = 0
	}
}

// Newest is the item pushed last; the ring must not be empty.
func (r *Ring[T]) Newest() T { return *r.At(r.len - 1) }

// Last returns a copy of the newest k items, oldest first.
func (r *Ring[T]) Last(k int) []T {
	k = min(k, r.len)
	return r.appendItems(make([]T, 0, k), r.len-k, r.len)
}

// appendItems appends the i-th to the j-th oldest items (j excluded) to
// out, a chunk at a time.
func (r *Ring[T]) appendItems(out []T, i, j int) []T {
	for i < j {
		p := r.logical(i)
		// To the end of p's chunk, of the slots, or of what is asked.
		m := min(chunkLen-p&chunkMask, r.n-p, j-i)
		c := r.chunks[p>>chunkShift]
		out = append(out, c[p&chunkMask:p&chunkMask+m]...)
		i += m
	}
	return out
}

// Reset replaces the contents with items, oldest first (len(items) <= n).
func (r *Ring[T]) Reset(items []T) {
	for p := range r.len {
		var zero T
		*r.slot(p) = zero // nothing dropped stays reachable
	}
	r.len, r.start = 0, 0
	for _, v := range items {
		r.Push(v)
	}
}

// Items returns a copy, oldest first.
func (r *Ring[T]) Items() []T { return r.appendItems(make([]T, 0, r.len), 0, r.len) }

// NewestFirst returns a copy, newest first.
func (r *Ring[T]) NewestFirst() []T {
	out := r.Items()
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// SetNewest replaces the item pushed last; the ring must not be empty.
func (r *Ring[T]) SetNewest(v T) { *r.At(r.len - 1) = v }

// Len is how many items the ring holds.
func (r *Ring[T]) Len() int { return r.len }

// Bound is the most items the ring holds (its n).
func (r *Ring[T]) Bound() int { return r.n }

// At is the i-th oldest item (0 the oldest, Len()-1 the newest), in place:
// a caller may fill in what it computes of it once. Its place does not
// move while the ring keeps it.
func (r *Ring[T]) At(i int) *T {
	p := r.logical(i)
	return &r.chunks[p>>chunkShift][p&chunkMask]
}
