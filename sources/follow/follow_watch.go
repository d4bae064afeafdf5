package follow

import (
	"os"
	"path/filepath"

	"github.com/fsnotify/fsnotify"
)

// Notifier wakes the follower on changes in the log folders (inotify,
// kqueue, ReadDirectoryChangesW through fsnotify, which needs no cgo on
// darwin). A folder it cannot watch (missing, no notifications, too many
// watches) is polled on every tick instead, and its watch is retried.
type Notifier struct {
	w    *fsnotify.Watcher // nil: notifications unavailable
	dirs map[string]os.FileInfo
	// on is the identity of each folder watched, nil if not watched: a
	// folder deleted and re-created needs a new watch.
	on map[string]os.FileInfo
}

// NewNotifier watches dirs (more can be added with Add).
func NewNotifier(dirs []string) *Notifier {
	n := &Notifier{dirs: map[string]os.FileInfo{}, on: map[string]os.FileInfo{}}
	for _, d := range dirs {
		n.dirs[filepath.Clean(d)] = nil
	}
	if w, err := fsnotify.NewWatcher(); err == nil {
		n.w = w
	}
	n.Ensure()
	return n
}

// Ensure (re)adds the watch of every folder that exists and is not watched,
// or was replaced since it was.
func (n *Notifier) Ensure() {
	if n.w == nil {
		return
	}
	for d := range n.dirs {
		fi, err := os.Stat(d)
		if err != nil {
			n.drop(d)
			continue
		}
		if on := n.on[d]; on != nil && os.SameFile(on, fi) {
			continue
		}
		n.drop(d)
		if err := n.w.Add(d); err == nil {
			n.on[d] = fi
		}
	}
}

// Add puts dir among the folders to watch; Ensure starts the watch.
func (n *Notifier) Add(dir string) {
	d := filepath.Clean(dir)
	if _, ok := n.dirs[d]; !ok {
		n.dirs[d] = nil
	}
}

func (n *Notifier) drop(d string) {
	if n.on[d] != nil {
		_ = n.w.Remove(d)
		delete(n.on, d)
	}
}

func (n *Notifier) watching(dir string) bool { return n.on[filepath.Clean(dir)] != nil }

// Events is the channel of file events, nil without notifications.
func (n *Notifier) Events() <-chan fsnotify.Event {
	if n.w == nil {
		return nil
	}
	return n.w.Events
}

// Errors is the channel of watch errors, nil without notifications.
func (n *Notifier) Errors() <-chan error {
	if n.w == nil {
		return nil
	}
	return n.w.Errors
}

// Lost gives up on notifications (the watcher closed): poll from now on.
func (n *Notifier) Lost() {
	if n.w != nil {
		n.w.Close()
		n.w = nil
	}
	clear(n.on)
}

// Close stops the watches.
func (n *Notifier) Close() {
	if n.w != nil {
		n.w.Close()
	}
}

// distrustAfter is how many safety checks must find data that no file
// notification announced before a folder's notifications are no longer
// trusted. A FUSE mount written from outside (bindfs) or a network share
// sends none for the writer's changes; a single miss can also be a race
// with an event still queued.
const distrustAfter = 3

// noteSafetyCheck records a safety check that found new data (or not)
// with no notification since the last one: past distrustAfter such
// misses the follower checks on every tick, as for an unwatched folder.
func (w *follower) noteSafetyCheck(found bool) {
	if found && !w.evented {
		w.missed++
		if w.missed >= distrustAfter && !w.pollAlways {
			w.pollAlways = true
			w.setNote("notifications missed changes: polling")
		}
	}
	w.evented = false
}

// changes is the set of log names and folders a burst of events touched.
type changes struct {
	names map[string]bool // clean paths of changed files
	dirs  map[string]bool // folders changed as a whole (removed, renamed)
	all   bool
}

// drain takes ev and every event already queued behind it, so that a burst
// of writes costs one check.
func (n *Notifier) drain(ev fsnotify.Event) changes {
	c := changes{names: map[string]bool{}, dirs: map[string]bool{}}
	n.note(&c, ev)
	for {
		select {
		case ev, ok := <-n.w.Events:
			if !ok {
				c.all = true
				return c
			}
			n.note(&c, ev)
		default:
			return c
		}
	}
}

func (n *Notifier) note(c *changes, ev fsnotify.Event) {
	p := filepath.Clean(ev.Name)
	if _, isDir := n.dirs[p]; isDir {
		// The folder itself went away or moved: its watch is gone.
		delete(n.on, p)
		c.dirs[p] = true
		return
	}
	c.names[p] = true
}

// touches reports whether the changes concern w's family.
func (c changes) touches(w *follower) bool {
	if c.all {
		return true
	}
	for d := range c.dirs {
		if SamePath(d, w.dir) {
			return true
		}
	}
	for p := range c.names {
		if !SamePath(filepath.Dir(p), w.dir) {
			continue
		}
		base := filepath.Base(p)
		if w.fam == "" {
			if SamePath(base, filepath.Base(w.cfg.Path)) {
				return true
			}
			continue
		}
		if fam, _, _, ok := ClassifyLogName(base); ok && fam == w.fam {
			return true
		}
	}
	return false
}
