package sources

import (
	"fmt"
	"time"

	"coworktop/governor"
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

// ReadEvents reads every file in order and calls fn with each parsed event.
// A file that cannot be opened or read is reported in its FileResult and the
// others are still read: one bad file loses nothing else. loc is the zone of
// the logs' local timestamps.
func ReadEvents(files []LogFile, loc *time.Location, fn func(governor.Event)) []FileResult {
	results := make([]FileResult, 0, len(files))
	var out []governor.Event
	for _, lf := range files {
		res := FileResult{Path: lf.Path, Name: lf.Name}
		asm := governor.NewAssembler(lf.Name, loc, func(e *governor.Entry) {
			res.Entries++
			out = governor.Parse(e, out[:0])
			for _, ev := range out {
				fn(ev)
			}
		})
		stats, err := readFile(lf.Path, asm.Feed)
		asm.Flush()
		res.Lines, res.CutLines, res.Orphans = stats.Lines, stats.CutLines, asm.Orphans()
		if err != nil {
			res.Err = governor.SanitizeString(err.Error(), governor.MaxTextRunes)
		}
		results = append(results, res)
	}
	return results
}

func readFile(path string, fn func([]byte)) (ReadStats, error) {
	f, err := OpenLog(path)
	if err != nil {
		return ReadStats{}, err
	}
	defer f.Close()
	stats, err := ReadLines(f, fn)
	if err != nil {
		return stats, fmt.Errorf("%s: %w", path, err)
	}
	return stats, nil
}

// tailWindow is how far from the end NewestEntry looks for a timestamp.
const tailWindow = 64 << 10

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
		if st, err := f.Stat(); err == nil && st.Size() > tailWindow {
			if _, err := f.Seek(st.Size()-tailWindow, 0); err != nil {
				f.Close()
				continue
			}
		}
		asm := governor.NewAssembler(lf.Name, loc, func(e *governor.Entry) {
			if t := e.Time(); t.After(newest) {
				newest = t
			}
		})
		_, _ = ReadLines(f, asm.Feed)
		asm.Flush()
		f.Close()
	}
	return newest
}
