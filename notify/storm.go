package notify

import (
	"fmt"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// A storm of changes is a few notes, not one a snapshot: at most
// NotesPerMinute notes in any minute, across every kind, and evictions at
// most one note a minute, the rest told together ("37 sessions evicted in
// the last minute"). A note over the cap waits, merged with the later ones
// of its kind, until there is room.

// NotesPerMinute caps the notes of any one minute, all kinds together.
const NotesPerMinute = 6

// stormWindow is the minute both caps count in.
const stormWindow = time.Minute

// gate holds what the caps keep back.
type gate struct {
	sent     []time.Time            // when the notes of the last minute went, oldest first
	lastKind map[NoteKind]time.Time // when the last note of a kind went, for the kinds with a gap
	held     []heldNote             // at most one per kind, oldest first
}

// heldNote is the newest note of a kind kept back, and how many it stands for.
type heldNote struct {
	note  Note
	count int // notes (evictions: sessions) merged into it
	since time.Time
}

// kindGap is the least time between two notes of a kind: a storm of
// evictions is told once a minute.
func kindGap(k NoteKind) time.Duration {
	if k == NoteEviction {
		return stormWindow
	}
	return 0
}

// pass is what of notes (and of the notes held before) goes now.
func (g *gate) pass(now time.Time, notes []Note) []Note {
	if g.lastKind == nil {
		g.lastKind = map[NoteKind]time.Time{}
	}
	for len(g.sent) > 0 && now.Sub(g.sent[0]) >= stormWindow {
		g.sent = g.sent[1:]
	}
	for _, n := range notes {
		g.hold(n, now)
	}
	var out []Note
	kept := g.held[:0]
	for _, h := range g.held {
		if gap := kindGap(h.note.Kind); gap > 0 && now.Sub(g.lastKind[h.note.Kind]) < gap || len(g.sent) >= NotesPerMinute {
			kept = append(kept, h)
			continue
		}
		out = append(out, h.merged(now))
		g.sent = append(g.sent, now)
		g.lastKind[h.note.Kind] = now
	}
	g.held = kept
	return out
}

// hold keeps n back, merged with a held note of its kind.
func (g *gate) hold(n Note, now time.Time) {
	count := max(n.count, 1)
	for i := range g.held {
		if g.held[i].note.Kind == n.Kind {
			g.held[i].note = n
			g.held[i].count += count
			return
		}
	}
	g.held = append(g.held, heldNote{note: n, count: count, since: now})
}

// merged is the note to send for a held one: itself when it stands for
// one, else worded for all it stands for.
func (h heldNote) merged(now time.Time) Note {
	n := h.note
	if h.count <= max(n.count, 1) {
		return n
	}
	span := "minute"
	if d := now.Sub(h.since).Round(time.Minute); d > stormWindow {
		span = vocab.FormatDuration(d)
	}
	if n.Kind == NoteEviction {
		n.Title = fmt.Sprintf("coworktop: %d sessions evicted in the last %s", h.count, span)
		n.Message = n.latest
		if n.Message == "" {
			n.Message = "The app's session governor evicted them."
		} else {
			n.Message = "Latest: " + n.Message
		}
		return n
	}
	n.Message = fmt.Sprintf("%s (%d notes like it in the last %s; this is the latest)", n.Message, h.count, span)
	return n
}
