package records

import (
	"errors"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/coworktop/coworktop/record"
)

// Claude Code's own records, sessions/<pid>.json, read through the
// folder's scan (records_scan.go): the newest first, each opened only when
// it changed, each process checked again only while its record is live.

// codeEntry is one sessions/ file as last read, with the verdict on its
// process.
type codeEntry struct {
	ok      bool // decoded, with a pid
	legacy  bool // pid-<n>.json, an older CLI's
	foreign bool // written by another OS's CLI (pidDomain)
	rec     record.Code
	start   string    // procStart
	started time.Time // startedAt
	// judged: the process was checked since the file was read; live is
	// the verdict. A stale record stays stale until its file changes (a
	// recycled pid is not re-checked every reading).
	judged, live bool
}

// legacyPrefix starts the older CLIs' record names: pid-<n>.json, with
// snake_case keys (session_id).
const legacyPrefix = "pid-"

func isCodeRecordName(name string) bool { return strings.HasSuffix(name, ".json") }

// readCode reads sessions/<pid>.json, keeping only records whose process
// is alive and the same one; the others are counted stale and kept as
// leftovers (for what the losses can say), never shown live.
func (r *recordReader) readCode(now time.Time, out *record.Reading) {
	s := r.codeScan
	if err := s.scan(now, r.hints); err != nil {
		if !errors.Is(err, errNoFolder) {
			unreadable(out, codeSessionsDir)
		}
		clear(r.code)
		return
	}
	swept := s.swept.Equal(now)
	names := s.newest()
	if n := min(len(names), MaxRecordFiles); n > 0 {
		out.Leftover = make([]record.Code, 0, n) // one allocation, not a doubling per reading
	}
	for i, name := range names {
		if i >= MaxRecordFiles {
			out.Skipped += len(names) - i
			break
		}
		f := s.files[name]
		if !f.regular || f.size > MaxRecordSize {
			out.Refused++
			delete(r.code, name)
			continue
		}
		e := r.code[name]
		if e == nil || f.changed() {
			e = decodeCode(filepath.Join(s.dir, name))
			f.markRead()
			r.code[name] = e
		}
		r.judge(e, f, now, swept)
		if f.hot = e.live; f.hot {
			s.markRecent(name)
		}
		e.count(out)
	}
	if len(out.Leftover) == 0 {
		out.Leftover = nil // a reading without leftovers reads as before
	}
	if len(r.code) > min(len(names), MaxRecordFiles) { // forget files gone or past the bound
		keep := names[:min(len(names), MaxRecordFiles)]
		kept := make(map[string]*codeEntry, len(keep))
		for _, n := range keep {
			if e := r.code[n]; e != nil {
				kept[n] = e
			}
		}
		r.code = kept
	}
}

// judge checks e's process: on first reading, on every reading while it
// is live (a process dies without a word), and at a sweep while its file
// is recent (a check that failed by bad luck is tried again).
func (r *recordReader) judge(e *codeEntry, f *scanFile, now time.Time, swept bool) {
	if !e.ok || e.foreign {
		return
	}
	if e.judged && !e.live && !(swept && now.Sub(f.mod) < recordHot) {
		return
	}
	e.judged = true
	if e.legacy && e.start == "" && e.started.IsZero() {
		e.live = false // an older CLI's record with no start: its pid proves nothing
		return
	}
	e.live = r.procs.Same(e.rec.Pid, e.start, e.started)
}

// count adds e to the reading.
func (e *codeEntry) count(out *record.Reading) {
	switch {
	case !e.ok:
		out.Refused++
		return
	case e.foreign:
		out.Foreign++
		return
	}
	if e.legacy {
		out.Legacy++
	}
	if !e.live {
		out.Stale++
		if e.rec.HostSessionID != "" {
			out.Leftover = append(out.Leftover, e.rec)
		}
		return
	}
	out.Code = append(out.Code, e.rec)
}

// decodeCode reads one sessions/ file.
func decodeCode(path string) *codeEntry {
	var f codeFile
	b, err := readRecordFile(path)
	if err == nil {
		err = decodeRecord(b, &f)
	}
	name := filepath.Base(path)
	e := &codeEntry{legacy: strings.HasPrefix(name, legacyPrefix)}
	if err != nil {
		return e
	}
	if e.legacy {
		if f.Pid <= 0 { // the pid is in the name
			f.Pid, _ = strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, legacyPrefix), ".json"))
		}
		if f.SessionID == "" {
			f.SessionID = f.LegacySessionID
		}
	}
	if f.Pid <= 0 || f.Pid > 1<<30 {
		return e
	}
	e.ok = true
	e.foreign = foreignDomain(f.PidDomain, runtime.GOOS, localPidDomain)
	e.start, e.started = f.ProcStart, f.StartedAt.Time
	e.rec = record.Code{Pid: f.Pid, HostSessionID: f.HostSessionID, SessionID: f.SessionID, Name: shown(f.Name), Status: shown(f.Status),
		WaitingFor: shown(f.WaitingFor), UpdatedAt: f.UpdatedAt.Time, Entrypoint: shown(f.Entrypoint), Tmux: shown(f.Tmux)}
	if f.BridgeSessionID != "" {
		e.rec.RemoteControl = record.ToggleOn
	}
	return e
}

// foreignDomain reports whether a record's pidDomain (2.1.278) names
// another machine's process table: "darwin", "win32:msi",
// "linux:<machine-id>:pid:[<namespace>]". A Linux CLI writing into a
// Windows ~/.claude (WSL, a synced folder) is foreign there, and so is a
// record of another Linux machine or pid namespace where this one's are
// known (local gives them). An empty or unknown form is not foreign.
func foreignDomain(domain, goos string, local func() (machineID, pidNS string)) bool {
	if domain == "" {
		return false
	}
	platform, rest, _ := strings.Cut(domain, ":")
	if platform == "win32" {
		platform = "windows"
	}
	switch platform {
	case "windows", "darwin", "linux", "freebsd", "openbsd", "netbsd":
	default:
		return false // a form not seen: no claim
	}
	if platform != goos {
		return true
	}
	if platform != "linux" || local == nil {
		return false
	}
	mid, ns, _ := strings.Cut(rest, ":")
	myMid, myNS := local()
	return (mid != "" && myMid != "" && mid != myMid) || (ns != "" && myNS != "" && ns != myNS)
}
