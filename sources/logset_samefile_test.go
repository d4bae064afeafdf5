package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// TestExpandPathsOneFolderNamedTwice: a folder named twice, through a link
// or in another case where the file system ignores case, is read once:
// under Wine, naming one folder in two cases doubled every event, 29 lines
// to 58 (platforms-audit-3 P9).
func TestExpandPathsOneFolderNamedTwice(t *testing.T) {
	root := testfs.TempDir(t)
	dir := filepath.Join(root, "Logs")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	touch(t, dir, "main.log", "main1.log", "cowork_vm_node.log")
	want := "main1.log main.log cowork_vm_node.log"
	t.Run("link", func(t *testing.T) {
		link := filepath.Join(root, "link")
		if err := os.Symlink(dir, link); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
		if _, err := os.Stat(link); err != nil {
			t.Skipf("a symbolic link made here does not resolve (Wine): %v", err)
		}
		got, err := ExpandPaths([]string{dir, link})
		if err != nil {
			t.Fatal(err)
		}
		if names(got) != want {
			t.Fatalf("one folder through a link: got %s, want %s", names(got), want)
		}
	})
	t.Run("case", func(t *testing.T) {
		upper := filepath.Join(root, strings.ToUpper("Logs"))
		if _, err := os.Stat(upper); err != nil {
			t.Skip("this file system tells case apart: two spellings are two folders")
		}
		got, err := ExpandPaths([]string{dir, upper, filepath.Join(upper, "MAIN.LOG")})
		if err != nil {
			t.Fatal(err)
		}
		if names(got) != want {
			t.Fatalf("one folder in two cases: got %s, want %s", names(got), want)
		}
	})
}
