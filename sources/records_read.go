package sources

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// Bounds of a reading: a record is a few hundred bytes; anything larger,
// or more files than a person runs sessions, is refused and counted.
const (
	MaxRecordSize  = 1 << 20
	maxRecordFiles = 2000
	// coworkFresh: a local Cowork session record written this recently
	// counts as a local Cowork session running.
	coworkFresh = 10 * time.Minute
)

// errTooLarge is a record over MaxRecordSize.
var errTooLarge = errors.New("larger than 1 MiB")

// readRecordFile reads one record file whole, refusing anything but a
// regular file and anything over MaxRecordSize. It never writes or locks.
func readRecordFile(path string) ([]byte, error) {
	f, err := OpenLog(path) // read-only, non-blocking, regular files only, share-delete on Windows
	if err != nil {
		return nil, err
	}
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
func remoteControl(raw json.RawMessage) governor.Toggle {
	if len(raw) == 0 {
		return governor.ToggleUnknown
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
	return governor.ToggleUnknown
}

func toggle(b bool) governor.Toggle {
	if b {
		return governor.ToggleOn
	}
	return governor.ToggleOff
}

func toggleWord(s string) governor.Toggle {
	switch strings.ToLower(s) {
	case "active", "connected", "on", "enabled", "connecting", "reconnecting":
		return governor.ToggleOn
	case "", "off", "inactive", "disabled", "disconnected", "none", "idle":
		return governor.ToggleOff
	}
	return governor.ToggleUnknown
}

// recordReader reads every record folder. It keeps the desktop app's
// records by name, size and time, so a poll re-reads only what changed:
// the app keeps one per session it ever had.
type recordReader struct {
	dirs  RecordDirs
	procs ProcessTable
	cache map[string]cachedApp
	now   func() time.Time
}

type cachedApp struct {
	size int64
	mod  time.Time
	rec  governor.AppRecord
	ok   bool
}

// NewRecordReader returns a reader of dirs that checks processes in procs
// (nil: this machine's process table).
func NewRecordReader(dirs RecordDirs, procs ProcessTable) *recordReader {
	if procs == nil {
		procs = SystemProcesses()
	}
	return &recordReader{dirs: dirs, procs: procs, cache: map[string]cachedApp{}, now: time.Now}
}

// Read takes one reading of every record folder.
func (r *recordReader) Read() governor.Records {
	out := governor.Records{At: r.now()}
	if dirExists(r.dirs.Code.Path) {
		out.Found = true
		r.readCode(&out)
		r.readBackground(&out)
	}
	for _, c := range r.dirs.App {
		if dirExists(filepath.Join(c.Path, appSessionsDir)) || dirExists(filepath.Join(c.Path, coworkDir)) {
			out.Found = true
			r.readApp(filepath.Join(c.Path, appSessionsDir), &out)
			r.countCowork(filepath.Join(c.Path, coworkDir), &out)
			break
		}
	}
	return out
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// readCode reads sessions/<pid>.json, keeping only records whose process
// is alive and the same one; the others are counted stale and kept as
// leftovers (for what the losses can say), never shown live.
func (r *recordReader) readCode(out *governor.Records) {
	dir := filepath.Join(r.dirs.Code.Path, codeSessionsDir)
	names, _ := listNames(dir, ".json")
	for i, name := range names {
		if i >= maxRecordFiles {
			out.Refused += len(names) - i
			break
		}
		var f codeFile
		b, err := readRecordFile(filepath.Join(dir, name))
		if err == nil {
			err = decodeRecord(b, &f)
		}
		if err != nil || f.Pid <= 0 {
			out.Refused++
			continue
		}
		rec := governor.CodeRecord{Pid: f.Pid, HostSessionID: f.HostSessionID, SessionID: f.SessionID, Name: f.Name, Status: f.Status,
			WaitingFor: f.WaitingFor, UpdatedAt: f.UpdatedAt.Time}
		if f.BridgeSessionID != "" {
			rec.RemoteControl = governor.ToggleOn
		}
		if !r.procs.Same(f.Pid, f.ProcStart, f.StartedAt.Time) {
			out.Stale++
			if rec.HostSessionID != "" {
				out.Leftover = append(out.Leftover, rec)
			}
			continue
		}
		out.Code = append(out.Code, rec)
	}
}

// readApp reads claude-code-sessions/<account>/<org>/local_<uuid>.json.
// The account and org folders are walked, never kept or shown.
func (r *recordReader) readApp(root string, out *governor.Records) {
	seen := map[string]bool{}
	n := 0
	for _, acct := range listDirs(root) {
		for _, org := range listDirs(filepath.Join(root, acct)) {
			dir := filepath.Join(root, acct, org)
			names, _ := listNames(dir, ".json")
			for _, name := range names {
				if !strings.HasPrefix(name, "local_") {
					continue
				}
				if n++; n > maxRecordFiles {
					out.Refused++
					continue
				}
				p := filepath.Join(dir, name)
				seen[p] = true
				if rec, ok := r.appRecord(p, out); ok {
					out.App = append(out.App, rec)
				}
			}
		}
	}
	for p := range r.cache {
		if !seen[p] {
			delete(r.cache, p)
		}
	}
}

// appRecord reads one app record, or takes it from the cache when its
// size and time are unchanged.
func (r *recordReader) appRecord(p string, out *governor.Records) (governor.AppRecord, bool) {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > MaxRecordSize {
		out.Refused++
		return governor.AppRecord{}, false
	}
	if c, ok := r.cache[p]; ok && c.size == fi.Size() && c.mod.Equal(fi.ModTime()) {
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
	c := cachedApp{size: fi.Size(), mod: fi.ModTime()}
	if err == nil && strings.HasPrefix(f.SessionID, "local_") {
		c.ok = true
		c.rec = governor.AppRecord{SessionID: f.SessionID, CLISessionID: f.CLISessionID, Title: f.Title, LastActivity: f.LastActivityAt.Time,
			RemoteControl: remoteControl(f.RemoteControlState), Scheduled: f.SessionType == "scheduled", Archived: f.IsArchived}
	} else {
		out.Refused++
	}
	r.cache[p] = c
	return c.rec, c.ok
}

// readBackground reads the supervisor's background sessions: those the
// roster lists as running, with their state.json; without a roster, the
// jobs whose state is not finished.
func (r *recordReader) readBackground(out *governor.Records) {
	roster, haveRoster := r.roster(out)
	dir := filepath.Join(r.dirs.Code.Path, jobsDir)
	for i, id := range listDirs(dir) {
		if i >= maxRecordFiles {
			out.Refused++
			break
		}
		if haveRoster && !roster[id] {
			continue
		}
		var f jobFile
		b, err := readRecordFile(filepath.Join(dir, id, jobStateFile))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err == nil {
			err = decodeRecord(b, &f)
		}
		if err != nil {
			out.Refused++
			continue
		}
		if !haveRoster && finishedJob(f.State) {
			continue
		}
		out.Background = append(out.Background, governor.BackgroundRecord{ID: id, Name: f.Name, State: f.State,
			Status: f.Status, WaitingFor: f.WaitingFor, UpdatedAt: f.UpdatedAt.Time})
	}
}

func finishedJob(state string) bool {
	return state == "done" || state == "failed" || state == "stopped"
}

// roster reads daemon/roster.json, whose form is not documented: a list of
// entries, or an object holding one under "sessions", "jobs" or "workers";
// each entry names its job by "id" or "jobId". It returns the job ids, and
// whether a roster was read.
func (r *recordReader) roster(out *governor.Records) (map[string]bool, bool) {
	b, err := readRecordFile(filepath.Join(r.dirs.Code.Path, rosterDir, rosterFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, false
	}
	type entry struct {
		ID    string `json:"id"`
		JobID string `json:"jobId"`
	}
	var list []entry
	if err == nil && decodeRecord(b, &list) != nil {
		var o struct {
			Sessions []entry `json:"sessions"`
			Jobs     []entry `json:"jobs"`
			Workers  []entry `json:"workers"`
		}
		if err = decodeRecord(b, &o); err == nil {
			list = append(append(o.Sessions, o.Jobs...), o.Workers...)
		}
	}
	if err != nil {
		out.Refused++
		return nil, false
	}
	ids := map[string]bool{}
	for _, e := range list {
		ids[e.ID], ids[e.JobID] = true, true
	}
	delete(ids, "")
	return ids, true
}

// countCowork counts the Cowork sessions kept on this machine whose record
// was written lately (local-agent-mode-sessions/<org>/<acct>/…).
func (r *recordReader) countCowork(root string, out *governor.Records) {
	out.CoworkKnown = true
	now := r.now()
	for _, a := range listDirs(root) {
		for _, b := range listDirs(filepath.Join(root, a)) {
			entries, _ := os.ReadDir(filepath.Join(root, a, b))
			for _, e := range entries {
				if !strings.HasPrefix(e.Name(), "local_") {
					continue
				}
				if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) <= coworkFresh {
					out.CoworkLocal++
				}
			}
		}
	}
}

// listNames lists the regular-looking entries of dir ending in ext, sorted.
func listNames(dir, ext string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing records: %w", err)
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ext) {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// listDirs lists the folders in dir (symlinks are not followed).
func listDirs(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}
