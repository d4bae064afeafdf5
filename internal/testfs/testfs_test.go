package testfs

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRemoveEachRemovesATree(t *testing.T) {
	root := filepath.Join(TempDir(t), "tree")
	for _, p := range []string{"a/b/c.log", "a/d.log", "e.log", "f/g/h/i.log"} {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := removeEach(root); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Fatalf("tree still there: %v", err)
	}
	if err := removeEach(root); err != nil {
		t.Fatalf("a missing tree: %v", err)
	}
	if err := RemoveAll(root); err != nil {
		t.Fatalf("RemoveAll of a missing tree: %v", err)
	}
}

func TestTempDirIsRemovedBeforeTheTestingCleanup(t *testing.T) {
	var dir string
	t.Run("inner", func(t *testing.T) {
		dir = TempDir(t)
		if err := os.WriteFile(filepath.Join(dir, "main.log"), []byte("1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	if _, err := os.Stat(filepath.Dir(dir)); !os.IsNotExist(err) {
		t.Fatalf("the test's temp folder outlived it: %v", err)
	}
}

// Many folders in one test, each with a file held open until the test's
// own clean-up registered after it closes it, as the follower tests do:
// every folder goes, each after its holder closed.
func TestTempDirRemovesEachAfterItsHolder(t *testing.T) {
	var parent string
	t.Run("inner", func(t *testing.T) {
		for i := 0; i < 5; i++ {
			dir := TempDir(t)
			parent = filepath.Dir(dir)
			f, err := os.Create(filepath.Join(dir, "main.log"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
		}
	})
	if _, err := os.Stat(parent); !os.IsNotExist(err) {
		t.Fatalf("the test's temp folder outlived it: %v", err)
	}
}

func TestUnderWineFollowsTheLaneVariable(t *testing.T) {
	t.Setenv(WineEnv, "1")
	if !UnderWine() {
		t.Fatal("COWORKTOP_WINE=1 not seen")
	}
	t.Setenv(WineEnv, "")
	if UnderWine() != wineLoaded() {
		t.Fatal("without the variable UnderWine should ask Wine itself")
	}
}
