package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// tempPrefix starts the name of a config file being written; the writer's
// process id follows, so a later start can tell an orphan (its writer was
// killed between create and rename) from a save in progress.
const tempPrefix = ".config-"

// newConfigMode is the mode of a config file written where none was.
const newConfigMode fs.FileMode = 0o644

// writeConfigFile writes b to p through a temporary file in the same
// folder and a rename, so a reader never sees half a file. A symlink is
// written through (a config kept in a dotfiles repository), even one whose
// target does not exist yet; the file keeps its mode (a 0600 file stays
// 0600).
func writeConfigFile(p string, b []byte) error {
	p, err := resolveLinks(p)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	mode := newConfigMode
	if st, err := os.Stat(p); err == nil {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("config: %s is %s, not a file to write", p, fileKind(st.Mode()))
		}
		mode = st.Mode().Perm()
	}
	dir := filepath.Dir(p)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	tmp, err := os.CreateTemp(dir, tempPrefix+strconv.Itoa(os.Getpid())+"-*.toml")
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("config: write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("config: write %s: %w", tmp.Name(), err)
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	return nil
}

// maxLinks bounds a chain of symlinks, as the kernel's ELOOP does.
const maxLinks = 40

// resolveLinks follows p's symlinks to the file they name, whether or not
// that file exists (filepath.EvalSymlinks fails on a dangling link, and a
// rename onto the link would replace it with a plain file).
func resolveLinks(p string) (string, error) {
	for range maxLinks {
		st, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		target, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(p), target)
		}
		p = target
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", p)
}

// orphanAge is how old a temporary file may be before it is removed even
// though a process of its id runs (the id was reused).
const orphanAge = time.Hour

// cleanConfigTemps removes the temporary files that a save killed between
// create and rename left in the config file's folder: those whose writer
// no longer runs, or that are older than orphanAge. A folder that cannot
// be listed is left alone.
func cleanConfigTemps(p string) {
	if real, err := resolveLinks(p); err == nil {
		p = real
	}
	dir := filepath.Dir(p)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, ok := tempWriter(e.Name())
		if !ok || e.IsDir() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		if pid != os.Getpid() && (!processRuns(pid) || time.Since(info.ModTime()) > orphanAge) {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// tempWriter reads the writer's process id from a temporary file's name
// (".config-<pid>-<random>.toml"); a name of an older release
// (".config-<random>.toml") reads as process 0, which never runs.
func tempWriter(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, tempPrefix)
	if !ok || !strings.HasSuffix(rest, ".toml") {
		return 0, false
	}
	id, _, found := strings.Cut(rest, "-")
	if !found {
		return 0, true
	}
	pid, err := strconv.Atoi(id)
	if err != nil {
		return 0, true
	}
	return pid, true
}
