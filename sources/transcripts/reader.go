package transcripts

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/coworktop/coworktop/quota"
)

// Window is how far back lines are kept: no current 5-hour window began
// earlier.
var Window = quota.FiveHour.Length()

// lookEvery is how often a live session whose transcript was not found is
// looked for again (a stat per project folder).
const lookEvery = 10 * time.Second

// Reader reads the live sessions' transcripts incrementally. It is not
// safe for concurrent use.
type Reader struct {
	// Roots are the projects folders: $CLAUDE_CONFIG_DIR/projects or
	// ~/.claude/projects, and the legacy ~/.config/claude/projects.
	Roots []string
	// Now is the clock; nil: time.Now.
	Now func() time.Time

	sessions map[string]*session
	projects map[string]projectList // by root
	cut, bad int
	failed   int
	// Bytes counts the bytes read, for the benchmark.
	Bytes int64
}

// session is what is known of one live session's files.
type session struct {
	main     string // its transcript; "" while not found
	lookedAt time.Time
	tails    map[string]*tail // by path: its transcript and its subagents'
}

// projectList is a root's project folders as last listed.
type projectList struct {
	mod  time.Time
	dirs []string
}

// NewReader reads the transcripts under roots.
func NewReader(roots []string) *Reader {
	return &Reader{Roots: roots, sessions: map[string]*session{}, projects: map[string]projectList{}}
}

// ProjectRoots are the projects folders of the Claude Code folder
// configDir (where the session records are) and, on Linux and macOS, the
// legacy ~/.config/claude/projects.
func ProjectRoots(configDir, home string) []string {
	var roots []string
	if configDir != "" {
		roots = append(roots, filepath.Join(configDir, "projects"))
	}
	if home != "" {
		if legacy := filepath.Join(home, ".config", "claude", "projects"); !slices.Contains(roots, legacy) {
			roots = append(roots, legacy)
		}
	}
	return roots
}

// Read reads what the live sessions' transcripts gained since the last
// Read and returns the reading, and whether it differs from the last one.
// live are Claude Code session ids, as the records give them; one that
// could not be a file name is left out.
func (r *Reader) Read(live []string) (quota.UsageReading, bool) {
	now := time.Now()
	if r.Now != nil {
		now = r.Now()
	}
	since := now.Add(-Window)
	changed := false
	keep := map[string]bool{}
	for _, id := range live {
		if !validID(id) || keep[id] {
			continue
		}
		keep[id] = true
		s := r.sessions[id]
		if s == nil {
			s = &session{tails: map[string]*tail{}}
			r.sessions[id] = s
			changed = true
		}
		if r.readSession(id, s, since, now) {
			changed = true
		}
	}
	for id := range r.sessions {
		if !keep[id] {
			delete(r.sessions, id)
			changed = true
		}
	}
	return r.reading(now, since), changed
}

// readSession finds the session's files and reads each.
func (r *Reader) readSession(id string, s *session, since, now time.Time) bool {
	if s.main == "" && now.Sub(s.lookedAt) >= lookEvery || s.lookedAt.IsZero() {
		s.lookedAt = now
		s.main = r.locate(id)
	}
	if s.main == "" {
		return false
	}
	paths := append([]string{s.main}, subagentFiles(filepath.Join(filepath.Dir(s.main), id, "subagents"))...)
	changed := false
	seen := map[string]bool{}
	for _, p := range paths {
		seen[p] = true
		st, err := statFile(p)
		if err != nil {
			if p == s.main && os.IsNotExist(err) {
				s.main, s.lookedAt = "", time.Time{} // moved or gone: look again
			}
			continue
		}
		t := s.tails[p]
		if t == nil {
			t = &tail{}
			s.tails[p] = t
			changed = true
		}
		if !t.seen && st.ModTime().Before(since) {
			t.fi, t.size, t.off, t.seen = st, st.Size(), st.Size(), true // nothing of the window in it
			continue
		}
		var stats readStats
		c, err := t.update(p, st, since, &stats)
		r.cut, r.bad, r.Bytes = r.cut+stats.cut, r.bad+stats.bad, r.Bytes+stats.bytes
		if err != nil {
			r.failed++
		}
		changed = changed || c
	}
	for p := range s.tails {
		if !seen[p] {
			delete(s.tails, p)
			changed = true
		}
	}
	return changed
}

// reading is the readers' rows as one reading, each session's in time
// order, the sessions by id.
func (r *Reader) reading(now, since time.Time) quota.UsageReading {
	out := quota.UsageReading{At: now, Since: since, Cut: r.cut, Bad: r.bad, Unreadable: r.failed}
	ids := make([]string, 0, len(r.sessions))
	for id := range r.sessions {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		s := r.sessions[id]
		su := quota.SessionUsage{Session: id}
		for _, t := range s.tails {
			if t.seen {
				su.Files++
				su.Rows = append(su.Rows, t.rows...)
			}
		}
		slices.SortStableFunc(su.Rows, func(a, b quota.Usage) int { return a.At.Compare(b.At) })
		out.Sessions = append(out.Sessions, su)
	}
	return out
}

// locate finds <root>/<project>/<id>.jsonl: the folder's name is never
// computed (the rule changed between versions), each project folder is
// looked in.
func (r *Reader) locate(id string) string {
	name := id + ".jsonl"
	for _, root := range r.Roots {
		for _, d := range r.projectDirs(root) {
			p := filepath.Join(d, name)
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				return p
			}
		}
	}
	return ""
}

// projectDirs lists root's project folders, again only when root changed.
func (r *Reader) projectDirs(root string) []string {
	st, err := os.Stat(root)
	if err != nil {
		delete(r.projects, root)
		return nil
	}
	if l, ok := r.projects[root]; ok && l.mod.Equal(st.ModTime()) {
		return l.dirs
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil
	}
	l := projectList{mod: st.ModTime()}
	for _, e := range entries {
		if e.IsDir() {
			l.dirs = append(l.dirs, filepath.Join(root, e.Name()))
		}
	}
	r.projects[root] = l
	return l.dirs
}

// subagentFiles are the session's subagent transcripts: subagents/*.jsonl
// and subagents/workflows/<wf>/*.jsonl, not journal.jsonl (lifecycle
// records, no transcript).
func subagentFiles(dir string) []string {
	var out []string
	add := func(d string) []os.DirEntry {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".jsonl") && n != "journal.jsonl" {
				out = append(out, filepath.Join(d, n))
			}
		}
		return entries
	}
	for _, e := range add(dir) {
		if e.IsDir() && e.Name() == "workflows" {
			wf, _ := os.ReadDir(filepath.Join(dir, "workflows"))
			for _, w := range wf {
				if w.IsDir() {
					add(filepath.Join(dir, "workflows", w.Name()))
				}
			}
		}
	}
	return out
}

// statFile looks at a transcript; anything but a regular file is refused.
func statFile(p string) (os.FileInfo, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, os.ErrInvalid
	}
	return fi, nil
}

// validID: a session id that can only name a file in its folder.
func validID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
