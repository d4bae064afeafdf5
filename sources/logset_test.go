package sources

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"

	"github.com/coworktop/coworktop/sources/follow"
)

func touch(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func names(files []LogFile) string {
	var s []string
	for _, f := range files {
		s = append(s, f.Name)
	}
	return strings.Join(s, " ")
}

func TestExpandPathsFolderOrder(t *testing.T) {
	dir := testfs.TempDir(t)
	touch(t, dir, "main.log", "main1.log", "main2.log", "main10.log", "main.old.log",
		"cowork_vm_node.log", "cowork_vm_node1.log", "cowork_vm_swift.log", "mcp.log",
		"mcp-server-github.log", "claude.ai-web.log", "main01.log", "main1.old.log", "notes.txt", "mainx.log")
	if err := os.Mkdir(filepath.Join(dir, "main3.log"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := ExpandPaths([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	want := "main10.log main2.log main1.log main.old.log main.log cowork_vm_swift.log cowork_vm_node1.log cowork_vm_node.log mcp.log"
	if names(got) != want {
		t.Fatalf("order:\n got %s\nwant %s", names(got), want)
	}
	if got[0].Family != "main" || got[0].Generation != 10 || got[4].Generation != 0 || got[6].Family != "cowork_vm_node" || got[6].Generation != 1 {
		t.Fatalf("families/generations wrong: %+v", got)
	}
	if got[0].Path != filepath.Join(dir, "main10.log") {
		t.Fatalf("path %q", got[0].Path)
	}
}

func TestExpandPathsFilesAndDedupe(t *testing.T) {
	dir := testfs.TempDir(t)
	touch(t, dir, "main.log", "other.txt")
	p := filepath.Join(dir, "other.txt")
	got, err := ExpandPaths([]string{p, dir, filepath.Join(dir, "main.log"), p})
	if err != nil {
		t.Fatal(err)
	}
	if names(got) != "other.txt main.log" || got[0].Family != "" {
		t.Fatalf("got %s %+v", names(got), got)
	}
}

func TestExpandPathsMissing(t *testing.T) {
	_, err := ExpandPaths([]string{filepath.Join(testfs.TempDir(t), "nope")})
	if err == nil || !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("err = %v", err)
	}
}

func TestClassifyLogName(t *testing.T) {
	cases := map[string]string{
		"Main.LOG": "main/0", "main7.log": "main/7", "main.old.log": "main/1old",
		"cowork_vm_swift.old.log": "cowork_vm_swift/1old", "main0.log": "-", "main.log.1": "-",
		"main-window.log": "-", "mcp3.log": "mcp/3",
	}
	for in, want := range cases {
		f, g, old, ok := follow.ClassifyLogName(in)
		got := "-"
		if ok {
			got = f + "/" + string(rune('0'+g))
			if old {
				got += "old"
			}
		}
		if got != want {
			t.Errorf("%s: got %s want %s", in, got, want)
		}
	}
}

func TestExpandPathsOrdersNamedFilesOldestFirst(t *testing.T) {
	dir := testfs.TempDir(t)
	for _, n := range []string{"main.log", "main1.log", "main2.log", "cowork_vm_node.log"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// What a shell makes of main*.log, plus a VM log named first.
	got, err := ExpandPaths([]string{filepath.Join(dir, "cowork_vm_node.log"), filepath.Join(dir, "main.log"), filepath.Join(dir, "main1.log"), filepath.Join(dir, "main2.log")})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range got {
		names = append(names, f.Name)
	}
	if strings.Join(names, " ") != "main2.log main1.log main.log cowork_vm_node.log" {
		t.Fatalf("order: %v", names)
	}
}
