package sources

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// EnvProgramData is Windows' machine-wide data folder, where the Cowork VM
// service (a SYSTEM service) writes its log (claude-logs.md §5,
// platforms-audit W4).
const EnvProgramData = "PROGRAMDATA"

// ServiceLog is where the Windows Cowork VM service's log was looked for
// and what was found: cowork-service.log and its generations, the only
// place the VM's size is written on Windows. Its coworkd folder (the guest
// daemon's console logs) is probed and reported, not read: no line of it
// is known.
type ServiceLog struct {
	ProbedDir
	// Used says whether the logs found join the desktop app's when no PATH
	// is given; Why says why not.
	Used bool
	Why  string
	// Coworkd is the folder of the guest daemon's console logs
	// (coworkd\user-<SID>.log); CoworkdLogs counts the .log files there.
	Coworkd     string
	CoworkdLogs int
	CoworkdWhy  string // why it is not read, or why it could not be listed
}

// ServiceCandidate is %ProgramData%\Claude\Logs, with C:\ProgramData when
// the variable is unset.
func ServiceCandidate(in DiscoverInput) Candidate {
	if d := in.getenv(EnvProgramData); d != "" {
		return Candidate{in.join(d, "Claude", "Logs"), "%ProgramData% (the Cowork VM service)"}
	}
	return Candidate{in.join(`C:\ProgramData`, "Claude", "Logs"), `C:\ProgramData (PROGRAMDATA unset; the Cowork VM service)`}
}

// discoverService probes the service's folder on Windows, keeping only
// cowork-service logs. As with the daemon's log, a log folder set by hand
// (--log-dir, COWORKTOP_LOG_DIR) is not mixed with this machine's service
// log.
func discoverService(in DiscoverInput) ServiceLog {
	if in.GOOS != "windows" {
		return ServiceLog{}
	}
	p := probeDir(ServiceCandidate(in))
	kept := p.Files[:0]
	for _, f := range p.Files {
		if f.Family == familyService {
			kept = append(kept, f)
		}
	}
	p.Files = kept
	s := ServiceLog{ProbedDir: p, Coworkd: in.join(p.Path, "coworkd")}
	s.CoworkdLogs, s.CoworkdWhy = countCoworkd(s.Coworkd)
	overridden := in.FlagDir != "" || in.getenv(EnvLogDir) != ""
	switch {
	case !p.Found:
		s.Why = p.Why
	case len(p.Files) == 0:
		s.Why = "no cowork-service.log there (the Cowork VM service has not run)"
	case overridden:
		s.Why = "the log folder was set by hand; name this folder as PATH to read it with those logs"
	default:
		s.Used = true
	}
	return s
}

// familyService is the Windows VM service's log family.
const familyService = "cowork-service"

// countCoworkd counts the guest daemon's console logs and says why they
// are not read.
func countCoworkd(dir string) (int, string) {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return 0, "missing"
	case errors.Is(err, fs.ErrPermission):
		return 0, "permission denied"
	case err != nil:
		return 0, CleanText(err.Error())
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".log") {
			n++
		}
	}
	return n, "the guest daemon's console logs; coworktop knows no line of them, so they are listed, not read"
}

// Paths are the service logs to read with the app's, oldest first; none
// unless Used.
func (s ServiceLog) Paths() []string {
	if !s.Used {
		return nil
	}
	var out []string
	for _, f := range s.Files {
		out = append(out, filepath.Join(s.Path, f.Name))
	}
	return out
}
