package sources

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/coworktop/coworktop/sources/follow"
)

// BackfillMaxBytes bounds the start-up read per log family: enough to
// rebuild the state since the last app start on a busy day, small enough
// that the first frame is never far away.
const BackfillMaxBytes = 32 << 20

// followedFamilies are the logs followed live; mcp.log is read at start-up
// if present but carries nothing the governor view needs live.
var followedFamilies = [...]string{"main", "cowork_vm_swift", "cowork_vm_node", follow.FamilyDaemon}

// StartFinder returns the offset in data of the last line that opens an app
// start entry, or -1; atLineStart says whether data[0] begins a line. Span
// is how long such a line's head is, so chunks overlap by it. ingest knows
// the entry's shape (ingest.LastAppStart); the backfill only scans for it.
type StartFinder struct {
	Last func(data []byte, atLineStart bool) int
	Span int
	// Stamp, if set, reads the time of a line that begins an entry; with
	// it the backfill reaches back past the last app start to the start of
	// the run that was going on an hour before the newest line (History),
	// so an app restart does not hide the last hour.
	Stamp func(line []byte) (time.Time, bool)
}

// History is how far back from the newest line of main.log the start-up
// backfill reaches at least, across app starts and rotated generations
// (within BackfillMaxBytes): the live view's "last hour" is then all there.
const History = time.Hour

// BackfillPart is one file range the backfill reads.
type BackfillPart struct {
	File  LogFile
	Start int64 // first byte read (moved to the next line start if inside a line)
	// Current is set for a family's live file: it is read to its end at
	// run time and then handed over to the follower.
	Current bool
	// Ended: Run sent the part's last batch, marked follow.LineBatch.Last (a
	// rotated part with lines): its consumer knows it is done.
	Ended bool
	f     *os.File
	r     io.ReaderAt // what f is read through (f itself, but for tests)
	// lz: one of many generations, opened only while planned or read, by
	// path and checked by identity (backfill_lazy.go); r is then lz.
	lz   *lazyFile
	size int64 // at planning
	// midLine: Start is inside a line, so the part begins at the next one.
	midLine bool
}

// SkippedFile is a log the backfill could not open, and why.
type SkippedFile struct {
	File LogFile
	Err  string
}

// Backfill is a start-up plan: what to read from which file, and where live
// following of each family then begins.
type Backfill struct {
	Parts   []BackfillPart
	Skipped []SkippedFile // unreadable files, left out of the backfill
	// Follow has one entry per followed family, to pass to Follow after Run
	// returns. For a family whose current file existed, Start is the very
	// descriptor the backfill read and StartAt the offset after its last
	// complete line, so nothing is lost or repeated in between, even if the
	// app rotates the file meanwhile.
	Follow []follow.FollowConfig
}

// PlanBackfill decides what to read at start-up from the logs of dir (files
// as ExpandPaths or a folder listing gives them; nil lists dir): for each
// family, the rotated generations and the current file, bounded to since the
// last "Starting app" entry or the last BackfillMaxBytes bytes, whichever is
// smaller. It opens every file it plans to read at once, so a rotation while
// reading cannot make it read a file twice. Call Run, or Close to give up.
func PlanBackfill(dir string, files []LogFile, start StartFinder) (*Backfill, error) {
	return planBackfill(dir, files, BackfillMaxBytes, start)
}

func planBackfill(dir string, files []LogFile, limit int64, start StartFinder) (*Backfill, error) {
	return planBackfillVia(dir, files, limit, start, nil)
}

// planBackfillVia is planBackfill reading each file through via(f) (nil:
// f itself), which lets a test see every read.
func planBackfillVia(dir string, files []LogFile, limit int64, start StartFinder, via func(*os.File) io.ReaderAt) (*Backfill, error) {
	if files == nil {
		var err error
		if files, err = folderLogs(dir); err != nil {
			return nil, err
		}
	}
	b := &Backfill{}
	byFam := map[string][]LogFile{}
	var order []string
	for _, lf := range files {
		if lf.Family == "" {
			continue
		}
		if byFam[lf.Family] == nil {
			order = append(order, lf.Family)
		}
		byFam[lf.Family] = append(byFam[lf.Family], lf)
	}
	for _, fam := range order {
		parts, skipped, err := planFamily(fam, byFam[fam], limit, start, via)
		if err != nil {
			b.Close()
			return nil, err
		}
		b.Parts = append(b.Parts, parts...)
		b.Skipped = append(b.Skipped, skipped...)
	}
	for _, fam := range followedFamilies {
		cfg := follow.FollowConfig{Path: filepath.Join(dir, fam+".log"), StartAt: 0}
		found := false
		for _, p := range b.Parts {
			if p.File.Family == fam && p.Current {
				cfg.Path, found = p.File.Path, true
			}
		}
		if fam == follow.FamilyDaemon && !found {
			continue // it lives in its own folder: followed only when found there
		}
		b.Follow = append(b.Follow, cfg)
	}
	return b, nil
}

// planFamily opens a family's files (oldest first) and picks where to start.
// A file that cannot be opened (permissions, not a regular file) is skipped
// and reported, not fatal: one bad generation must not hide the others.
func planFamily(fam string, files []LogFile, limit int64, start StartFinder, via func(*os.File) io.ReaderAt) ([]BackfillPart, []SkippedFile, error) {
	SortLogFiles(files)
	var parts []BackfillPart
	var skipped []SkippedFile
	sizes := make([]int64, 0, len(files))
	for _, lf := range files {
		f, err := follow.OpenLog(lf.Path)
		if errors.Is(err, os.ErrNotExist) {
			continue // rotated away since the listing
		}
		if err != nil {
			skipped = append(skipped, SkippedFile{File: lf, Err: CleanText(err.Error())})
			continue
		}
		st, err := follow.StatHandle(f)
		if err != nil {
			f.Close()
			closeParts(parts)
			return nil, nil, fmt.Errorf("backfill %q: %w", lf.Path, err)
		}
		var r io.ReaderAt = f
		if via != nil {
			r = via(f)
		}
		p := BackfillPart{File: lf, f: f, r: r, Current: lf.Generation == 0 && !lf.old, size: st.Size()}
		if len(files) > holdMax && !p.Current {
			f.Close()
			p.lz = &lazyFile{path: lf.Path, fam: lf.Family, id: st.ID(), via: via}
			p.f, p.r = nil, p.lz
		}
		parts = append(parts, p)
		sizes = append(sizes, st.Size())
	}
	first := pickStart(parts, sizes, limit, fam == "main", start)
	closeParts(parts[:first])
	for i := range parts {
		parts[i].release()
	}
	return parts[first:], skipped, nil
}

// pickStart sets where the family's read begins, going back from its
// current file at most limit bytes and, for main, no further than the
// start of the app run that was going on History before the newest line
// (scan; without a Stamp, the last app start), and returns the index of
// the first part read.
func pickStart(parts []BackfillPart, sizes []int64, limit int64, scan bool, start StartFinder) int {
	budget := limit
	var cutoff time.Time
	if scan && start.Stamp != nil {
		if newest, ok := newestStamp(parts, sizes, start.Stamp); ok {
			cutoff = newest.Add(-History)
		}
	}
	for i := len(parts) - 1; i >= 0; i-- {
		lo := max(0, sizes[i]-budget)
		p := &parts[i]
		res := scanResult{}
		for hi := sizes[i]; scan; {
			res = scanBack(p.r, lo, hi, start)
			if !res.found {
				break
			}
			if !startsAfter(p.r, res.at, cutoff, start.Stamp) {
				p.Start = res.at
				p.release()
				return i
			}
			hi = res.at // a run that began within the hour: read the one before too
		}
		if lo > 0 || i == 0 {
			p.Start = lo
			switch {
			case res.reachedLo:
				p.midLine = res.midLine
			case lo > 0:
				var prev [1]byte
				_, err := p.r.ReadAt(prev[:], lo-1)
				p.midLine = err == nil && prev[0] != '\n'
			}
			p.release()
			return i
		}
		p.release() // a lazy part is held only while it is looked at
		budget -= sizes[i]
		if budget <= 0 {
			return i
		}
	}
	return 0
}

func closeParts(parts []BackfillPart) {
	for i := range parts {
		if parts[i].f != nil {
			parts[i].f.Close()
			parts[i].f = nil
		}
	}
}

// Close releases every descriptor not yet handed over.
func (b *Backfill) Close() {
	closeParts(b.Parts)
	for i := range b.Follow {
		if b.Follow[i].Start != nil {
			b.Follow[i].Start.Close()
			b.Follow[i].Start = nil
		}
	}
}
