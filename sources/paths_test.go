package sources

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestCandidatesPerOS(t *testing.T) {
	cases := []struct {
		in   DiscoverInput
		want string
	}{
		{DiscoverInput{GOOS: "darwin", Home: "/Users/u"}, "/Users/u/Library/Logs/Claude,/Users/u/Library/Logs/Claude-3p"},
		{DiscoverInput{GOOS: "linux", Home: "/home/u"}, "/home/u/.config/Claude/logs"},
		{DiscoverInput{GOOS: "linux", Home: "/home/u", Getenv: envOf(map[string]string{"XDG_CONFIG_HOME": "/xdg"})}, "/xdg/Claude/logs"},
		{DiscoverInput{GOOS: "windows", Home: `C:\Users\u`, Getenv: envOf(map[string]string{
			"LOCALAPPDATA": `C:\Users\u\AppData\Local\`, "APPDATA": `C:\Users\u\AppData\Roaming`})},
			`C:\Users\u\AppData\Local\Claude\Logs,C:\Users\u\AppData\Roaming\Claude\logs,` + msix(`C:\Users\u\AppData\Local`) + `,C:\Users\u\AppData\Roaming\Claude-3p\logs,C:\Users\u\AppData\Local\Claude-3p\logs`},
		{DiscoverInput{GOOS: "windows", Home: `C:\Users\u`},
			`C:\Users\u\AppData\Local\Claude\Logs,C:\Users\u\AppData\Roaming\Claude\logs,` + msix(`C:\Users\u\AppData\Local`) + `,C:\Users\u\AppData\Roaming\Claude-3p\logs,C:\Users\u\AppData\Local\Claude-3p\logs`},
		{DiscoverInput{GOOS: "darwin", Home: "/Users/u", Getenv: envOf(map[string]string{EnvLogDir: "/env"})}, "/env"},
		{DiscoverInput{GOOS: "darwin", Home: "/Users/u", FlagDir: "/flag", Getenv: envOf(map[string]string{EnvLogDir: "/env"})}, "/flag"},
	}
	for _, c := range cases {
		var got []string
		for _, cand := range Candidates(c.in) {
			got = append(got, cand.Path)
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("%+v: got %v, want %s", c.in, got, c.want)
		}
	}
}

// msix is the three LocalCache folders of the publicly seen MSIX package
// under local.
func msix(local string) string {
	p := local + `\Packages\Claude_pzs8sxrjxfjjc\LocalCache\`
	return p + `Roaming\Claude\logs,` + p + `Local\Claude\Logs,` + p + `Local\Claude-3p\logs`
}

func writeAged(t *testing.T, path string, size int, age time.Duration) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, make([]byte, size), 0o644); err != nil {
		t.Fatal(err)
	}
	mt := time.Now().Add(-age)
	if err := os.Chtimes(path, mt, mt); err != nil {
		t.Fatal(err)
	}
}

// On Windows both folders may exist; the one with the newer main.log wins
// even when the other has more, or newer, other logs.
func TestDiscoverWindowsPicksNewestMainLog(t *testing.T) {
	root := testfs.TempDir(t)
	local, roaming := filepath.Join(root, "Local"), filepath.Join(root, "Roaming")
	in := DiscoverInput{GOOS: "windows", Home: root, Getenv: envOf(map[string]string{"LOCALAPPDATA": local, "APPDATA": roaming}), Join: filepath.Join}
	cands := Candidates(in)
	writeAged(t, filepath.Join(cands[0].Path, "main.log"), 10, time.Minute)
	writeAged(t, filepath.Join(cands[1].Path, "main.log"), 5000, 48*time.Hour)
	writeAged(t, filepath.Join(cands[1].Path, "main1.log"), 5000, 72*time.Hour)
	writeAged(t, filepath.Join(cands[1].Path, "mcp.log"), 5, 0)
	d := DiscoverWith(in)
	if d.Chosen != cands[0].Path || !strings.Contains(d.Reason, "newest main.log of 2") {
		t.Fatalf("chose %q (%s)", d.Chosen, d.Reason)
	}
	if len(d.Probed) != 7 || len(d.Probed[1].Files) != 3 || !d.Probed[1].Files[0].Readable || d.Probed[1].Files[0].Size != 5000 {
		t.Fatalf("probed %+v", d.Probed)
	}
	// Swap ages: Roaming now wins.
	writeAged(t, filepath.Join(cands[1].Path, "main.log"), 5000, 0)
	if d := DiscoverWith(in); d.Chosen != cands[1].Path {
		t.Fatalf("after swap chose %q", d.Chosen)
	}
}

func TestDiscoverReasons(t *testing.T) {
	root := testfs.TempDir(t)
	notDir := filepath.Join(root, "file")
	writeAged(t, notDir, 1, 0)
	empty := filepath.Join(root, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{filepath.Join(root, "missing"): "missing", notDir: "not a folder", empty: "empty (no known logs)"}
	for dir, why := range cases {
		d := DiscoverWith(DiscoverInput{GOOS: "linux", FlagDir: dir})
		if len(d.Probed) != 1 || d.Probed[0].Why != why || d.Probed[0].Source != "--log-dir" {
			t.Errorf("%s: %+v", dir, d.Probed)
		}
		if found := why == "empty (no known logs)"; (d.Chosen != "") != found {
			t.Errorf("%s: chosen %q reason %q", dir, d.Chosen, d.Reason)
		}
		if d.Chosen == "" && !strings.Contains(d.Reason, why) {
			t.Errorf("%s: reason %q lacks %q", dir, d.Reason, why)
		}
	}
}

func TestDiscoverPermissionDenied(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs POSIX permissions and a non-root user")
	}
	root := testfs.TempDir(t)
	dir := filepath.Join(root, "logs")
	writeAged(t, filepath.Join(dir, "main.log"), 1, 0)
	if err := os.Chmod(dir, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	d := DiscoverWith(DiscoverInput{GOOS: "linux", FlagDir: dir})
	if d.Probed[0].Why != "permission denied" || d.Chosen != "" {
		t.Fatalf("%+v", d)
	}
}

func TestCleanText(t *testing.T) {
	in := "main\x1b[31m.log\x00\u0085\xff\u2028ok é\u202egol.exe"
	if got := CleanText(in); got != "main?[31m.log????ok é?gol.exe" {
		t.Fatalf("got %q", got)
	}
}
