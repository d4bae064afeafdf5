package sources

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"runtime"
	"strings"
	"time"

	"github.com/coworktop/coworktop/vocab"

	"github.com/coworktop/coworktop/sources/follow"
)

// EnvLogDir overrides the log folder, below the --log-dir flag.
const EnvLogDir = "COWORKTOP_LOG_DIR"

// Candidate is a folder worth probing and where the idea came from.
type Candidate struct {
	Path   string
	Source string // "--log-dir", "COWORKTOP_LOG_DIR", "%LOCALAPPDATA%", "macOS default", …
}

// ProbedFile is one known log found in a probed folder.
type ProbedFile struct {
	Name     string // cleaned for printing
	Family   string
	Size     int64
	ModTime  time.Time
	Readable bool   // it opened read-only
	OpenErr  string // why not, when not
}

// ProbedDir is what probing one candidate folder found.
type ProbedDir struct {
	Candidate
	Found bool   // exists and could be listed
	Why   string // for a folder not found or not usable: missing, permission denied, not a folder, empty
	Files []ProbedFile
	// Newest is the newest main.log write time (or of any known log when
	// there is no main.log); it decides between two found folders.
	Newest time.Time
	// Use says why discovery chose this folder, or why it did not.
	Use string
}

// Discovery is the outcome of looking for the Claude log folder.
type Discovery struct {
	Probed []ProbedDir
	Chosen string // "" when no folder was found
	Reason string // why Chosen, or why none
	// Daemon is the Claude Code daemon's log, in a folder of its own.
	Daemon DaemonLog
	// Service is the Windows Cowork VM service's log folder
	// (%ProgramData%\Claude\Logs); zero on other systems.
	Service ServiceLog
}

// DiscoverInput is everything discovery depends on, so every OS's rules can
// be tested on any OS.
type DiscoverInput struct {
	GOOS    string
	Home    string
	Getenv  func(string) string
	FlagDir string // --log-dir
	// Join joins path elements; nil means with GOOS's separator. Tests of
	// another OS's folders pass filepath.Join, so that the trees they build
	// are real folders on the OS that runs them.
	Join func(elem ...string) string
}

func (in DiscoverInput) join(elem ...string) string {
	if in.Join != nil {
		return in.Join(elem...)
	}
	return JoinFor(in.GOOS, elem...)
}

func (in DiscoverInput) getenv(k string) string {
	if in.Getenv == nil {
		return ""
	}
	return in.Getenv(k)
}

// Discover finds this machine's Claude log folder. flagDir is --log-dir.
func Discover(flagDir string) Discovery {
	home, _ := os.UserHomeDir()
	return DiscoverWith(DiscoverInput{GOOS: runtime.GOOS, Home: home, Getenv: os.Getenv, FlagDir: flagDir})
}

// Candidates lists the folders to probe, in order of preference. An override
// (flag, then environment) replaces the defaults: asking for a folder and
// silently getting another would mislead. Without one, every folder where
// the app is known to write its logs on this OS is probed (paths_os.go),
// and the newest main.log decides.
func Candidates(in DiscoverInput) []Candidate {
	if in.FlagDir != "" {
		return []Candidate{{in.FlagDir, "--log-dir"}}
	}
	if d := in.getenv(EnvLogDir); d != "" {
		return []Candidate{{d, EnvLogDir}}
	}
	switch in.GOOS {
	case "darwin":
		return darwinCandidates(in)
	case "windows":
		return windowsCandidates(in)
	default:
		cfg := in.getenv("XDG_CONFIG_HOME")
		src := "Linux repack default"
		if cfg == "" {
			cfg = in.join(in.Home, ".config")
		} else {
			src += " ($XDG_CONFIG_HOME)"
		}
		return []Candidate{{in.join(cfg, "Claude", "logs"), src}}
	}
}

// DiscoverWith probes the candidates for in and chooses one.
func DiscoverWith(in DiscoverInput) Discovery {
	d := Discovery{Daemon: discoverDaemon(in), Service: discoverService(in)}
	for _, c := range Candidates(in) {
		d.Probed = append(d.Probed, probeDir(c))
	}
	best := -1
	for i, p := range d.Probed {
		if !p.Found {
			continue
		}
		if best < 0 || (len(p.Files) > 0 && (len(d.Probed[best].Files) == 0 || p.Newest.After(d.Probed[best].Newest))) {
			best = i
		}
	}
	if best < 0 {
		d.Reason = "no Claude log folder found: " + whyNone(d.Probed)
		return d
	}
	b := d.Probed[best]
	d.Chosen = b.Path
	switch found := countFound(d.Probed); {
	case found > 1 && len(b.Files) > 0:
		d.Reason = fmt.Sprintf("newest main.log of %d folders found (written %s)", found, b.Newest.Format(time.DateTime))
	case len(b.Files) == 0:
		d.Reason = "the only folder found; it holds no known logs yet (the app may not have written any)"
	case b.Source == "--log-dir" || b.Source == EnvLogDir:
		d.Reason = "set by " + b.Source
	case len(d.Probed) > 1:
		d.Reason = "the only folder found"
	default:
		d.Reason = "this OS's default folder"
	}
	for i := range d.Probed {
		d.Probed[i].Use = useOf(d.Probed[i], i == best, b)
	}
	return d
}

// useOf says why p was or was not chosen, beside the chosen folder b.
func useOf(p ProbedDir, chosen bool, b ProbedDir) string {
	switch {
	case chosen:
		return "used"
	case !p.Found:
		return "not used: " + p.Why
	case len(p.Files) == 0:
		return "not used: no known logs"
	}
	return fmt.Sprintf("not used: its newest log was written %s, before the chosen folder's (%s); it may hold older history: name it as PATH to read it",
		p.Newest.Format(time.DateTime), b.Newest.Format(time.DateTime))
}

// whyNone says why none of the probed folders would do: each with its
// reason when there are one or two, else a count per reason and the
// first folder, so that the error stays a readable line (doctor lists
// them all).
func whyNone(ps []ProbedDir) string {
	if len(ps) <= 2 {
		var why []string
		for _, p := range ps {
			why = append(why, fmt.Sprintf("%s (%s): %s", CleanText(p.Path), p.Source, p.Why))
		}
		return strings.Join(why, "; ")
	}
	var reasons []string
	count := map[string]int{}
	for _, p := range ps {
		if count[p.Why] == 0 {
			reasons = append(reasons, p.Why)
		}
		count[p.Why]++
	}
	var parts []string
	for _, r := range reasons {
		parts = append(parts, fmt.Sprintf("%d %s", count[r], r))
	}
	return fmt.Sprintf("%d folders probed (%s), the first %s", len(ps), strings.Join(parts, ", "), CleanText(ps[0].Path))
}

func countFound(ps []ProbedDir) int {
	n := 0
	for _, p := range ps {
		if p.Found {
			n++
		}
	}
	return n
}

func probeDir(c Candidate) ProbedDir {
	p := ProbedDir{Candidate: c}
	fi, err := os.Stat(c.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		p.Why = "missing"
		return p
	case errors.Is(err, fs.ErrPermission):
		p.Why = "permission denied"
		return p
	case err != nil:
		p.Why = CleanText(err.Error())
		return p
	case !fi.IsDir():
		p.Why = "not a folder"
		return p
	}
	files, err := folderLogs(c.Path)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			p.Why = "permission denied"
		} else {
			p.Why = CleanText(err.Error())
		}
		return p
	}
	p.Found = true
	var newestMain, newestAny time.Time
	for _, lf := range files {
		st, err := os.Stat(lf.Path)
		if err != nil {
			continue
		}
		pf := ProbedFile{Name: CleanText(lf.Name), Family: lf.Family, Size: st.Size(), ModTime: st.ModTime()}
		if f, err := follow.OpenLog(lf.Path); err != nil {
			pf.OpenErr = CleanText(err.Error())
		} else {
			pf.Readable = true
			f.Close()
		}
		if st.ModTime().After(newestAny) {
			newestAny = st.ModTime()
		}
		if lf.Family == "main" && lf.Generation == 0 && !lf.old {
			newestMain = st.ModTime()
		}
		p.Files = append(p.Files, pf)
	}
	p.Newest = newestMain
	if newestMain.IsZero() {
		p.Newest = newestAny
	}
	if len(p.Files) == 0 {
		p.Why = "empty (no known logs)"
	}
	return p
}

// JoinFor joins path elements with the separator of goos, so Windows paths
// come out right when tested elsewhere.
func JoinFor(goos string, elem ...string) string {
	if goos != "windows" {
		return path.Join(elem...)
	}
	var parts []string
	for i, e := range elem {
		if i > 0 {
			e = strings.TrimLeft(e, `\/`)
		}
		if i < len(elem)-1 {
			e = strings.TrimRight(e, `\/`)
		}
		if e != "" {
			parts = append(parts, e)
		}
	}
	return strings.Join(parts, `\`)
}

// CleanText makes a file name, path or OS error safe to print on a
// terminal: vocab.PathText, so each unsafe rune or byte of invalid UTF-8
// shows as '?'.
func CleanText(s string) string { return vocab.SanitizeStringWith(s, vocab.PathText) }
