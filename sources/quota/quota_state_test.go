package quota

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// A status line killed mid-write leaves an empty temporary file: the next
// write removes those older than a minute, and no other file. Before, they
// piled up.
func TestRecordStatuslineRemovesStaleTemps(t *testing.T) {
	p, _ := quotaDir(t)
	dir := filepath.Dir(p.Statusline)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * time.Minute)
	files := map[string]time.Time{
		".statusline.json.1234.tmp":  old,        // left by a killed writer
		".statusline.json.98765.tmp": old,        // another
		".statusline.json.555.tmp":   time.Now(), // another writer's, in flight
		".other.json.1.tmp":          old,        // not the state file's
		"statusline.json.tmp":        old,        // not named as writeAtomic names
	}
	for name, mod := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	v := 12.0
	if err := RecordStatusline(p.Statusline, &RateLimits{FiveHour: &RateWindow{UsedPercentage: &v}}, time.Now()); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	want := []string{".other.json.1.tmp", ".statusline.json.555.tmp", "statusline.json", "statusline.json.tmp"}
	if len(names) != len(want) {
		t.Fatalf("folder holds %q, want %q", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Fatalf("folder holds %q, want %q", names, want)
		}
	}
}
