package cmd

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/follow"
	"github.com/coworktop/coworktop/vocab"
)

// fileResult says what reading one saved log file produced.
type fileResult struct {
	Path     string `json:"path"`
	Name     string `json:"-"`
	Lines    int    `json:"lines"`
	CutLines int    `json:"cut_lines,omitempty"`
	Orphans  int    `json:"orphan_lines,omitempty"` // lines before the first timestamp
	Entries  int    `json:"entries"`
	// BadStamps counts entry starts whose timestamp is no real date.
	BadStamps int    `json:"bad_stamps,omitempty"`
	Err       string `json:"error,omitempty"`
	// First and Last are the file's first and last entry with a real
	// date, whether it gave an event or not.
	First, Last time.Time `json:"-"`
}

// readEvents reads every file and calls fn with each parsed event, from the
// calling goroutine, as one timeline: each family's files in their order,
// the families merged by time (timeline.go). A file that cannot be opened or
// read is reported in its fileResult and the others are still read: one bad
// file loses nothing else. loc is the zone of the logs' local timestamps.
// The results are in the order of files.
func readEvents(files []sources.LogFile, loc *time.Location, fn func(*event.Event)) []fileResult {
	return readEventsWith(files, loc, ingest.ReadEach, fn)
}

// logReader reads one saved log: ingest.ReadEach, or ingest.ReadSummary
// for a reader that keeps no event log.
type logReader func(r io.Reader, name string, loc *time.Location, fn func(*event.Event)) (ingest.Stats, error)

// readEventsWith is readEvents with each file read by read.
func readEventsWith(files []sources.LogFile, loc *time.Location, read logReader, fn func(*event.Event)) []fileResult {
	groups := groupFamilies(files)
	if len(groups) <= 1 {
		results := make([]fileResult, 0, len(files))
		var order familyOrder
		for _, lf := range files {
			results = append(results, order.read(lf, loc, read, fn))
		}
		return results
	}
	results := make([]fileResult, len(files))
	mergeFamilies(groups, loc, read, results, fn)
	return results
}

// readOne reads one file, its failure kept in its result.
func readOne(lf sources.LogFile, loc *time.Location, read logReader, fn func(*event.Event)) fileResult {
	res := fileResult{Path: lf.Path, Name: lf.Name}
	if err := readFileEvents(lf, loc, read, &res, fn); err != nil {
		res.Err = vocab.SanitizeString(err.Error(), vocab.MaxTextRunes)
	}
	return res
}

func readFileEvents(lf sources.LogFile, loc *time.Location, read logReader, res *fileResult, fn func(*event.Event)) error {
	f, err := follow.OpenLog(lf.Path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := read(f, lf.Name, loc, fn)
	res.Lines, res.CutLines, res.Orphans, res.Entries, res.BadStamps = st.Lines, st.CutLines, st.Orphans, st.Entries, st.BadStamps
	res.First, res.Last = st.First, st.Last
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

// maxClockSkew is how far past this machine's clock a log entry may be and
// still count as the newest (logs copied from a machine in another zone).
const maxClockSkew = 48 * time.Hour

// tailWindow is how far from the end newestEntry looks for a timestamp.
const tailWindow = 64 << 10

func newestIn(path string, loc *time.Location) time.Time {
	var newest time.Time
	// A line dated in the future is no entry the app wrote: it must not
	// empty a --since report.
	latestPlausible := productNow().Add(maxClockSkew)
	f, err := follow.OpenLog(path)
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
	_, _ = follow.ReadLines(f, func(line []byte) {
		if first && seeked {
			first = false // the seek landed inside this line: not an entry start
			return
		}
		if t, ok := ingest.EntryTime(line, loc); ok && t.After(newest) && t.Before(latestPlausible) {
			newest = t
		}
	})
	return newest
}

// notClaudeLogs is the error for named files none of which holds a single
// recognised entry (a file that is not a Claude log, or a folder of such),
// or nil. Files that could not be read are reported on their own, and empty
// files say nothing either way (a log just rotated is empty), as in
// sniffClaudeLogs.
func notClaudeLogs(results []fileResult) error {
	var names []string
	for _, r := range results {
		if r.Entries > 0 || r.BadStamps > 0 {
			return nil
		}
		if r.Err == "" && r.Lines > 0 {
			names = append(names, sources.CleanText(r.Path))
		}
	}
	if len(names) == 0 {
		return nil
	}
	return fmt.Errorf("%s: no Claude log lines (is this a Claude log?)", strings.Join(names, ", "))
}

// sniffWindow is how much of a file the live view reads to tell a Claude
// log from another file before it starts.
const sniffWindow = 1 << 20

// sniffClaudeLogs is notClaudeLogs for the live view, which follows rather
// than reads: the first MiB of each file must hold an entry start. Empty
// files say nothing either way (a log just rotated is empty).
func sniffClaudeLogs(files []sources.LogFile) error {
	var names []string
	for _, lf := range files {
		f, err := follow.OpenLog(lf.Path)
		if err != nil {
			return nil // the follower reports it
		}
		found, lines := false, 0
		_, _ = follow.ReadLines(io.LimitReader(f, sniffWindow), func(line []byte) {
			lines++
			found = found || ingest.IsEntryStart(line)
		})
		f.Close()
		if found || lines == 0 {
			return nil
		}
		names = append(names, sources.CleanText(lf.Path))
	}
	if len(names) == 0 {
		return nil
	}
	return fmt.Errorf("%s: no Claude log lines (is this a Claude log?)", strings.Join(names, ", "))
}
