package ingest

import (
	"path/filepath"
	"time"

	"github.com/coworktop/coworktop/event"
)

// Stream parses live logs: runs of lines as a follower reads them, from any
// number of files, with one assembler per file so that entries never mix
// across files. It numbers each event's line within its generation and
// cites it under the generation's name, as ReadEach on the saved files
// would, and folds a quit's lines into one app.quit per file. It is not
// safe for concurrent use: one goroutine feeds it.
type Stream struct {
	loc   *time.Location
	files map[string]*streamFile
}

// NewStream returns a stream whose local timestamps are read in loc
// (time.Local live; nil means time.Local).
func NewStream(loc *time.Location) *Stream {
	if loc == nil {
		loc = time.Local
	}
	return &Stream{loc: loc, files: map[string]*streamFile{}}
}

// Lines is one run of consecutive lines of one generation of a file.
type Lines struct {
	// File is the file as followed (a path): one assembler per File, and its
	// base name names the events until Gen does.
	File  string
	Lines [][]byte
	// Gen is the base name the generation had when these lines were read
	// (main1.log for the rest of a generation read after its rotation).
	Gen string
	// First is the line number of Lines[0] within its generation, counted
	// from its first byte; 0 when unknown (a backfill), and then the
	// assembler's own count stands.
	First int64
	// Partial: the run was cut for size and the next run of File continues
	// it, possibly inside a multi-line entry. Other runs end where the
	// writer's last write ended, so the open entry is complete.
	Partial bool
	// Last: no more runs of File will come (a rotated generation read to
	// its end): its assembler is flushed and dropped after this run, so a
	// backfill of 20 000 generations holds one at a time.
	Last bool
}

// Parsed is what one run of lines gave.
type Parsed struct {
	// Events are the run's events, in order; a new slice each call, the
	// caller's to keep.
	Events []event.Event
	// Unreadable counts the run's lines before the file's first
	// timestamped line; BadStamps its entry starts whose stamp is no real
	// date.
	Unreadable, BadStamps int
	// Newest is the stamp of the newest entry of File read so far (said
	// anything or not): the log's own time, not when it was read. Zero
	// before the first stamped line.
	Newest time.Time
}

// Feed parses one run of lines.
func (s *Stream) Feed(in Lines) Parsed {
	f := s.files[in.File]
	if f == nil {
		if len(in.Lines) == 0 {
			return Parsed{} // a status with no lines: nothing to keep
		}
		f = newStreamFile(filepath.Base(in.File), s.loc)
		s.files[in.File] = f
	}
	before, badBefore := f.asm.Orphans(), f.asm.BadStamps()
	if in.Last {
		in.Partial = false // nothing continues it: close its last entry
		delete(s.files, in.File)
	}
	f.feed(in)
	p := Parsed{
		Events:     foldQuits(f.events, &f.quit),
		Unreadable: f.asm.Orphans() - before,
		BadStamps:  f.asm.BadStamps() - badBefore,
	}
	_, p.Newest = f.asm.StampSpan() // once a run: one stamp parsed
	f.events = nil
	return p
}

// Files is how many files the stream keeps an assembler for.
func (s *Stream) Files() int { return len(s.files) }

// streamFile is the stream's state for one file.
type streamFile struct {
	asm *assembler
	// The follower numbers lines within each generation of the file: the
	// assembler's running count plus delta is that number, and gen its
	// name, as events on the saved files would say.
	fed, next, delta int
	gen              string
	events           []event.Event // parsed from the run being fed
	quit             quitFold      // one app.quit per quit
}

func newStreamFile(name string, loc *time.Location) *streamFile {
	f := &streamFile{}
	f.asm = newAssembler(name, loc, func(e *entry) { f.events = parse(e, f.events) })
	return f
}

// feed parses one run into f.events.
func (f *streamFile) feed(in Lines) {
	from := len(f.events)
	if in.First > 0 && (f.gen == "" || int(in.First) != f.next) {
		// Another generation, or a jump after a crop: no entry spans it.
		f.asm.Flush()
		f.renumber(from)
		from = len(f.events)
		f.delta, f.gen = int(in.First)-f.fed-1, in.Gen
	} else if in.First > 0 && in.Gen != f.gen {
		// The same generation, renamed by a rotation since its last run:
		// what is read from now on is cited under its name now.
		f.asm.Flush()
		f.renumber(from)
		from = len(f.events)
		f.gen = in.Gen
	}
	for _, l := range in.Lines {
		f.asm.Feed(l)
	}
	f.fed += len(in.Lines)
	if in.First > 0 {
		f.next = int(in.First) + len(in.Lines)
	}
	// The app writes a multi-line entry in one write, so a run that ends
	// where the writer stopped ends on an entry boundary: flush now rather
	// than wait for the next entry, which may be minutes away. A run cut
	// for size may stop inside an entry: keep it open.
	if !in.Partial {
		f.asm.Flush()
	}
	f.renumber(from)
}

// renumber gives the events parsed since from their generation's name and
// line numbers (the backfill's keep the assembler's).
func (f *streamFile) renumber(from int) {
	if f.gen == "" {
		return
	}
	for i := range f.events[from:] {
		e := &f.events[from+i]
		e.Line += f.delta
		e.File = f.gen
	}
}

// foldQuits drops the lines of a quit after its first (one quit, one
// app.quit event), in place.
func foldQuits(events []event.Event, q *quitFold) []event.Event {
	kept := events[:0]
	for i := range events {
		if q.Keep(&events[i]) {
			kept = append(kept, events[i])
		}
	}
	return kept
}
