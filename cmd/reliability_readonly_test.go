//go:build !windows

package cmd

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNeverWritesIntoTheLogFolder runs every command that reads logs on a
// read-only copy of a fixture folder. Tests run as root in CI, where mode
// bits do not stop a write, so the proof is a full listing (names, sizes,
// modes, modification times, SHA-256) taken before and after and compared,
// not the absence of permission errors. replay needs a terminal: the
// reliability script checks it in tmux the same way.
func TestNeverWritesIntoTheLogFolder(t *testing.T) {
	bin := buildCoworktop(t)
	dir := filepath.Join(t.TempDir(), "Claude")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(testdataDir, "logs", "macos"))); err != nil {
		t.Fatal(err)
	}
	// An old mtime, so a rewrite of the same bytes would still show.
	old := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	filepath.WalkDir(dir, func(p string, _ fs.DirEntry, _ error) error { return os.Chtimes(p, old, old) })
	chmodTree(t, dir, 0o555, 0o444)
	t.Cleanup(func() { chmodTree(t, dir, 0o755, 0o644) })
	before := listing(t, dir)

	env := append(os.Environ(), "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir(), "XDG_CACHE_HOME="+t.TempDir())
	for _, args := range [][]string{
		{"report", dir},
		{"report", "--json", "--redact", dir},
		{"events", dir},
		{"snapshot", "--json", "--log-dir", dir},
		{"doctor", "--log-dir", dir},
	} {
		cmd := exec.Command(bin, args...)
		cmd.Env, cmd.Dir = env, t.TempDir()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%v: %v\n%s", args, err, out)
		}
	}
	for _, args := range [][]string{
		{"serve", "--metrics-addr", "127.0.0.1:0", "--refresh", "200ms", dir},
		{"events", "--follow", dir},
	} {
		cmd := exec.Command(bin, args...)
		var errb bytes.Buffer
		cmd.Env, cmd.Dir, cmd.Stdout, cmd.Stderr = env, t.TempDir(), &bytes.Buffer{}, &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(1500 * time.Millisecond)
		_ = cmd.Process.Signal(syscall.SIGTERM)
		if err := cmd.Wait(); err != nil {
			t.Errorf("%v after SIGTERM: %v\n%s", args, err, errb.String())
		}
	}
	if after := listing(t, dir); after != before {
		t.Fatalf("the log folder changed:\n--- before\n%s--- after\n%s", before, after)
	}
}

func chmodTree(t *testing.T, dir string, dirMode, fileMode fs.FileMode) {
	t.Helper()
	// Files first, folders after: a read-only folder's entries stay reachable.
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, _ error) error {
		if !d.IsDir() {
			os.Chmod(p, fileMode)
		}
		return nil
	})
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, _ error) error {
		if d.IsDir() {
			os.Chmod(p, dirMode)
		}
		return nil
	})
}

// listing describes every entry under dir, one line each.
func listing(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		sum := ""
		if fi.Mode().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum = fmt.Sprintf("%x", sha256.Sum256(data))
		}
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(&b, "%s %v %d %s %s\n", rel, fi.Mode(), fi.Size(), fi.ModTime().UTC().Format(time.RFC3339Nano), sum)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
