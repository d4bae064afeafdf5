package records

import (
	"context"
	"path/filepath"
	"reflect"
	"time"

	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/sources/follow"
)

// recordPoll is the safety poll's least interval: a process that dies
// leaves its record as it was, so no file event says so.
const recordPoll = 2 * time.Second

// recordSettle gathers a burst of file events into one reading.
const recordSettle = 50 * time.Millisecond

// WatchRecords sends a reading of the record folders now, then a new one
// whenever it differs from the last: it reads again on file events in the
// folders (through the follower's notifier) and on ticks, at most every
// recordPoll, as the safety poll. It returns when ctx is done or ticks
// closes. now is the clock readings are stamped and aged by (nil:
// time.Now); the poll's pace stays on the wall clock.
func WatchRecords(ctx context.Context, dirs RecordDirs, procs ProcessTable, now func() time.Time, ticks <-chan time.Time, out chan<- record.Reading) {
	r := NewRecordReader(dirs, procs)
	if now != nil {
		r.now = now
	}
	n := follow.NewNotifier(nil)
	defer n.Close()
	var last *record.Reading
	var lastAt time.Time
	read := func() bool {
		rec := r.Read()
		lastAt = time.Now()
		watchRecordDirs(n, dirs)
		if last != nil && sameReading(*last, rec) {
			return true
		}
		last = &rec
		select {
		case out <- rec:
			return true
		case <-ctx.Done():
			return false
		}
	}
	if !read() {
		return
	}
	for {
		select {
		case <-ctx.Done():
			return
		case _, ok := <-ticks:
			if !ok {
				return
			}
			if time.Since(lastAt) >= recordPoll && !read() {
				return
			}
		case ev, ok := <-n.Events():
			if !ok {
				n.Lost()
				continue
			}
			r.hint(ev.Name)
			time.Sleep(recordSettle)
			drainAll(n, r.hint)
			if !read() {
				return
			}
		case _, ok := <-n.Errors(): // an overflow or a lost watch: the safety poll reads on
			if !ok {
				n.Lost()
			}
		}
	}
}

// watchRecordDirs adds the watch of every record folder there now (the
// app's account and org folders appear when it first signs in).
func watchRecordDirs(n *follow.Notifier, dirs RecordDirs) {
	add := n.Add
	add(filepath.Join(dirs.Code.Path, codeSessionsDir))
	add(filepath.Join(dirs.Code.Path, jobsDir))
	add(filepath.Join(dirs.Code.Path, rosterDir))
	for _, c := range dirs.App {
		root := filepath.Join(c.Path, appSessionsDir)
		add(root)
		for _, a := range listDirs(root) {
			add(filepath.Join(root, a))
			for _, o := range listDirs(filepath.Join(root, a)) {
				add(filepath.Join(root, a, o))
			}
		}
	}
	n.Ensure()
}

// drainAll takes every event already queued, handing each path to note:
// one reading covers them.
func drainAll(n *follow.Notifier, note func(path string)) {
	for {
		select {
		case ev, ok := <-n.Events():
			if !ok {
				n.Lost()
				return
			}
			note(ev.Name)
		default:
			return
		}
	}
}

// sameReading: two readings say the same, whatever their times.
func sameReading(a, b record.Reading) bool {
	a.At, b.At = time.Time{}, time.Time{}
	return reflect.DeepEqual(a, b)
}
