package records

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/sources/follow"
)

// Bounds of a reading: a record is a few hundred bytes, and anything
// larger is refused and counted; of a folder's files the newest
// MaxRecordFiles by time are read, and older ones skipped and counted.
const (
	MaxRecordSize  = 1 << 20
	MaxRecordFiles = 2000
	// coworkFresh: a local Cowork session record written this recently
	// counts as a local Cowork session running.
	coworkFresh = 10 * time.Minute
)

// errTooLarge is a record over MaxRecordSize.
var errTooLarge = errors.New("larger than 1 MiB")

// recordOpens counts the record files opened: the tests hold a reading
// to opening only what changed.
var recordOpens atomic.Int64

// readRecordFile reads one record file whole, refusing anything but a
// regular file and anything over MaxRecordSize. It never writes or locks.
func readRecordFile(path string) ([]byte, error) {
	f, err := follow.OpenLog(path) // read-only, non-blocking, regular files only, share-delete on Windows
	if err != nil {
		return nil, err
	}
	recordOpens.Add(1)
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxRecordSize+1))
	if err != nil {
		return nil, fmt.Errorf("reading record: %w", err)
	}
	if len(b) > MaxRecordSize {
		return nil, errTooLarge
	}
	return b, nil
}

// decodeRecord reads a record into v, a struct of the keys coworktop uses
// only. A UTF-8 BOM is allowed.
func decodeRecord(b []byte, v any) error {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decoding record: %w", err)
	}
	return nil
}

// codeFile is ~/.claude/sessions/<pid>.json: the keys used, nothing else.
type codeFile struct {
	Pid             int       `json:"pid"`
	HostSessionID   string    `json:"hostSessionId"`
	SessionID       string    `json:"sessionId"`
	Name            string    `json:"name"`
	Status          string    `json:"status"`
	WaitingFor      string    `json:"waitingFor"`
	UpdatedAt       epochTime `json:"updatedAt"`
	StartedAt       epochTime `json:"startedAt"`
	ProcStart       string    `json:"procStart"`
	BridgeSessionID string    `json:"bridgeSessionId"`
	PidDomain       string    `json:"pidDomain"`  // 2.1.278: whose process table the pid is in
	Entrypoint      string    `json:"entrypoint"` // "cli" from a terminal, "claude-desktop" from the app
	Tmux            string    `json:"tmux"`       // "0:@0.%0" when it runs in tmux
	LegacySessionID string    `json:"session_id"` // pid-<n>.json of older CLIs
}

// appFile is the desktop app's local_<uuid>.json: the keys used only.
type appFile struct {
	SessionID          string          `json:"sessionId"`
	CLISessionID       string          `json:"cliSessionId"`
	Title              string          `json:"title"`
	LastActivityAt     epochTime       `json:"lastActivityAt"`
	RemoteControlState json.RawMessage `json:"remoteControlState"`
	SessionType        string          `json:"sessionType"`
	IsArchived         bool            `json:"isArchived"`
}

// jobFile is ~/.claude/jobs/<id>/state.json: the keys used only.
type jobFile struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`
	State      string    `json:"state"`
	Status     string    `json:"status"`
	WaitingFor string    `json:"waitingFor"`
	UpdatedAt  epochTime `json:"updatedAt"`
}

// epochTime is a record time: Unix milliseconds (what Claude writes), or
// an RFC 3339 string. Zero when missing or unreadable.
type epochTime struct{ time.Time }

func (e *epochTime) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if s == "null" {
		return nil
	}
	if ms, err := strconv.ParseFloat(s, 64); err == nil {
		if ms > 0 && ms < 1e14 { // up to the year 5138
			e.Time = time.UnixMilli(int64(ms)).Local()
		}
		return nil
	}
	var str string
	if json.Unmarshal(b, &str) == nil {
		if t, err := time.Parse(time.RFC3339Nano, str); err == nil {
			e.Time = t.Local()
		}
	}
	return nil // an unreadable time is "not reported", not a bad record
}

// remoteControl reads remoteControlState, whose form is not documented: a
// boolean, a string naming a state, or an object with one of those under
// "state", "status", "enabled" or "active".
func remoteControl(raw json.RawMessage) record.Toggle {
	if len(raw) == 0 {
		return record.ToggleUnknown
	}
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		return toggle(b)
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return toggleWord(s)
	}
	var o struct {
		State   *string `json:"state"`
		Status  *string `json:"status"`
		Enabled *bool   `json:"enabled"`
		Active  *bool   `json:"active"`
	}
	if json.Unmarshal(raw, &o) == nil {
		switch {
		case o.Active != nil:
			return toggle(*o.Active)
		case o.Enabled != nil:
			return toggle(*o.Enabled)
		case o.State != nil:
			return toggleWord(*o.State)
		case o.Status != nil:
			return toggleWord(*o.Status)
		}
	}
	return record.ToggleUnknown
}

func toggle(b bool) record.Toggle {
	if b {
		return record.ToggleOn
	}
	return record.ToggleOff
}

func toggleWord(s string) record.Toggle {
	switch strings.ToLower(s) {
	case "active", "connected", "on", "enabled", "connecting", "reconnecting":
		return record.ToggleOn
	case "", "off", "inactive", "disabled", "disconnected", "none", "idle":
		return record.ToggleOff
	}
	return record.ToggleUnknown
}

// recordReader reads every record folder. It keeps each folder's listing
// and each record as last read (records_scan.go), so a reading opens only
// what changed, whatever the folders hold.
type recordReader struct {
	dirs  RecordDirs
	procs ProcessTable
	now   func() time.Time
	hints map[string]bool // paths file events named since the last reading (pathKey)

	codeScan *recordScan
	code     map[string]*codeEntry // by file name
	appScans map[string]*recordScan
	app      map[string]cachedApp // by path
	appPick  appChoice
	jobs     fileMemos // jobs/<id>/state.json and daemon/roster.json
	cowork   coworkTimes
}

type cachedApp struct {
	rec record.App
	ok  bool
}

// NewRecordReader returns a reader of dirs that checks processes in procs
// (nil: this machine's process table).
func NewRecordReader(dirs RecordDirs, procs ProcessTable) *recordReader {
	if procs == nil {
		procs = SystemProcesses()
	}
	return &recordReader{dirs: dirs, procs: procs, now: time.Now,
		codeScan: newRecordScan(filepath.Join(dirs.Code.Path, codeSessionsDir), isCodeRecordName),
		code:     map[string]*codeEntry{}, appScans: map[string]*recordScan{}, app: map[string]cachedApp{}, jobs: fileMemos{}}
}

// hint notes a path a file event named: it is stat'ed at the next reading.
func (r *recordReader) hint(path string) {
	if r.hints == nil {
		r.hints = map[string]bool{}
	}
	r.hints[pathKey(path)] = true
}

// Read takes one reading of every record folder.
func (r *recordReader) Read() record.Reading {
	now := r.now()
	out := record.Reading{At: now}
	if dirExists(r.dirs.Code.Path) {
		out.Found = true
		r.readCode(now, &out)
		r.readBackground(&out)
	}
	if c, ok := r.pickApp(now); ok {
		out.Found = true
		r.readApp(now, filepath.Join(c.Path, appSessionsDir), &out)
		r.countCowork(filepath.Join(c.Path, coworkDir), &out)
	}
	r.hints = nil
	// Read newest first, handed on in a stable order: by pid, by id.
	slices.SortFunc(out.Code, func(a, b record.Code) int { return a.Pid - b.Pid })
	slices.SortFunc(out.Leftover, func(a, b record.Code) int { return a.Pid - b.Pid })
	slices.SortFunc(out.App, func(a, b record.App) int { return strings.Compare(a.SessionID, b.SessionID) })
	return out
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// unreadable notes a record folder that exists but cannot be listed.
func unreadable(out *record.Reading, what string) {
	if !slices.Contains(out.Unreadable, what) {
		out.Unreadable = append(out.Unreadable, what)
	}
}

// readApp reads claude-code-sessions/<account>/<org>/local_<uuid>.json,
// the newest first, at most MaxRecordFiles. The account and org folders
// are walked, never kept or shown.
func (r *recordReader) readApp(now time.Time, root string, out *record.Reading) {
	accts, err := readDirs(root)
	if err != nil {
		unreadable(out, appSessionsDir)
		return
	}
	type file struct {
		scan *recordScan
		name string
	}
	var files []file
	live := map[string]bool{}
	for _, acct := range accts {
		orgs, err := readDirs(filepath.Join(root, acct))
		if err != nil {
			unreadable(out, appSessionsDir)
			continue
		}
		for _, org := range orgs {
			dir := filepath.Join(root, acct, org)
			sc := r.appScans[dir]
			if sc == nil {
				sc = newRecordScan(dir, isAppRecordName)
				r.appScans[dir] = sc
			}
			live[dir] = true
			if err := sc.scan(now, r.hints); err != nil {
				if !errors.Is(err, errNoFolder) {
					unreadable(out, appSessionsDir)
				}
				continue
			}
			for _, name := range sc.newest() {
				files = append(files, file{sc, name})
			}
		}
	}
	for dir := range r.appScans {
		if !live[dir] {
			delete(r.appScans, dir)
		}
	}
	// The newest first across the org folders: each folder's list is
	// sorted already, and there is one org folder per account in practice.
	if len(live) > 1 {
		slices.SortStableFunc(files, func(a, b file) int { return b.scan.files[b.name].mod.Compare(a.scan.files[a.name].mod) })
	}
	seen := make(map[string]bool, min(len(files), MaxRecordFiles))
	for i, f := range files {
		if i >= MaxRecordFiles {
			out.Skipped += len(files) - i
			break
		}
		p := filepath.Join(f.scan.dir, f.name)
		seen[p] = true
		if rec, ok := r.appRecord(p, f.scan.files[f.name], out); ok {
			out.App = append(out.App, rec)
		}
	}
	for p := range r.app {
		if !seen[p] {
			delete(r.app, p)
		}
	}
}

// appRecord reads one app record, or takes it from the cache when its
// size and time are unchanged.
func (r *recordReader) appRecord(p string, fi *scanFile, out *record.Reading) (record.App, bool) {
	if !fi.regular || fi.size > MaxRecordSize {
		out.Refused++
		return record.App{}, false
	}
	if c, ok := r.app[p]; ok && !fi.changed() {
		if !c.ok {
			out.Refused++
		}
		return c.rec, c.ok
	}
	var f appFile
	b, err := readRecordFile(p)
	if err == nil {
		err = decodeRecord(b, &f)
	}
	fi.markRead()
	var c cachedApp
	if err == nil && strings.HasPrefix(f.SessionID, "local_") {
		c.ok = true
		c.rec = record.App{SessionID: f.SessionID, CLISessionID: f.CLISessionID, Title: shown(f.Title), LastActivity: f.LastActivityAt.Time,
			RemoteControl: remoteControl(f.RemoteControlState), Scheduled: f.SessionType == "scheduled", Archived: f.IsArchived}
	} else {
		out.Refused++
	}
	r.app[p] = c
	return c.rec, c.ok
}

func isAppRecordName(name string) bool {
	return strings.HasPrefix(name, "local_") && strings.HasSuffix(name, ".json")
}

// readBackground reads the supervisor's background sessions: those the
// roster lists as running, with their state.json; without a roster, the
// jobs whose state is not finished. Each file is opened only when its size
// or time changed (fileMemos).
func (r *recordReader) readBackground(out *record.Reading) {
	seen := map[string]bool{}
	defer r.jobs.prune(seen)
	roster, haveRoster := r.roster(out, seen)
	dir := filepath.Join(r.dirs.Code.Path, jobsDir)
	ids, err := readDirs(dir)
	if err != nil {
		unreadable(out, jobsDir)
	}
	for i, id := range ids {
		if i >= MaxRecordFiles {
			out.Skipped += len(ids) - i
			break
		}
		if haveRoster && !roster[id] {
			continue
		}
		p := filepath.Join(dir, id, jobStateFile)
		seen[p] = true
		v, err := r.jobs.read(p, func(b []byte) (any, error) {
			var f jobFile
			return f, decodeRecord(b, &f)
		})
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			out.Refused++
			continue
		}
		f := v.(jobFile)
		if !haveRoster && finishedJob(f.State) {
			continue
		}
		out.Background = append(out.Background, record.Background{ID: id, Name: shown(f.Name), State: shown(f.State),
			Status: shown(f.Status), WaitingFor: shown(f.WaitingFor), UpdatedAt: f.UpdatedAt.Time})
	}
}

func finishedJob(state string) bool {
	return state == "done" || state == "failed" || state == "stopped"
}

// roster reads daemon/roster.json, whose form is not documented: a list of
// entries, or an object holding one under "sessions", "jobs" or "workers";
// each entry names its job by "id" or "jobId". It returns the job ids, and
// whether a roster was read.
func (r *recordReader) roster(out *record.Reading, seen map[string]bool) (map[string]bool, bool) {
	p := filepath.Join(r.dirs.Code.Path, rosterDir, rosterFile)
	seen[p] = true
	v, err := r.jobs.read(p, decodeRoster)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false
	}
	if err != nil {
		out.Refused++
		return nil, false
	}
	return v.(map[string]bool), true
}

func decodeRoster(b []byte) (any, error) {
	type entry struct {
		ID    string `json:"id"`
		JobID string `json:"jobId"`
	}
	var list []entry
	if err := decodeRecord(b, &list); err != nil {
		var o struct {
			Sessions []entry `json:"sessions"`
			Jobs     []entry `json:"jobs"`
			Workers  []entry `json:"workers"`
		}
		if err := decodeRecord(b, &o); err != nil {
			return nil, err
		}
		list = append(append(o.Sessions, o.Jobs...), o.Workers...)
	}
	ids := map[string]bool{}
	for _, e := range list {
		ids[e.ID], ids[e.JobID] = true, true
	}
	delete(ids, "")
	return ids, nil
}

// fileMemos remember what small record files held, by path, with their
// size and time: a file is read again only when either changed.
type fileMemos map[string]fileMemo

type fileMemo struct {
	size        int64
	mod, readAt time.Time
	val         any
	err         error
}

// read returns decode of the file at p, from memory while its size and
// time are those it was read with (and it was not read within its clock's
// tick of being written). A file not there is fs.ErrNotExist.
func (m fileMemos) read(p string, decode func([]byte) (any, error)) (any, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		delete(m, p)
		return nil, err
	}
	if c, ok := m[p]; ok && c.size == fi.Size() && c.mod.Equal(fi.ModTime()) && c.readAt.Sub(c.mod) >= dirTimeSlack {
		return c.val, c.err
	}
	b, err := readRecordFile(p)
	var v any
	if err == nil {
		v, err = decode(b)
	}
	m[p] = fileMemo{size: fi.Size(), mod: fi.ModTime(), readAt: time.Now(), val: v, err: err}
	return v, err
}

// prune forgets the files not in keep.
func (m fileMemos) prune(keep map[string]bool) {
	for p := range m {
		if !keep[p] {
			delete(m, p)
		}
	}
}

// coworkTimes are the times of the local Cowork session records, listed
// at most every recordSweep: they say only whether one was written in the
// last coworkFresh.
type coworkTimes struct {
	root   string
	listed time.Time
	mods   []time.Time
}

// countCowork counts the Cowork sessions kept on this machine whose record
// was written lately (local-agent-mode-sessions/<org>/<acct>/…).
func (r *recordReader) countCowork(root string, out *record.Reading) {
	out.CoworkKnown = true
	now := r.now()
	c := &r.cowork
	if c.root != root || c.listed.IsZero() || now.Sub(c.listed) >= recordSweep || now.Before(c.listed) {
		c.root, c.listed, c.mods = root, now, c.mods[:0]
		for _, a := range listDirs(root) {
			for _, b := range listDirs(filepath.Join(root, a)) {
				entries, _ := os.ReadDir(filepath.Join(root, a, b))
				for _, e := range entries {
					if !strings.HasPrefix(e.Name(), "local_") {
						continue
					}
					if fi, err := e.Info(); err == nil {
						c.mods = append(c.mods, fi.ModTime())
					}
				}
			}
		}
	}
	for _, m := range c.mods {
		if now.Sub(m) <= coworkFresh {
			out.CoworkLocal++
		}
	}
}

// listDirs lists the folders in dir (symlinks are not followed).
func listDirs(dir string) []string {
	out, _ := readDirs(dir)
	return out
}

// readDirs lists the folders in dir (symlinks are not followed); a folder
// that is not there holds none, one that cannot be listed is an error.
func readDirs(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing records: %w", err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out, nil
}
