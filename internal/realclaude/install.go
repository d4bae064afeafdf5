package realclaude

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// Version is the Claude Code the tests run: the one constant to bump.
const Version = "2.1.332"

// Package is Claude Code's npm package; it pulls the platform's package
// (PlatformPackage) through its optionalDependencies.
const Package = "@anthropic-ai/claude-code"

// DirEnv names the folder the pinned Claude Code is installed under
// (<dir>/<Version>); unset, it is the user cache folder's
// coworktop-realclaude.
const DirEnv = "COWORKTOP_REALCLAUDE_DIR"

// installTimeout bounds one npm install (the platform binary is ~400 MB).
const installTimeout = 10 * time.Minute

var (
	installOnce sync.Once
	installPath string
	installErr  error
)

// Binary is the pinned Claude Code's platform binary, installed on first
// use. Without npm or when the install fails it skips t with one line, or
// fails it under CI=true, where the real-client tests must run.
func Binary(t testing.TB) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		// The harness drives the Linux and macOS packages under tmux; the
		// Windows build's tests (the Wine lane) have neither npm nor tmux.
		t.Skip("the real Claude Code harness runs on Linux and macOS (tmux); the Windows package is checked by hand under Wine (docs)")
	}
	installOnce.Do(func() { installPath, installErr = Install() })
	if installErr != nil {
		unavailable(t, installErr)
	}
	return installPath
}

// unavailable skips t, or fails it under CI.
func unavailable(t testing.TB, err error) {
	t.Helper()
	msg := fmt.Sprintf("the real Claude Code %s is not available: %v", Version, err)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + " (CI must install it: .ci/run)")
	}
	t.Skip(msg)
}

// Dir is the folder the pinned version is installed in.
func Dir() (string, error) {
	root := os.Getenv(DirEnv)
	if root == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no cache folder for the install (set %s): %w", DirEnv, err)
		}
		root = filepath.Join(cache, "coworktop-realclaude")
	}
	return filepath.Join(root, Version), nil
}

// Install puts the pinned Claude Code in Dir, if it is not there yet, and
// gives the path of its platform binary after checking that it answers
// --version with Version. Concurrent installs (several test binaries) each
// install into a folder of their own and rename it into place; the first
// rename wins.
func Install() (string, error) {
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	bin, err := BinaryIn(dir)
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(bin); err != nil {
		if err := npmInstall(dir); err != nil {
			return "", err
		}
	}
	if err := checkVersion(bin); err != nil {
		return "", err
	}
	return bin, nil
}

// npmInstall installs the pinned package into dir through a scratch folder
// beside it.
func npmInstall(dir string) error {
	npm, err := exec.LookPath("npm")
	if err != nil {
		return errors.New("npm is not on PATH")
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return fmt.Errorf("make the install folder: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), Version+".installing-")
	if err != nil {
		return fmt.Errorf("make a scratch install folder: %w", err)
	}
	defer os.RemoveAll(tmp)
	ctx, cancel := context.WithTimeout(context.Background(), installTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, npm, "install", "--ignore-scripts", "--no-audit", "--no-fund",
		"--prefer-offline", "--loglevel=error", "--prefix", tmp, Package+"@"+Version)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("npm install %s@%s: %w: %s", Package, Version, err, lastLines(out.String(), 5))
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(dir); statErr == nil {
			return nil // another installer won the race
		}
		return fmt.Errorf("move the install into place: %w", err)
	}
	return nil
}

// checkVersion runs bin --version and wants Version in its answer.
func checkVersion(bin string) error {
	out, err := Run(bin, nil, "--version")
	if err != nil {
		return fmt.Errorf("%s --version: %w", bin, err)
	}
	if !strings.HasPrefix(strings.TrimSpace(out), Version+" ") {
		return fmt.Errorf("%s --version answered %q, not %s", bin, strings.TrimSpace(out), Version)
	}
	return nil
}

// Run runs bin with args and the extra environment env, its output
// redirected (not a terminal), and gives what it printed on both streams.
// It is for the commands that answer and exit: --version, --help.
func Run(bin string, env []string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(cleanEnviron(), append(offlineEnv("http://127.0.0.1:9"), env...)...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// BinaryIn is where the platform package's binary lies in an install
// folder.
func BinaryIn(dir string) (string, error) {
	pkg, err := PlatformPackage(runtime.GOOS, runtime.GOARCH, isMusl())
	if err != nil {
		return "", err
	}
	name := "claude"
	if runtime.GOOS == "windows" {
		name = "claude.exe"
	}
	return filepath.Join(dir, "node_modules", filepath.FromSlash(pkg), name), nil
}

// PlatformPackage is the npm package holding the binary for an OS and
// architecture, as Claude Code's optionalDependencies name them.
func PlatformPackage(goos, goarch string, musl bool) (string, error) {
	os := map[string]string{"darwin": "darwin", "linux": "linux", "windows": "win32"}[goos]
	arch := map[string]string{"amd64": "x64", "arm64": "arm64"}[goarch]
	if os == "" || arch == "" {
		return "", fmt.Errorf("no Claude Code package for %s/%s", goos, goarch)
	}
	suffix := ""
	if musl && goos == "linux" {
		suffix = "-musl"
	}
	return Package + "-" + os + "-" + arch + suffix, nil
}

// isMusl reports a Linux whose C library is musl (Alpine), which has
// packages of its own.
func isMusl() bool {
	if runtime.GOOS != "linux" {
		return false
	}
	m, _ := filepath.Glob("/lib/ld-musl-*")
	return len(m) > 0
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
