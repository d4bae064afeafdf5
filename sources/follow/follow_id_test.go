package follow

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// TestListDirIdentityMatchesHandle: the identity a folder listing gives a
// file (on Windows from the folder's entries, opening no file) is the one
// its open handle gives, and follows it across a rename (W9).
func TestListDirIdentityMatchesHandle(t *testing.T) {
	dir := testfs.TempDir(t)
	for _, n := range []string{"main.log", "main1.log", "other.txt"} {
		writeFile(t, filepath.Join(dir, n), n+"\n")
	}
	logs := func(name string) bool { return strings.HasSuffix(name, ".log") }
	files, err := ListDir(dir, logs)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 {
		t.Fatalf("listed %+v, want the two logs", files)
	}
	ids := map[string]FileID{}
	for _, df := range files {
		f, err := OpenLog(filepath.Join(dir, df.name))
		if err != nil {
			t.Fatal(err)
		}
		st, err := StatHandle(f)
		f.Close()
		if err != nil || df.err != nil {
			t.Fatal(err, df.err)
		}
		if st.id != df.st.id || st.size != df.st.size || !df.st.regular {
			t.Fatalf("%s: listing %+v, handle %+v", df.name, df.st, st)
		}
		ids[df.name] = st.id
	}
	if err := os.Rename(filepath.Join(dir, "main1.log"), filepath.Join(dir, "main2.log")); err != nil {
		t.Fatal(err)
	}
	files, err = ListDir(dir, logs)
	if err != nil {
		t.Fatal(err)
	}
	for _, df := range files {
		if df.name == "main2.log" && df.st.id != ids["main1.log"] {
			t.Fatalf("renamed file listed as %+v, was %+v", df.st.id, ids["main1.log"])
		}
	}
}
