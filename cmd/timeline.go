package cmd

import (
	"os"
	"path/filepath"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/follow"
	"github.com/coworktop/coworktop/vocab"
)

// One timeline (claude-logs.md §7.9): main.log and its rotations, the VM
// logs, the Windows VM service's log and the daemon's describe one machine,
// so their events are applied in time order, not file after file. Each
// family's files are read in their own order (oldest generation first) and
// the families are merged by time; on equal stamps the family read first
// in a folder (follow.FamilyRank: main, cowork_vm_swift, cowork_vm_node,
// cowork-service, mcp, daemon) goes first, and within a family the file's
// own order holds. The merge never reorders one family's events.
//
// The largest family is read in the calling goroutine; the others are read
// alongside it, each on a goroutine of its own that hands over small
// batches, so memory stays bounded by the batches in flight whatever the
// files' sizes. With one family (the usual report of main.log alone) no
// goroutine or copy is added.

// mergeBatch is how many events a family's reader hands over at a time,
// and mergeDepth how many batches may wait.
const (
	mergeBatch = 256
	mergeDepth = 2
)

// familyKey groups files into the streams that are merged: a known log's
// family, or the file itself for one coworktop does not know.
func familyKey(lf sources.LogFile) string {
	if lf.Family != "" {
		return lf.Family
	}
	return "file:" + lf.Path
}

// familyGroup is one family's files, in reading order, with where each
// sits in the caller's list (its results go back there).
type familyGroup struct {
	key   string
	rank  int
	files []sources.LogFile
	index []int
	bytes int64
}

// groupFamilies splits files into families, each keeping the given order.
func groupFamilies(files []sources.LogFile) []*familyGroup {
	var groups []*familyGroup
	byKey := map[string]*familyGroup{}
	for i, lf := range files {
		k := familyKey(lf)
		g := byKey[k]
		if g == nil {
			g = &familyGroup{key: k, rank: follow.FamilyRank(lf.Family)}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.files = append(g.files, lf)
		g.index = append(g.index, i)
		if st, err := os.Stat(lf.Path); err == nil {
			g.bytes += st.Size()
		}
	}
	return groups
}

// before says whether an event of rank ra at a goes before one of rank rb
// at b: the earlier instant, then the family read first.
func before(a time.Time, ra int, b time.Time, rb int) bool {
	if !a.Equal(b) {
		return a.Before(b)
	}
	return ra < rb
}

// sideStream is a family read on its own goroutine.
type sideStream struct {
	rank    int
	batches chan []event.Event
	cur     []event.Event
	pos     int
	done    bool
	key     time.Time // the head's time, valid while head() is true
}

// head makes the stream's next event available; false once it has none.
func (s *sideStream) head() bool {
	for !s.done && s.pos >= len(s.cur) {
		b, ok := <-s.batches
		if !ok {
			s.done = true
			s.cur = nil
			return false
		}
		s.cur, s.pos = b, 0
		if len(b) > 0 {
			s.key = b[0].Time
		}
	}
	return !s.done
}

// pop takes the head (head() must be true).
func (s *sideStream) pop() *event.Event {
	e := &s.cur[s.pos]
	s.pos++
	if s.pos < len(s.cur) {
		s.key = s.cur[s.pos].Time
	}
	return e
}

// startSide reads g's files on a goroutine, handing over copies of their
// events in batches; results are filled in before the stream closes.
func startSide(g *familyGroup, loc *time.Location, read logReader, results []fileResult) *sideStream {
	s := &sideStream{rank: g.rank, batches: make(chan []event.Event, mergeDepth)}
	go func() {
		defer close(s.batches)
		batch := make([]event.Event, 0, mergeBatch)
		res := readFamily(g, loc, read, func(e *event.Event) {
			batch = append(batch, *e)
			if len(batch) == mergeBatch {
				s.batches <- batch
				batch = make([]event.Event, 0, mergeBatch)
			}
		})
		if len(batch) > 0 {
			s.batches <- batch
		}
		for i, r := range res {
			results[g.index[i]] = r
		}
	}()
	return s
}

// readFamily reads one family's files in order.
func readFamily(g *familyGroup, loc *time.Location, read logReader, fn func(*event.Event)) []fileResult {
	out := make([]fileResult, 0, len(g.files))
	var order familyOrder
	for _, lf := range g.files {
		out = append(out, order.read(lf, loc, read, fn))
	}
	return out
}

// familyOrder reads a log family's generations, oldest first, in order
// across the hour that repeats when clocks go back: a generation that
// starts inside it goes on from the one before (vocab.InOrder), as one
// file read whole does.
type familyOrder struct{ prev time.Time }

// read is readOne with the file's times placed after the family's last.
func (o *familyOrder) read(lf sources.LogFile, loc *time.Location, read logReader, fn func(*event.Event)) fileResult {
	before := o.prev
	res := readOne(lf, loc, read, func(e *event.Event) {
		if !e.Time.IsZero() {
			e.Time = vocab.InOrder(o.prev, e.Time)
			o.prev = e.Time
		}
		fn(e)
	})
	if !res.First.IsZero() {
		res.First = vocab.InOrder(before, res.First)
	}
	if !res.Last.IsZero() {
		res.Last = vocab.InOrder(o.prev, res.Last)
		o.prev = res.Last
	}
	return res
}

// mergeFamilies reads every family and calls fn with their events as one
// timeline, from the calling goroutine. results has a slot per file.
func mergeFamilies(groups []*familyGroup, loc *time.Location, read logReader, results []fileResult, fn func(*event.Event)) {
	main := 0 // the largest family is read inline
	for i, g := range groups {
		if g.bytes > groups[main].bytes {
			main = i
		}
	}
	var sides []*sideStream
	for i, g := range groups {
		if i != main {
			sides = append(sides, startSide(g, loc, read, results))
		}
	}
	// next is the side stream whose head goes first, or nil.
	next := func() *sideStream {
		var best *sideStream
		for _, s := range sides {
			if s.head() && (best == nil || before(s.key, s.rank, best.key, best.rank)) {
				best = s
			}
		}
		return best
	}
	m := groups[main]
	// The side whose head goes first is found again only when a head was
	// taken: the heads change at nothing else. Looked for at every event
	// of the main family, it was 2 % of a report's CPU, the side logs
	// (a few kilobytes) long over (issue 49). It is first looked for at
	// the main family's first event, not before, so the main family's
	// read does not wait for the sides' first batches.
	var first *sideStream
	looked := false
	res := readFamily(m, loc, read, func(e *event.Event) {
		if !looked {
			first, looked = next(), true
		}
		k := e.Time
		for first != nil && before(first.key, first.rank, k, m.rank) {
			fn(first.pop())
			first = next()
		}
		fn(e)
	})
	if !looked {
		first = next()
	}
	for ; first != nil; first = next() {
		fn(first.pop())
	}
	for i, r := range res {
		results[m.index[i]] = r
	}
}

// backfillHold keeps the live view's backfill events by family until the
// backfill is over, then gives them back as one timeline: the backfill
// reads the families one after another (sources.Backfill.Run), and a
// service log read after main.log must not undo what main.log's later
// lines decided. Statuses still go out as they come, so the screen shows
// the backfill's progress; the events it rebuilds come in one piece.
//
// After the backfill, lines are applied as they arrive: a line of a slower
// file that comes after a later line of another changes nothing that later
// line already decided, where the model keeps the time of what it decided
// (the VM's state keeps the time of its last boot line, governor.applyVM).
type backfillHold struct {
	byKey map[string]*heldFamily
	fams  []*heldFamily
	n     int
}

type heldFamily struct {
	rank   int
	events []event.Event
}

// add keeps the events of one batch of path.
func (h *backfillHold) add(path string, events []event.Event) {
	if len(events) == 0 {
		return
	}
	fam, _, _, ok := follow.ClassifyLogName(filepath.Base(path))
	key := fam
	if !ok {
		key = "file:" + path
	}
	if h.byKey == nil {
		h.byKey = map[string]*heldFamily{}
	}
	f := h.byKey[key]
	if f == nil {
		f = &heldFamily{rank: follow.FamilyRank(fam)}
		h.byKey[key] = f
		h.fams = append(h.fams, f)
	}
	f.events = append(f.events, events...)
	h.n += len(events)
}

// take returns the held events as one timeline and empties the hold; nil
// when none were held.
func (h *backfillHold) take() []event.Event {
	if h.n == 0 {
		return nil
	}
	out := make([]event.Event, 0, h.n)
	pos := make([]int, len(h.fams))
	for {
		best := -1
		var bestKey time.Time
		for i, f := range h.fams {
			if pos[i] >= len(f.events) {
				continue
			}
			k := f.events[pos[i]].Time
			if best < 0 || before(k, f.rank, bestKey, h.fams[best].rank) {
				best, bestKey = i, k
			}
		}
		if best < 0 {
			break
		}
		out = append(out, h.fams[best].events[pos[best]])
		pos[best]++
	}
	*h = backfillHold{}
	return out
}
