package sources

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// The account's quota, read from the three places that hold it without a
// credential (reference: session-records §4), in the order they are
// preferred:
//
//  1. coworktop's own statusline state file, written by `coworktop
//     statusline` from the rate_limits Claude Code hands its statusLine
//     command (documented);
//  2. the desktop app's plan-usage-history.json (about every 5 minutes
//     while the app runs; no reset times);
//  3. the cachedUsageUtilization key of ~/.claude.json (often days old).
//
// Only those keys are read. The reader never reads credentials, cookies or
// any endpoint, and never derives a percentage from token counts. Each file
// is opened read-only (OpenLog: no lock, share-delete on Windows), refused
// when it is not a regular file or larger than its bound, and decoded into a
// struct holding only the fields used.

// Bounds on the quota files. ~/.claude.json also holds project histories
// and grows to megabytes; the others are small.
const (
	MaxStatuslineState = 1 << 20
	MaxDesktopHistory  = 16 << 20
	MaxClaudeJSON      = 64 << 20
)

// QuotaPaths are the files the quota reader reads; an empty path is skipped.
type QuotaPaths struct {
	Statusline string // coworktop's statusline state file
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
	p := QuotaPaths{Statusline: StatuslineStatePath(env)}
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
	if d := env.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
		p.ClaudeJSON = filepath.Join(d, ".claude.json")
	} else if env.Home != "" {
		p.ClaudeJSON = filepath.Join(env.Home, ".claude.json")
	}
	return p
}

// QuotaReader reads the quota files, each again only when its size or
// modification time changed, and counts the reads it refused or could not
// decode, per source. It is not safe for concurrent use.
type QuotaReader struct {
	Paths  QuotaPaths
	seen   map[governor.QuotaSource]fileStamp
	errs   map[governor.QuotaSource]int
	lastEr map[governor.QuotaSource]string
}

type fileStamp struct {
	size int64
	mod  time.Time
}

// NewQuotaReader reads the files at paths.
func NewQuotaReader(paths QuotaPaths) *QuotaReader {
	return &QuotaReader{Paths: paths, seen: map[governor.QuotaSource]fileStamp{},
		errs: map[governor.QuotaSource]int{}, lastEr: map[governor.QuotaSource]string{}}
}

// Read returns the readings of every file that changed since the last
// Read (all of them the first time), oldest first per source. A missing
// file is no error; any other failure is counted (Errors) and that
// source's readings are skipped this time.
func (r *QuotaReader) Read() []governor.QuotaSample {
	var out []governor.QuotaSample
	for _, src := range governor.QuotaSources {
		path, limit, parse := r.source(src)
		if path == "" {
			continue
		}
		data, st, err := readBounded(path, limit)
		if errors.Is(err, fs.ErrNotExist) {
			delete(r.seen, src)
			continue
		}
		if err == nil && st == r.seen[src] {
			continue // unchanged since the last read
		}
		var samples []governor.QuotaSample
		if err == nil {
			samples, err = parse(data)
		}
		if err != nil {
			r.errs[src]++
			r.lastEr[src] = CleanText(err.Error())
			delete(r.seen, src) // read it again next time
			continue
		}
		r.seen[src] = st
		delete(r.lastEr, src)
		out = append(out, samples...)
	}
	return out
}

// Errors counts the reads of each source that were refused or failed.
func (r *QuotaReader) Errors() map[governor.QuotaSource]int {
	out := map[governor.QuotaSource]int{}
	for k, v := range r.errs {
		out[k] = v
	}
	return out
}

// LastError is the source's last failure, cleaned for printing; "" after
// a good read.
func (r *QuotaReader) LastError(src governor.QuotaSource) string { return r.lastEr[src] }

func (r *QuotaReader) source(src governor.QuotaSource) (string, int64, func([]byte) ([]governor.QuotaSample, error)) {
	switch src {
	case governor.QuotaStatusline:
		return r.Paths.Statusline, MaxStatuslineState, ParseStatuslineState
	case governor.QuotaDesktop:
		return r.Paths.Desktop, MaxDesktopHistory, ParseDesktopHistory
	case governor.QuotaCache:
		return r.Paths.ClaudeJSON, MaxClaudeJSON, ParseClaudeJSONQuota
	}
	return "", 0, nil
}

// ReadQuota reads every quota file once.
func ReadQuota(paths QuotaPaths) ([]governor.QuotaSample, *QuotaReader) {
	r := NewQuotaReader(paths)
	return r.Read(), r
}

// readBounded reads a whole file of at most limit bytes, refusing anything
// but a regular file (a FIFO would block) and anything larger.
func readBounded(path string, limit int64) ([]byte, fileStamp, error) {
	f, err := OpenLog(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fileStamp{}, err
		}
		return nil, fileStamp{}, fmt.Errorf("quota file %s: %w", filepath.Base(path), err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fileStamp{}, fmt.Errorf("quota file %s: %w", filepath.Base(path), err)
	}
	if fi.Size() > limit {
		return nil, fileStamp{}, fmt.Errorf("quota file %s: %d bytes, over the %d-byte bound", filepath.Base(path), fi.Size(), limit)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fileStamp{}, fmt.Errorf("quota file %s: %w", filepath.Base(path), err)
	}
	if int64(len(data)) > limit {
		return nil, fileStamp{}, fmt.Errorf("quota file %s: grew past the %d-byte bound while read", filepath.Base(path), limit)
	}
	return data, fileStamp{size: fi.Size(), mod: fi.ModTime()}, nil
}

// QuotaProbe is what doctor says of one quota file.
type QuotaProbe struct {
	Source   governor.QuotaSource
	Path     string // cleaned for printing; "" when this OS has none
	Found    bool
	Readings int       // readings decoded
	Newest   time.Time // the newest reading's time
	Err      string    // why it could not be read, cleaned
}

// ProbeQuota reads each quota file once and says what it holds.
func ProbeQuota(paths QuotaPaths) []QuotaProbe {
	r := NewQuotaReader(paths)
	var out []QuotaProbe
	for _, src := range governor.QuotaSources {
		path, limit, parse := r.source(src)
		p := QuotaProbe{Source: src, Path: CleanText(path)}
		if path != "" {
			data, _, err := readBounded(path, limit)
			switch {
			case errors.Is(err, fs.ErrNotExist):
			case err != nil:
				p.Found, p.Err = true, CleanText(err.Error())
			default:
				p.Found = true
				samples, err := parse(data)
				if err != nil {
					p.Err = CleanText(err.Error())
				}
				p.Readings = len(samples)
				for _, s := range samples {
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
