package records

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/coworktop/coworktop/sources"
)

// Which of the app's data folders holds its live records (the second
// platform audit, N10): on Windows a pre-MSIX install can leave a real
// %APPDATA%\Claude\claude-code-sessions behind while the MSIX build writes
// into its package's LocalCache; Cowork on third-party platforms writes
// Claude-3p (N12). The folder whose records were written last wins, as the
// newest main.log does for the logs, chosen again at each sweep.

// appChoice is the app folder chosen, and when.
type appChoice struct {
	at   time.Time
	dir  sources.Candidate
	ok   bool
	read string // the folder the reader's app scans and records are of
}

// pickApp returns the app data folder to read: the candidate whose
// claude-code-sessions (or local-agent-mode-sessions) was written last.
func (r *recordReader) pickApp(now time.Time) (sources.Candidate, bool) {
	p := &r.appPick
	// Kept for a sweep while the chosen folder is there; while none is,
	// looked for at every reading (the app's first sign-in makes one).
	if p.ok && now.Sub(p.at) < recordSweep && !now.Before(p.at) && dirExists(p.dir.Path) {
		return p.dir, p.ok
	}
	p.at, p.ok = now, false
	var best time.Time
	for _, c := range r.dirs.App {
		t, found := appRecordsTime(c.Path)
		if found && (!p.ok || t.After(best)) {
			p.dir, p.ok, best = c, true, t
		}
	}
	if !p.ok || p.dir.Path != p.read {
		// another folder: the old one's scans and records go
		clear(r.appScans)
		clear(r.app)
		p.read = p.dir.Path
	}
	return p.dir, p.ok
}

// appRecordsTime is when the app last wrote a record under dir: the
// newest time of its claude-code-sessions/<account>/<org> folders (a
// record written through a temporary file and a rename changes its
// folder), or of the record folders themselves; found says one is there.
func appRecordsTime(dir string) (time.Time, bool) {
	var newest time.Time
	found := false
	see := func(p string) bool {
		fi, err := os.Stat(p)
		if err != nil || !fi.IsDir() {
			return false
		}
		found = true
		if fi.ModTime().After(newest) {
			newest = fi.ModTime()
		}
		return true
	}
	root := filepath.Join(dir, appSessionsDir)
	if see(root) {
		for _, a := range listDirs(root) {
			see(filepath.Join(root, a))
			for _, o := range listDirs(filepath.Join(root, a)) {
				see(filepath.Join(root, a, o))
			}
		}
	}
	see(filepath.Join(dir, coworkDir))
	return newest, found
}

// AppRecordFiles counts, under an app data folder's
// claude-code-sessions/<account>/<org>, the records (local_*.json) and
// the temporary files they are written through (local_*.json.tmp), for
// doctor: MSIX builds whose rename fails leave only the temporary files
// (the second platform audit, N11), and no record can be read.
func AppRecordFiles(dir string) (records, tmp int) {
	root := filepath.Join(dir, appSessionsDir)
	for _, a := range listDirs(root) {
		for _, o := range listDirs(filepath.Join(root, a)) {
			entries, _ := os.ReadDir(filepath.Join(root, a, o))
			for _, e := range entries {
				switch n := e.Name(); {
				case e.IsDir() || !strings.HasPrefix(n, "local_"):
				case strings.HasSuffix(n, ".json"):
					records++
				case strings.HasSuffix(n, ".json.tmp"):
					tmp++
				}
			}
		}
	}
	return records, tmp
}
