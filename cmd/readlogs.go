package cmd

import (
	"fmt"
	"io"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/sources"
)

// fileResult says what reading one saved log file produced.
type fileResult struct {
	Path     string `json:"path"`
	Name     string `json:"-"`
	Lines    int    `json:"lines"`
	CutLines int    `json:"cut_lines,omitempty"`
	Orphans  int    `json:"orphan_lines,omitempty"` // lines before the first timestamp
	Entries  int    `json:"entries"`
	Err      string `json:"error,omitempty"`
}

// readEvents reads every file in order and calls fn with each parsed event,
// in file order, from the calling goroutine. A file that cannot be opened or
// read is reported in its fileResult and the others are still read: one bad
// file loses nothing else. loc is the zone of the logs' local timestamps.
func readEvents(files []sources.LogFile, loc *time.Location, fn func(governor.Event)) []fileResult {
	results := make([]fileResult, 0, len(files))
	for _, lf := range files {
		res := fileResult{Path: lf.Path, Name: lf.Name}
		if err := readFileEvents(lf, loc, &res, fn); err != nil {
			res.Err = governor.SanitizeString(err.Error(), governor.MaxTextRunes)
		}
		results = append(results, res)
	}
	return results
}

func readFileEvents(lf sources.LogFile, loc *time.Location, res *fileResult, fn func(governor.Event)) error {
	f, err := sources.OpenLog(lf.Path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := ingest.Read(f, lf.Name, loc, fn)
	res.Lines, res.CutLines, res.Orphans, res.Entries = st.Lines, st.CutLines, st.Orphans, st.Entries
	if err != nil {
		return fmt.Errorf("%s: %w", lf.Path, err)
	}
	return nil
}

// newestEntry returns the latest entry time found near the end of any of
// the files (zero if none), without reading them whole. `report --since`
// counts back from it, so saved logs from another day still work.
func newestEntry(files []sources.LogFile, loc *time.Location) time.Time {
	var newest time.Time
	for _, lf := range files {
		if t := newestIn(lf.Path, loc); t.After(newest) {
			newest = t
		}
	}
	return newest
}

// tailWindow is how far from the end newestEntry looks for a timestamp.
const tailWindow = 64 << 10

func newestIn(path string, loc *time.Location) time.Time {
	var newest time.Time
	f, err := sources.OpenLog(path)
	if err != nil {
		return newest
	}
	defer f.Close()
	seeked := false
	if st, err := f.Stat(); err == nil && st.Size() > tailWindow {
		seeked = true
		if _, err := f.Seek(st.Size()-tailWindow, io.SeekStart); err != nil {
			return newest
		}
	}
	first := true
	_, _ = sources.ReadLines(f, func(line []byte) {
		if first && seeked {
			first = false // the seek landed inside this line: not an entry start
			return
		}
		if t, ok := ingest.EntryTime(line, loc); ok && t.After(newest) {
			newest = t
		}
	})
	return newest
}
