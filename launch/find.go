package launch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// Where a CLI was found.
const (
	WherePath = "PATH"
	WhereApp  = "the app's claude-code folder"
)

// CLI is one Claude Code CLI found on this machine.
type CLI struct {
	Path  string
	Where string // WherePath or WhereApp
	// Version is what `claude --version` printed ("2.1.309"), else the
	// name of its claude-code/<version>/ folder; "" when neither says.
	Version     string
	VersionFrom string // "claude --version" or "its folder's name"
	// Desktop: its --help lists --desktop. HelpErr says why --help could
	// not be read.
	Desktop bool
	HelpErr error
	// Refused says why coworktop will not run this one at all.
	Refused string
}

// Finder finds the CLIs. Every outside effect is a field, so tests run on
// stand-ins.
type Finder struct {
	// LookPath finds "claude" on PATH (exec.LookPath).
	LookPath func(string) (string, error)
	// AppDirs are the desktop app's data folders (…/Claude), whose
	// claude-code/<version>/ folders hold the CLI the app runs.
	AppDirs []string
	// Output runs path with args and returns its standard output
	// (RunOutput).
	Output func(ctx context.Context, path string, args ...string) ([]byte, error)
	// Cache, when set, keeps each program's probe while its file is
	// unchanged (size and time), so a second o does not run --version
	// and --help again.
	Cache *ProbeCache
}

// ProbeCache keeps probes by program; safe for concurrent use.
type ProbeCache struct {
	mu sync.Mutex
	m  map[string]cachedProbe
}

type cachedProbe struct {
	size  int64
	mtime time.Time
	cli   CLI
	at    time.Time // when it was probed
}

// FailureMemory is how long a probe that failed (its --help unreadable:
// a hang, a crash) is remembered, so that pressing o again does not run
// the same failing program again at once.
const FailureMemory = time.Minute

// get is the cached probe of c.Path while its file is unchanged.
func (pc *ProbeCache) get(path string) (CLI, bool) {
	if pc == nil {
		return CLI{}, false
	}
	st, err := os.Stat(path)
	if err != nil {
		return CLI{}, false
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	e, ok := pc.m[path]
	if !ok || e.size != st.Size() || !e.mtime.Equal(st.ModTime()) {
		return CLI{}, false
	}
	if e.cli.HelpErr != nil && time.Since(e.at) > FailureMemory {
		return CLI{}, false
	}
	return e.cli, true
}

func (pc *ProbeCache) put(c CLI) {
	if pc == nil {
		return
	}
	st, err := os.Stat(c.Path)
	if err != nil {
		return
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.m == nil || len(pc.m) > 64 {
		pc.m = map[string]cachedProbe{}
	}
	if c.HelpErr != nil {
		c.HelpErr = fmt.Errorf("%w (found at %s; tried again after %s)", c.HelpErr, time.Now().Format("15:04:05"), FailureMemory)
	}
	pc.m[c.Path] = cachedProbe{size: st.Size(), mtime: st.ModTime(), cli: c, at: time.Now()}
}

// probeTimeout bounds `claude --version` and `claude --help`.
const probeTimeout = 5 * time.Second

// maxOutput bounds what is read of a probe's output.
const maxOutput = 64 << 10

// RunOutput runs path with args, without a shell or a terminal, in a
// process group of its own, and returns at most 64 KiB of its standard
// output (through vocab.CappedWriter, which io.Copy cannot bypass). Past
// probeTimeout, or as soon as it exits, its whole group is ended: a hanging
// --help leaves no child behind.
func RunOutput(ctx context.Context, path string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	cmd := commandContext(ctx, path, args...)
	out := &vocab.CappedWriter{Max: maxOutput, Full: cancel} // more than a help text: no need to wait
	cmd.Stdout = out
	cmd.WaitDelay = time.Second
	g := newGroup(cmd)
	defer g.close()
	err := cmd.Start()
	if err == nil {
		g.started(cmd)
		err = cmd.Wait()
		g.end()
	}
	if err != nil {
		return out.Bytes(), fmt.Errorf("%s %s: %w", filepath.Base(path), strings.Join(args, " "), err)
	}
	return out.Bytes(), nil
}

// Find lists the CLIs: the one on PATH first, then the app's, newest
// version first; each with its version and whether it takes --desktop.
func (f Finder) Find(ctx context.Context) []CLI {
	var out []CLI
	if f.LookPath != nil {
		p, err := f.LookPath("claude")
		switch {
		case err == nil:
			out = append(out, f.probe(ctx, CLI{Path: p, Where: WherePath}, ""))
		case errors.Is(err, exec.ErrDot) && p != "":
			// Found through "." or a relative PATH entry: never run, but said.
			out = append(out, CLI{Path: p, Where: WherePath, Refused: "it was found through a relative PATH entry (" + filepath.Dir(p) + "), and coworktop runs no program found that way"})
		}
	}
	for _, c := range appCLIs(f.AppDirs) {
		out = append(out, f.probe(ctx, CLI{Path: c.path, Where: WhereApp}, c.version))
	}
	return out
}

// probe reads a CLI's version and whether its help lists --desktop.
func (f Finder) probe(ctx context.Context, c CLI, folderVersion string) CLI {
	if got, ok := f.Cache.get(c.Path); ok && got.Where == c.Where {
		return got
	}
	c = f.probeNow(ctx, c, folderVersion)
	f.Cache.put(c)
	return c
}

// probeNow runs the program's --version and --help.
func (f Finder) probeNow(ctx context.Context, c CLI, folderVersion string) CLI {
	if b, err := f.Output(ctx, c.Path, "--version"); err == nil {
		if v := versionIn(b); v != "" {
			c.Version, c.VersionFrom = v, "claude --version"
		}
	}
	if c.Version == "" && folderVersion != "" {
		c.Version, c.VersionFrom = folderVersion, "its folder's name"
	}
	b, err := f.Output(ctx, c.Path, "--help")
	if err != nil && len(b) == 0 {
		c.HelpErr = err
		return c
	}
	c.Desktop = desktopFlag().Match(b)
	return c
}

// desktopFlag is --desktop as a help text lists an option: at a word's
// start, not inside --desktop-foo.
var desktopFlag = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(^|[\s,\[(])--desktop([\s,=\])]|$)`) })

// versionRE is a dotted version, as `claude --version` prints it
// ("2.1.309 (Claude Code)").
var versionRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(\d+\.\d+\.\d+)\b`) })

func versionIn(b []byte) string {
	if m := versionRE().FindSubmatch(b); m != nil {
		return string(m[1])
	}
	return ""
}

type appCLI struct{ path, version string }

// appExecutables are where a claude-code/<version>/ folder holds the
// program: macOS's app bundle, Windows', Linux's.
var appExecutables = []string{
	filepath.Join("claude.app", "Contents", "MacOS", "claude"),
	"claude.exe",
	"claude",
}

// appCLIs are the CLIs in the app folders' claude-code/<version>/, newest
// version first.
func appCLIs(dirs []string) []appCLI {
	var out []appCLI
	for _, d := range dirs {
		entries, err := os.ReadDir(filepath.Join(d, "claude-code"))
		if err != nil {
			continue
		}
		for _, e := range entries {
			if !e.IsDir() || versionIn([]byte(e.Name())) != e.Name() {
				continue
			}
			for _, rel := range appExecutables {
				p := filepath.Join(d, "claude-code", e.Name(), rel)
				if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
					out = append(out, appCLI{path: p, version: e.Name()})
					break
				}
			}
		}
	}
	slices.SortStableFunc(out, func(a, b appCLI) int { return CompareVersions(b.version, a.version) })
	return out
}

// CompareVersions orders dotted versions numerically: -1, 0 or 1. A part
// that is no number an int holds sorts below every number: Atoi gives the
// largest int for "99999999999999999999", and a folder so named sorted
// first, as the newest CLI.
func CompareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	part := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			return -1
		}
		return n
	}
	for i := range max(len(as), len(bs)) {
		var x, y int
		if i < len(as) {
			x = part(as[i])
		}
		if i < len(bs) {
			y = part(bs[i])
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// ErrNoCLI is Choose's error when no Claude Code CLI was found.
var ErrNoCLI = errors.New("no Claude Code CLI found (not on PATH, not in the app's claude-code folder)")

// Choose is the first CLI that takes --desktop; else an error that says,
// for each CLI found, why it cannot be used.
func Choose(clis []CLI) (CLI, error) {
	if len(clis) == 0 {
		return CLI{}, ErrNoCLI
	}
	var why []string
	for _, c := range clis {
		if c.Desktop {
			return c, nil
		}
		why = append(why, c.whyNot())
	}
	return CLI{}, errors.New(strings.Join(why, "; "))
}

// whyNot says why a CLI cannot open a desktop session.
func (c CLI) whyNot() string {
	where := "the claude on " + c.Where
	if c.Where == WhereApp {
		where = "the claude in " + c.Where
	}
	if c.Refused != "" {
		return fmt.Sprintf("%s (%s): %s", where, c.Path, c.Refused)
	}
	if c.HelpErr != nil {
		return fmt.Sprintf("%s: its --help could not be read (%s)", where, oneLine(c.HelpErr.Error()))
	}
	v := "version not reported"
	if c.Version != "" {
		v = c.Version + " (from " + c.VersionFrom + ")"
	}
	return fmt.Sprintf("%s, %s, does not list --desktop in its --help (it came in Claude Code %s)", where, v, governor.DesktopFlagSince)
}

func oneLine(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	return s
}
