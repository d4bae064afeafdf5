package quota

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/follow"
)

// The account's quota, read from the four places that hold it without a
// credential (reference: session-records §4), in the order they are
// preferred:
//
//  1. coworktop's own statusline state file, written by `coworktop
//     statusline` from the rate_limits Claude Code hands its statusLine
//     command (documented);
//  2. the rate limits coworktop's mod inside Claude Code writes at each
//     reply of any session (quota_mod.go; `coworktop mod install`);
//  3. the desktop app's plan-usage-history.json (about every 5 minutes
//     while the app runs; no reset times);
//  4. the cachedUsageUtilization key of ~/.claude.json (often days old).
//
// Only those keys are read. The reader never reads credentials, cookies or
// any endpoint, and never derives a percentage from token counts. Each file
// is opened read-only (follow.OpenLog: no lock, share-delete on Windows), refused
// when it is not a regular file or larger than its bound, and decoded into a
// struct holding only the fields used.

// Bounds on the quota files. ~/.claude.json also holds project histories
// and grows to megabytes; the others are small.
const (
	MaxStatuslineState = 1 << 20
	MaxDesktopHistory  = 16 << 20
	MaxClaudeJSON      = 256 << 20 // walked, not held: memory is one buffer
)

// QuotaPaths are the files the quota reader reads; an empty path is skipped.
type QuotaPaths struct {
	Statusline string // coworktop's statusline state file
	Mod        string // what coworktop's mod inside Claude Code writes (quota_mod.go)
	Desktop    string // the desktop app's plan-usage-history.json
	ClaudeJSON string // ~/.claude.json
}

// QuotaEnv is what DefaultQuotaPaths reads of the process; tests pass their own.
type QuotaEnv struct {
	GOOS     string
	Home     string
	Getenv   func(string) string
	CacheDir string // os.UserCacheDir(); "" when unknown
	// Glob lists the files matching a pattern (filepath.Glob); nil: none.
	Glob func(pattern string) []string
}

// ProcessQuotaEnv is this process's QuotaEnv.
func ProcessQuotaEnv() QuotaEnv {
	home, _ := os.UserHomeDir()
	cache, _ := os.UserCacheDir()
	glob := func(p string) []string {
		m, _ := filepath.Glob(p)
		return m
	}
	return QuotaEnv{GOOS: runtime.GOOS, Home: home, Getenv: os.Getenv, CacheDir: cache, Glob: glob}
}

// StatuslineStateName is the statusline state file's name in coworktop's
// cache folder.
const StatuslineStateName = "statusline.json"

// StatuslineStatePath is where `coworktop statusline` keeps what it saw:
// coworktop's own cache folder (never Claude's), e.g.
// ~/.cache/coworktop/statusline.json.
func StatuslineStatePath(env QuotaEnv) string {
	if env.CacheDir == "" {
		return ""
	}
	return filepath.Join(env.CacheDir, "coworktop", StatuslineStateName)
}

// DefaultQuotaPaths are the quota files on env's OS. The desktop app's
// data folder is ~/Library/Application Support/Claude (macOS),
// %APPDATA%\Claude (Windows; the older MSIX builds' package folder when
// that has none) and ~/.config/Claude (Linux);
// CLAUDE_CONFIG_DIR moves ~/.claude.json into that folder.
func DefaultQuotaPaths(env QuotaEnv) QuotaPaths {
	p := QuotaPaths{Statusline: StatuslineStatePath(env), Mod: ModLimitsPath(env)}
	var appData string
	switch env.GOOS {
	case "darwin":
		if env.Home != "" {
			appData = filepath.Join(env.Home, "Library", "Application Support", "Claude")
		}
	case "windows":
		if d := env.Getenv("APPDATA"); d != "" {
			appData = filepath.Join(d, "Claude")
		}
	default:
		if d := env.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(d) {
			appData = filepath.Join(d, "Claude")
		} else if env.Home != "" {
			appData = filepath.Join(env.Home, ".config", "Claude")
		}
	}
	if appData != "" {
		p.Desktop = filepath.Join(appData, "plan-usage-history.json")
	}
	// The older MSIX builds keep the app's data in their package folder
	// (any publisher hash): used when the usual file is not there.
	if d := env.Getenv("LOCALAPPDATA"); env.GOOS == "windows" && d != "" && env.Glob != nil && len(env.Glob(p.Desktop)) == 0 {
		if m := env.Glob(filepath.Join(d, "Packages", "Claude_*", "LocalCache", "Roaming", "Claude", "plan-usage-history.json")); len(m) > 0 {
			p.Desktop = m[0]
		}
	}
	p.ClaudeJSON = ClaudeJSONPath(env)
	return p
}

// ClaudeJSONPath is ~/.claude.json, or $CLAUDE_CONFIG_DIR/.claude.json.
func ClaudeJSONPath(env QuotaEnv) string {
	if d := env.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return filepath.Join(d, ".claude.json")
	} else if env.Home != "" {
		return filepath.Join(env.Home, ".claude.json")
	}
	return ""
}

// QuotaReader reads the quota files, each again only when its size or
// modification time changed (a stat, and nothing opened, when neither
// did), and counts per source the reads it refused or could not decode
// and the readings it refused as implausible. It is not safe for
// concurrent use.
type QuotaReader struct {
	Paths QuotaPaths
	// Now is the clock readings are checked against (a reading ahead of it
	// is refused); nil: time.Now.
	Now     func() time.Time
	seen    map[quota.Source]fileStamp
	errs    map[quota.Source]int
	refused map[quota.Source]int
	lastEr  map[quota.Source]string
}

type fileStamp struct {
	size int64
	mod  time.Time
}

// NewQuotaReader reads the files at paths.
func NewQuotaReader(paths QuotaPaths) *QuotaReader {
	return &QuotaReader{Paths: paths, seen: map[quota.Source]fileStamp{},
		errs: map[quota.Source]int{}, refused: map[quota.Source]int{}, lastEr: map[quota.Source]string{}}
}

// Read returns the readings of every file that changed since the last
// Read (all of them the first time), oldest first per source. A missing
// file is no error; any other failure is counted (Errors) and that
// source's readings are skipped this time. A reading with a percentage
// outside 0–100 or a time ahead of the clock is left out and counted
// (Refused).
func (r *QuotaReader) Read() []quota.Sample {
	now := time.Now()
	if r.Now != nil {
		now = r.Now()
	}
	var out []quota.Sample
	for _, src := range quota.Sources {
		path, limit, parse := r.source(src)
		if path == "" {
			continue
		}
		st, err := statQuotaFile(path, limit)
		if errors.Is(err, fs.ErrNotExist) {
			delete(r.seen, src)
			continue
		}
		if err == nil && st == r.seen[src] {
			continue // unchanged since the last read: not opened
		}
		var p quotaParsed
		if err == nil {
			p, err = readQuotaFile(path, limit, parse)
		}
		if err != nil {
			r.errs[src]++
			r.lastEr[src] = sources.CleanText(err.Error())
			if errors.Is(err, errNotOpened) || st == (fileStamp{}) {
				delete(r.seen, src) // it could not be opened: try again next time
			} else {
				r.seen[src] = st // it was read and says the same until it changes (issue 47)
			}
			continue
		}
		r.seen[src] = st
		delete(r.lastEr, src)
		r.refused[src] += p.refused
		for _, s := range p.samples {
			if !quota.Usable(s, now) {
				r.refused[src]++
				continue
			}
			out = append(out, s)
		}
	}
	return out
}

// Errors counts the reads of each source that were refused or failed.
func (r *QuotaReader) Errors() map[quota.Source]int { return maps.Clone(r.errs) }

// Refused counts the readings of each source refused as implausible: a
// percentage outside 0–100, a time ahead of the clock.
func (r *QuotaReader) Refused() map[quota.Source]int { return maps.Clone(r.refused) }

// LastError is the source's last failure, cleaned for printing; "" after
// a good read.
func (r *QuotaReader) LastError(src quota.Source) string { return r.lastEr[src] }

// quotaParse reads one quota file's readings from its bytes.
type quotaParse func(io.Reader) (quotaParsed, error)

func (r *QuotaReader) source(src quota.Source) (string, int64, quotaParse) {
	switch src {
	case quota.Statusline:
		return r.Paths.Statusline, MaxStatuslineState, whole(MaxStatuslineState, parseStatuslineState)
	case quota.Mod:
		return r.Paths.Mod, MaxModLimits, whole(MaxModLimits, parseModLimits)
	case quota.Desktop:
		return r.Paths.Desktop, MaxDesktopHistory, whole(MaxDesktopHistory, parseDesktopHistory)
	case quota.Cache:
		return r.Paths.ClaudeJSON, MaxClaudeJSON, parseClaudeJSON // walked to its one key
	}
	return "", 0, nil
}

// whole is parse over the reader's bytes, at most limit of them.
func whole(limit int64, parse func([]byte) (quotaParsed, error)) quotaParse {
	return func(r io.Reader) (quotaParsed, error) {
		data, err := io.ReadAll(io.LimitReader(r, limit+1))
		if err != nil {
			return quotaParsed{}, err
		}
		if int64(len(data)) > limit {
			return quotaParsed{}, fmt.Errorf("it grew past its %s bound while read", sizeText(limit))
		}
		return parse(data)
	}
}

// ReadQuota reads every quota file once.
func ReadQuota(paths QuotaPaths) ([]quota.Sample, *QuotaReader) {
	r := NewQuotaReader(paths)
	return r.Read(), r
}

// statQuotaFile is the file's size and time, refusing anything but a
// regular file (a FIFO would block) and anything over limit.
func statQuotaFile(path string, limit int64) (fileStamp, error) {
	name := filepath.Base(path)
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fileStamp{}, err
	case err != nil:
		return fileStamp{}, quotaFileError(name, err)
	case !fi.Mode().IsRegular():
		return fileStamp{}, fmt.Errorf("%s: not a regular file", name)
	case fi.Size() > limit:
		return fileStamp{}, fmt.Errorf("%s: %s, over its %s bound", name, sizeText(fi.Size()), sizeText(limit))
	}
	return fileStamp{size: fi.Size(), mod: fi.ModTime()}, nil
}

// errNotOpened marks a read that failed before the file was opened: it
// is tried again at the next read, while a file that was read and did
// not decode is read again only once it changed.
var errNotOpened = errors.New("not opened")

type notOpened struct{ error }

func (e notOpened) Unwrap() []error { return []error{e.error, errNotOpened} }

// openQuota opens a quota file; a variable so that a test can count the
// opens (an unchanged file must cost a stat, no open).
var openQuota = follow.OpenLog

// readQuotaFile opens the file as every log is (follow.OpenLog: read-only, no
// lock, share-delete on Windows) and parses it, at most limit bytes.
func readQuotaFile(path string, limit int64, parse quotaParse) (quotaParsed, error) {
	name := filepath.Base(path)
	f, err := openQuota(path)
	if err != nil {
		cause := errors.Unwrap(err) // past follow.OpenLog's "opening log": this is no log
		if cause == nil {
			cause = errors.New("not a regular file")
		}
		return quotaParsed{}, notOpened{quotaFileError(name, cause)}
	}
	defer f.Close()
	p, err := parse(io.LimitReader(f, limit+1))
	if err != nil {
		if strings.HasPrefix(err.Error(), name+":") { // the parser named it
			return p, err
		}
		return p, fmt.Errorf("%s: %w", name, err)
	}
	return p, nil
}

// readBounded reads a whole file of at most limit bytes, refusing anything
// but a regular file and anything larger (the statusline's state file,
// read before it is rewritten).
func readBounded(path string, limit int64) ([]byte, fileStamp, error) {
	st, err := statQuotaFile(path, limit)
	if err != nil {
		return nil, st, err
	}
	var data []byte
	_, err = readQuotaFile(path, limit, whole(limit, func(b []byte) (quotaParsed, error) {
		data = b
		return quotaParsed{}, nil
	}))
	return data, st, err
}

// sizeText is a size in bytes in words: "64 MiB", "900 KiB", "12 bytes".
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// QuotaProbe is what doctor says of one quota file.
type QuotaProbe struct {
	Source   quota.Source
	Path     string // cleaned for printing; "" when this OS has none
	Found    bool
	Readings int       // readings decoded
	Refused  int       // readings refused as implausible
	Newest   time.Time // the newest reading's time
	Err      string    // why it could not be read, cleaned
}

// ProbeQuota reads each quota file once and says what it holds.
func ProbeQuota(paths QuotaPaths) []QuotaProbe {
	r := NewQuotaReader(paths)
	var out []QuotaProbe
	for _, src := range quota.Sources {
		path, limit, parse := r.source(src)
		p := QuotaProbe{Source: src, Path: sources.CleanText(path)}
		if path != "" {
			_, err := statQuotaFile(path, limit)
			var parsed quotaParsed
			if err == nil {
				parsed, err = readQuotaFile(path, limit, parse)
			}
			switch {
			case errors.Is(err, fs.ErrNotExist):
			case err != nil:
				p.Found, p.Err = true, sources.CleanText(err.Error())
			default:
				p.Found = true
				p.Readings, p.Refused = len(parsed.samples), parsed.refused
				for _, s := range parsed.samples {
					if s.At.After(p.Newest) {
						p.Newest = s.At
					}
				}
			}
		}
		out = append(out, p)
	}
	return out
}
