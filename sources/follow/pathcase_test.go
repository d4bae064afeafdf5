package follow

import (
	"path/filepath"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// TestChangesTouchAcrossCase: where the OS ignores case (Windows, macOS by
// default), an event for the folder or the file spelt in another case
// than the one the follower was given wakes it at once; it waited for the
// 2 s safety poll (platforms-audit-3 P9). Where case counts, it does not.
func TestChangesTouchAcrossCase(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "Logs")
	named := &follower{cfg: FollowConfig{Path: filepath.Join(dir, "Main.log")}, dir: dir}
	fam := &follower{cfg: FollowConfig{Path: filepath.Join(dir, "main.log")}, dir: dir, fam: "main"}
	other := filepath.Join(filepath.Dir(dir), "LOGS")
	file := changes{names: map[string]bool{filepath.Join(other, "main.log"): true}}
	folder := changes{dirs: map[string]bool{other: true}}
	defer func(old bool) { foldCase = old }(foldCase)
	for _, fold := range []bool{true, false} {
		foldCase = fold
		for name, w := range map[string]*follower{"named file": named, "family": fam} {
			if got := file.touches(w); got != fold {
				t.Errorf("fold %v, %s: a file event in another case touches it = %v", fold, name, got)
			}
			if got := folder.touches(w); got != fold {
				t.Errorf("fold %v, %s: a folder event in another case touches it = %v", fold, name, got)
			}
		}
	}
}

func TestPathKey(t *testing.T) {
	defer func(old bool) { foldCase = old }(foldCase)
	foldCase = true
	if !SamePath(filepath.Join("a", "Logs", "..", "Logs", "main.log"), filepath.Join("A", "LOGS", "MAIN.LOG")) {
		t.Fatal("cleaned and case-folded paths should be one where case is ignored")
	}
	foldCase = false
	if SamePath(filepath.Join("a", "Logs"), filepath.Join("a", "logs")) {
		t.Fatal("paths in two cases are two where case counts")
	}
}
