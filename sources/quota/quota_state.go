package quota

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/sources/follow"
)

// Bounds of the statusline state file: the entries kept are at least
// statuslineMerge apart (Claude Code runs the command at every message;
// the newest reading replaces the newest entry until a minute has passed),
// and the newest statuslineKeep are kept: three hours at one a minute, more
// than the burn estimate's hour.
const (
	statuslineMerge = time.Minute
	statuslineKeep  = 180
	// A reading older than the newest kept by at most this comes from a
	// status line that started earlier and is dropped; by more, the clock
	// went back and the file starts afresh. The readers' own rule
	// (quota.MaxSkew): a newest entry further ahead of the clock, which
	// they refuse, would otherwise blank the quota until the clock caught
	// up with it (up to 10 minutes before).
	statuslineBack = quota.MaxSkew
	// staleTemp: a temporary file this old was left by a writer that was
	// killed mid-write (a write takes microseconds).
	staleTemp = time.Minute
)

// StatuslineReadings records rl as recordStatusline does (nothing when it
// is nil or empty), noting on each write what claudeJSON's quota key says
// when that file changed (quota_account.go), and returns the readings the
// state file holds, with rl's own as of now: what `coworktop statusline`
// words its quota from. A call whose figures did not change reads its own
// state file and nothing else.
func StatuslineReadings(path, claudeJSON string, rl *RateLimits, now time.Time) ([]quota.Sample, error) {
	var st StatuslineState
	var err error
	if path != "" {
		st, err = recordStatusline(path, claudeJSON, rl, now)
	}
	out := st.Account.samples()
	for _, s := range st.Samples {
		if !s.At.IsZero() {
			out = append(out, s.RateLimits.Samples(quota.Statusline, s.At.UTC())...)
		}
	}
	return append(out, rl.Samples(quota.Statusline, now.UTC().Truncate(time.Second))...), err
}

// recordStatusline adds what `coworktop statusline` saw at now to the
// state file at path, atomically: a temporary file in the same folder,
// renamed over the old one, so a reader sees the old file or the new one,
// never half of one. A state file that cannot be read is started afresh.
// Two status lines writing at once may lose one reading, never the file.
// It returns the state as it stands after the write (as read, when nothing
// was written).
func recordStatusline(path, claudeJSON string, rl *RateLimits, now time.Time) (StatuslineState, error) {
	st := StatuslineState{Version: 1}
	if data, _, err := readBounded(path, MaxStatuslineState); err == nil {
		if st, err = decodeStatuslineState(data); err != nil {
			st = StatuslineState{Version: 1}
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return st, err
	}
	if rl.Empty() {
		return st, nil
	}
	seen := StatuslineSeen{At: now.UTC().Truncate(time.Second), RateLimits: *rl}
	// Claude Code runs the command on screen events too, with the
	// rate_limits of the session's last API response: a figure that has
	// not changed keeps the time it was first seen, so its age says how
	// long it has held, not how long ago the screen last redrew.
	if n := len(st.Samples); n > 0 && sameLimits(st.Samples[n-1].RateLimits, *rl) {
		return st, nil
	}
	// The newest entry stands in for every reading since the one before it
	// until a minute has passed: kept entries are a minute apart.
	n := len(st.Samples)
	if n > 0 && seen.At.Before(st.Samples[n-1].At) {
		if st.Samples[n-1].At.Sub(seen.At) <= statuslineBack {
			return st, nil // another status line, started earlier, wrote a newer reading
		}
		st.Samples = st.Samples[:0] // the clock went back: start afresh
		n = 0
	}
	if n >= 2 && st.Samples[n-1].At.Sub(st.Samples[n-2].At) < statuslineMerge {
		st.Samples[n-1] = seen
	} else {
		st.Samples = append(st.Samples, seen)
	}
	if n := len(st.Samples); n > statuslineKeep {
		st.Samples = st.Samples[n-statuslineKeep:]
	}
	st.Version = 1
	st.Account = noteAccount(st.Account, claudeJSON, now)
	data, err := json.Marshal(st)
	if err != nil {
		return st, fmt.Errorf("statusline state: %w", err)
	}
	return st, writeAtomic(path, data)
}

// writeAtomic replaces path with data through a temporary file in its
// folder (created 0700 if missing). Temporary files of path's that writers
// killed mid-write left behind are removed first.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("state folder: %w", err)
	}
	removeStaleTemps(dir, filepath.Base(path), time.Now())
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("state file: %w", err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("state file: %w", werr)
	}
	return nil
}

// removeStaleTemps removes dir's temporary files of base (.base.*.tmp, as
// writeAtomic names them) older than staleTemp; a younger one may be
// another writer's, about to be renamed.
func removeStaleTemps(dir, base string, now time.Time) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	prefix := "." + base + "."
	for _, e := range ents {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, ".tmp") {
			continue
		}
		if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > staleTemp {
			_ = os.Remove(filepath.Join(dir, name)) // gone already: another writer cleaned it
		}
	}
}

// ReadTail returns at most n bytes from the end of the log at path,
// starting after the first newline within them (so no cut line leads),
// opened as every log is (follow.OpenLog).
func ReadTail(path string, n int64) ([]byte, error) {
	f, err := follow.OpenLog(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", filepath.Base(path), err)
	}
	from := max(0, fi.Size()-n)
	buf := make([]byte, fi.Size()-from)
	k, err := f.ReadAt(buf, from)
	if err != nil && k == 0 && len(buf) > 0 {
		return nil, fmt.Errorf("reading %s: %w", filepath.Base(path), err)
	}
	buf = buf[:k]
	if from > 0 {
		for i, c := range buf {
			if c == '\n' {
				return buf[i+1:], nil
			}
		}
		return nil, nil
	}
	return buf, nil
}

// sameLimits reports whether two rate_limits say the same.
func sameLimits(a, b RateLimits) bool {
	return a.None == b.None && sameWindow(a.FiveHour, b.FiveHour) && sameWindow(a.SevenDay, b.SevenDay) &&
		sameWindow(a.SpendLimit, b.SpendLimit)
}

func sameWindow(a, b *RateWindow) bool {
	pa, pb := a.percent(), b.percent()
	if (pa == nil) != (pb == nil) {
		return false
	}
	if pa == nil {
		return true
	}
	return *pa == *pb && a.ResetsAt.Equal(b.ResetsAt.Time)
}
