package cmd

import (
	"os"
	"path/filepath"
	"testing"
)

// Saving the view writes through a symlinked config file (a dotfiles
// repository) instead of replacing the link with a plain file.
func TestWriteConfigKeepsASymlink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "config.toml")
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(real, []byte("refresh = \"1s\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "config.toml")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if err := writeConfigFile(link, []byte("refresh = \"2s\"\n")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(real); string(b) != "refresh = \"2s\"\n" {
		t.Fatalf("the target holds %q", b)
	}
}
