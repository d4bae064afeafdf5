package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// TestMain gives the tests a home of their own (testfs.Main): nothing of
// the machine's HOME, caches or config folders reaches them.
func TestMain(m *testing.M) { os.Exit(testfs.Main(m)) }

// TestManPages: one page per visible command, in roff, from the command
// definitions, with no build date unless asked (SOURCE_DATE_EPOCH).
func TestManPages(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1764547200")
	dir := filepath.Join(t.TempDir(), "man")
	if err := write(dir); err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"coworktop.1", "coworktop-serve.1", "coworktop-config-show.1", "coworktop-completion-zsh.1", "coworktop-report.1"} {
		b, err := os.ReadFile(filepath.Join(dir, page))
		if err != nil {
			t.Errorf("no %s: %v", page, err)
			continue
		}
		s := string(b)
		if !strings.HasPrefix(s, ".nh\n.TH \"COWORKTOP\" \"1\" \"Dec 2025\"") || !strings.Contains(s, ".SH NAME") || !strings.Contains(s, ".SH SYNOPSIS") {
			t.Errorf("%s is not a man page:\n%.300s", page, s)
		}
	}
	serve, _ := os.ReadFile(filepath.Join(dir, "coworktop-serve.1"))
	if !strings.Contains(string(serve), "metrics-addr") || !strings.Contains(string(serve), "allow-host") {
		t.Error("coworktop-serve.1 lacks serve's flags")
	}
	if _, err := os.Stat(filepath.Join(dir, "coworktop-man.1")); err == nil {
		t.Error("a man command has a page: the pages are written by this program, not by coworktop")
	}
}

// TestManPagesBadFolder: a folder that cannot be made is one error.
func TestManPagesBadFolder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := write(filepath.Join(file, "man")); err == nil || strings.Contains(err.Error(), "\n") {
		t.Errorf("write under a file: %v, want one line", err)
	}
}

// TestCaskListsEveryManPage: the Homebrew cask in .goreleaser.yaml installs
// exactly the man pages the commands generate, so a new command cannot ship
// without its page (scripts/release-check.sh checks the built cask too).
func TestCaskListsEveryManPage(t *testing.T) {
	dir := t.TempDir()
	if err := write(dir); err != nil {
		t.Fatal(err)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "*.1"))
	cfg, err := os.ReadFile(filepath.Join("..", "..", ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(string(cfg), "\n") {
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "- man/"); ok {
			listed[name] = true
		}
	}
	for _, p := range pages {
		if !listed[filepath.Base(p)] {
			t.Errorf(".goreleaser.yaml homebrew_casks.manpages lacks man/%s", filepath.Base(p))
		}
		delete(listed, filepath.Base(p))
	}
	for name := range listed {
		t.Errorf(".goreleaser.yaml lists man/%s, which no command generates", name)
	}
}
