// Command modproxy lays out a file-based Go module proxy (GOPROXY=file://DIR)
// holding one version of a module, the way a module proxy serves it: list,
// .info, .mod and a module zip made by golang.org/x/mod/zip from the files
// committed at a git revision (so untracked files are left out, and so are
// nested modules such as this tool, as they are for any published version).
// scripts/go-install-check.sh uses it to show `go install …@version` working
// from a checkout, without a network or a published tag.
//
// Usage: modproxy -module PATH -version vX.Y.Z -src REPO -rev REV -out DIR
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

func main() {
	modPath := flag.String("module", "", "module path")
	version := flag.String("version", "", "version to serve, e.g. v0.0.1")
	src := flag.String("src", ".", "git repository whose root holds the module's go.mod")
	rev := flag.String("rev", "HEAD", "git revision to take the files from")
	out := flag.String("out", "", "proxy directory to write")
	flag.Parse()
	if err := run(*modPath, *version, *src, *rev, *out); err != nil {
		fmt.Fprintln(os.Stderr, "modproxy:", err)
		os.Exit(1)
	}
}

func run(modPath, version, src, rev, out string) error {
	if modPath == "" || version == "" || out == "" {
		return fmt.Errorf("-module, -version and -out are required")
	}
	mv := module.Version{Path: modPath, Version: version}
	if err := module.Check(mv.Path, mv.Version); err != nil {
		return err
	}
	esc, err := module.EscapePath(modPath)
	if err != nil {
		return err
	}
	dir := filepath.Join(out, esc, "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	goMod, err := exec.Command("git", "-C", src, "show", rev+":go.mod").Output()
	if err != nil {
		return fmt.Errorf("reading go.mod at %s: %w", rev, err)
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, time.Now().UTC().Truncate(time.Second)})
	if err != nil {
		return err
	}
	files := map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": info,
		version + ".mod":  goMod,
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	zf, err := os.Create(filepath.Join(dir, version+".zip"))
	if err != nil {
		return err
	}
	if err := modzip.CreateFromVCS(zf, mv, src, rev, ""); err != nil {
		zf.Close()
		return fmt.Errorf("module zip: %w", err)
	}
	return zf.Close()
}
