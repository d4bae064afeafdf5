package journal

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Info is what `coworktop journal` says of a journal.
type Info struct {
	Dir    string
	Exists bool
	// Format is the folder's format (0 when it has none yet).
	Format int
	Files  int
	Bytes  int64
	// First and Last are its oldest and newest records (zero when empty).
	First, Last time.Time
	// Perm is the folder's permission bits (Unix).
	Perm os.FileMode
}

// Stat describes the journal in dir without writing anything. The span is
// read from the oldest and the newest day's files.
func Stat(dir string) (Info, error) {
	in := Info{Dir: dir}
	st, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return in, nil
	}
	if err != nil {
		return in, fmt.Errorf("journal: %w", err)
	}
	in.Exists, in.Perm = true, st.Mode().Perm()
	exists, err := checkFormat(dir)
	if err != nil {
		return in, err
	}
	if exists {
		in.Format = Format
	}
	days, err := listDays(dir)
	if err != nil {
		return in, err
	}
	for _, d := range days {
		if fi, err := os.Stat(filepath.Join(dir, d.name)); err == nil {
			in.Files++
			in.Bytes += fi.Size()
		}
	}
	if len(days) == 0 {
		return in, nil
	}
	for _, d := range []dayName{days[0], days[len(days)-1]} {
		var rs ReadStats
		if err := readDay(filepath.Join(dir, d.name), Span{}, time.Local, &rs, func(Record) {}); err != nil {
			return in, err
		}
		if !rs.First.IsZero() && (in.First.IsZero() || rs.First.Before(in.First)) {
			in.First = rs.First
		}
		if rs.Last.After(in.Last) {
			in.Last = rs.Last
		}
	}
	return in, nil
}
