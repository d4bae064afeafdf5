package records

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/coworktop/coworktop/internal/testfs"
	"github.com/coworktop/coworktop/vocab"
)

// TestShownFieldsCutWhenRead (issue 53 R16): app-record titles were kept
// whole and cut only when shown (200 records of 900 KB titles kept serve
// at 195 MB). Every shown field of a record is cut when read.
func TestShownFieldsCutWhenRead(t *testing.T) {
	dir := testfs.TempDir(t)
	long := strings.Repeat("é", 450_000) // 900 KB
	app := filepath.Join(dir, "claude-code-sessions", "acct-1", "org-1")
	for i := range 20 {
		writeRecord(t, filepath.Join(app, fmt.Sprintf("local_%02d.json", i)), fmt.Sprintf(`{"sessionId":"local_%02d","title":%q}`, i, long))
	}
	writeRecord(t, filepath.Join(dir, "sessions", "10.json"), fmt.Sprintf(`{"pid":10,"hostSessionId":"local_00","name":%q,"status":"waiting","waitingFor":%q}`, long[:300_000], long[:300_000]))
	rec := NewRecordReader(RecordFolders(RecordInput{FlagDir: dir}), fakeProcs{10: true}).Read()
	if len(rec.App) != 20 || len(rec.Code) != 1 {
		t.Fatalf("%d app records, %d code records", len(rec.App), len(rec.Code))
	}
	kept := 0
	for _, a := range rec.App {
		kept += len(a.Title)
		if n := utf8.RuneCountInString(a.Title); n != vocab.MaxTextRunes+1 || !strings.HasSuffix(a.Title, "…") {
			t.Fatalf("title of %d runes", n)
		}
	}
	c := rec.Code[0]
	for _, f := range []string{c.Name, c.WaitingFor} {
		if utf8.RuneCountInString(f) != vocab.MaxTextRunes+1 {
			t.Errorf("a code record's field of %d runes", utf8.RuneCountInString(f))
		}
	}
	if c.Status != "waiting" {
		t.Errorf("status %q", c.Status)
	}
	t.Logf("RELIABILITY 20 app records with 900 KB titles: %d bytes of titles kept (was %d)", kept, 20*len(long))
}
