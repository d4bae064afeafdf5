//go:build !windows

package cmd

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
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
	t.Parallel() // a process test: runs beside the others
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
	// The long-running commands are stopped only once they have really read
	// the folder: serve has counted its lines, events --follow printed them.
	t.Run("serve", func(t *testing.T) {
		addr := startServe(t, bin, dir, []string{"HOME=" + t.TempDir()}, "--refresh", "200ms")
		eventually(t, 20*time.Second, "serve never counted the fixture's lines", func() bool {
			resp, err := http.Get("http://" + addr + "/metrics")
			if err != nil {
				return false
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			return regexp.MustCompile(`(?m)^coworktop_log_lines_read_total [1-9]`).Match(b)
		})
	})
	if after := listing(t, dir); after != before {
		t.Fatalf("the log folder changed:\n--- before\n%s--- after\n%s", before, after)
	}
}

// events --follow prints only what is written after it starts, so the test
// appends to main.log (as the app would) until a line comes out, then checks
// that main.log holds the fixture plus the test's lines and nothing else,
// and that every other file is as it was.
func TestFollowNeverWritesIntoTheLogFolder(t *testing.T) {
	t.Parallel() // a process test: runs beside the others
	bin := buildCoworktop(t)
	dir := filepath.Join(t.TempDir(), "Claude")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(testdataDir, "logs", "macos"))); err != nil {
		t.Fatal(err)
	}
	mainLog := filepath.Join(dir, "main.log")
	want, err := os.ReadFile(mainLog)
	if err != nil {
		t.Fatal(err)
	}
	others := func() string {
		return strings.Join(slices.DeleteFunc(strings.Split(listing(t, dir), "\n"), func(l string) bool { return strings.HasPrefix(l, "main.log ") }), "\n")
	}
	before := others()
	cmd := exec.Command(bin, "events", "--follow", dir)
	var out, errb lockedBuffer
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir())
	cmd.Dir, cmd.Stdout, cmd.Stderr = t.TempDir(), &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	n := 0
	eventually(t, 20*time.Second, "events --follow printed none of the appended lines", func() bool {
		if strings.Contains(out.String(), `"kind":`) {
			return true
		}
		n++
		line := fmt.Sprintf("%s [info] Starting local session local_follow-%d in /p/ro\n", time.Now().Format("2006-01-02 15:04:05"), n)
		f, err := os.OpenFile(mainLog, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString(line); err != nil {
			t.Fatal(err)
		}
		want = append(want, line...)
		return false
	})
	_ = cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Errorf("events --follow after SIGTERM: %v\n%s", err, errb.String())
	}
	if got, err := os.ReadFile(mainLog); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("main.log is not the fixture plus the test's own lines (%v)", err)
	}
	if after := others(); after != before {
		t.Fatalf("the log folder changed:\n--- before\n%s\n--- after\n%s", before, after)
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
