package sources

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// FileResult says what reading one log file produced.
type FileResult struct {
	Path     string `json:"path"`
	Name     string `json:"-"`
	Lines    int    `json:"lines"`
	CutLines int    `json:"cut_lines,omitempty"`
	Orphans  int    `json:"orphan_lines,omitempty"` // lines before the first timestamp
	Entries  int    `json:"entries"`
	Err      string `json:"error,omitempty"`
}

// ReadEvents reads every file in order and calls fn with each parsed event,
// in file order, from the calling goroutine. A file that cannot be opened or
// read is reported in its FileResult and the others are still read: one bad
// file loses nothing else. loc is the zone of the logs' local timestamps.
//
// Large files are cut into blocks at entry boundaries and parsed on every
// core, then delivered in order (see parseBlocks): this is what keeps
// `report` on a gigabyte of log near grep's speed.
func ReadEvents(files []LogFile, loc *time.Location, fn func(governor.Event)) []FileResult {
	results := make([]FileResult, 0, len(files))
	for _, lf := range files {
		res := FileResult{Path: lf.Path, Name: lf.Name}
		if err := readFileEvents(lf, loc, &res, fn); err != nil {
			res.Err = governor.SanitizeString(err.Error(), governor.MaxTextRunes)
		}
		results = append(results, res)
	}
	return results
}

func readFileEvents(lf LogFile, loc *time.Location, res *FileResult, fn func(governor.Event)) error {
	f, err := OpenLog(lf.Path)
	if err != nil {
		return err
	}
	defer f.Close()
	err = parseBlocks(f, lf.Name, loc, runtime.GOMAXPROCS(0), func(b *blockResult) {
		res.Lines += b.lines
		res.CutLines += b.cut
		res.Orphans += b.orphans
		res.Entries += b.entries
		for _, ev := range b.events {
			fn(ev)
		}
	})
	if err != nil {
		return fmt.Errorf("%s: %w", lf.Path, err)
	}
	return nil
}

// NewestEntry returns the latest entry time found near the end of any of
// the files (zero if none), without reading them whole. `report --since`
// counts back from it, so saved logs from another day still work.
func NewestEntry(files []LogFile, loc *time.Location) time.Time {
	var newest time.Time
	for _, lf := range files {
		f, err := OpenLog(lf.Path)
		if err != nil {
			continue
		}
		seeked := false
		if st, err := f.Stat(); err == nil && st.Size() > tailWindow {
			seeked = true
			if _, err := f.Seek(st.Size()-tailWindow, io.SeekStart); err != nil {
				f.Close()
				continue
			}
		}
		first := true
		_, _ = ReadLines(f, func(line []byte) {
			if first && seeked {
				first = false // the seek landed inside this line: not an entry start
				return
			}
			if t, ok := governor.EntryTime(line, loc); ok && t.After(newest) {
				newest = t
			}
		})
		f.Close()
	}
	return newest
}

// tailWindow is how far from the end NewestEntry looks for a timestamp.
const tailWindow = 64 << 10
