package journal

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// Span is a stretch of time; a zero end is open.
type Span struct{ From, To time.Time }

// holds reports whether t is in the span: From ≤ t < To.
func (s Span) holds(t time.Time) bool {
	return (s.From.IsZero() || !t.Before(s.From)) && (s.To.IsZero() || t.Before(s.To))
}

// ReadStats say what a read found.
type ReadStats struct {
	Records int
	// Damaged counts lines cut or damaged (a crash mid-write), Unknown
	// records of a kind or shape this coworktop does not read (a newer
	// one's); both are skipped.
	Damaged, Unknown int
	Files            int
	First, Last      time.Time
}

// Read calls fn with every record in span, a day at a time and in time
// order within it (records of one instant in the order they were
// written). Event times are in loc, or as logged for a zone named "".
// A folder that does not exist is an empty journal; one written by a newer
// coworktop is refused with a *NewerError.
func Read(dir string, span Span, loc *time.Location, fn func(Record)) (ReadStats, error) {
	var st ReadStats
	if _, err := checkFormat(dir); err != nil {
		return st, err
	}
	days, err := listDays(dir)
	if err != nil {
		return st, err
	}
	for _, d := range days {
		if !dayMayHold(d.day, span) {
			continue
		}
		if err := readDay(filepath.Join(dir, d.name), span, loc, &st, fn); err != nil {
			return st, err
		}
	}
	return st, nil
}

// dayMayHold reports whether a UTC day's file may hold records in span.
func dayMayHold(day string, span Span) bool {
	start, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return false
	}
	end := start.Add(24 * time.Hour)
	return (span.To.IsZero() || start.Before(span.To)) && (span.From.IsZero() || end.After(span.From))
}

func readDay(path string, span Span, loc *time.Location, st *ReadStats, fn func(Record)) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) { // pruned meanwhile
		return nil
	}
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	st.Files++
	seen := map[uint64]struct{}{}
	var recs []Record
	eachLine(b, func(line []byte) {
		key, kind, body, ok := parseLine(line)
		if !ok {
			if len(line) > 0 {
				st.Damaged++
			}
			return
		}
		if _, dup := seen[key]; dup {
			return
		}
		seen[key] = struct{}{}
		r, known, err := decode(kind, body, loc)
		if err != nil || !known {
			st.Unknown++
			return
		}
		if span.holds(r.At) {
			recs = append(recs, r)
		}
	})
	if n := len(b); n > 0 && b[n-1] != '\n' {
		st.Damaged++ // the last line, cut
	}
	sort.SliceStable(recs, func(i, j int) bool { return recs[i].At.Before(recs[j].At) })
	for _, r := range recs {
		st.Records++
		if st.First.IsZero() || r.At.Before(st.First) {
			st.First = r.At
		}
		if r.At.After(st.Last) {
			st.Last = r.At
		}
		fn(r)
	}
	return nil
}

type dayName struct{ day, name string }

// listDays lists the day files, oldest first.
func listDays(dir string) ([]dayName, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	var out []dayName
	for _, e := range ents {
		if d := dayOfFile(e.Name()); d != "" && e.Type().IsRegular() {
			out = append(out, dayName{d, e.Name()})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].day < out[j].day })
	return out, nil
}
