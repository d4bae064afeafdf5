package journal

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// Pruned says what Prune removed.
type Pruned struct {
	Files int
	Bytes int64
}

// Prune removes the days older than maxAge before now, then the oldest
// days while the journal is larger than maxBytes (today's file is never
// removed for size). It holds the folder's lock, so a writer never appends
// to a file being removed.
func Prune(dir string, maxAge time.Duration, maxBytes int64, now time.Time) (Pruned, error) {
	var out Pruned
	if _, err := checkFormat(dir); err != nil {
		return out, err
	}
	days, err := listDays(dir)
	if err != nil || len(days) == 0 {
		return out, err
	}
	lock, err := os.OpenFile(filepath.Join(dir, lockFile), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return out, fmt.Errorf("journal: %w", err)
	}
	defer lock.Close()
	if err := lockExclusive(lock); err != nil {
		return out, fmt.Errorf("journal: locking: %w", err)
	}
	defer unlock(lock)
	if maxAge <= 0 {
		maxAge = DefaultMaxAge
	}
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	oldest := dayOf(now.Add(-maxAge))
	sizes := make([]int64, len(days))
	var total int64
	for i, d := range days {
		if fi, err := os.Stat(filepath.Join(dir, d.name)); err == nil {
			sizes[i] = fi.Size()
			total += sizes[i]
		}
	}
	for i, d := range days {
		tooOld := d.day < oldest
		tooBig := total > maxBytes && i < len(days)-1
		if !tooOld && !tooBig {
			break
		}
		if err := os.Remove(filepath.Join(dir, d.name)); err != nil {
			return out, fmt.Errorf("journal: pruning %s: %w", d.name, err)
		}
		out.Files++
		out.Bytes += sizes[i]
		total -= sizes[i]
	}
	if out.Files > 0 {
		if err := bumpPrunes(dir); err != nil {
			return out, err
		}
	}
	return out, nil
}

// prunesFile counts the prunes that removed a file: a writer that sees it
// change forgets what it knew of the days' files (one removed and begun
// again may have the same size, or the same identity, as the one it knew).
const prunesFile = "prunes"

func readPrunes(dir string) string {
	b, _ := os.ReadFile(filepath.Join(dir, prunesFile))
	return string(b)
}

// bumpPrunes adds one to the count; the lock is held.
func bumpPrunes(dir string) error {
	n, _ := strconv.Atoi(readPrunes(dir))
	if err := os.WriteFile(filepath.Join(dir, prunesFile), []byte(strconv.Itoa(n+1)), 0o600); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}
