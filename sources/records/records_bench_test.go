package records

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
)

// BenchmarkRecordsReading is one reading every 2 s of a sessions folder
// of 10,000 orphans and one live record, as the live view takes it (a
// sweep every 15th reading): bench/records-idle.sh measures the whole
// process.
func BenchmarkRecordsReading(b *testing.B) {
	dir := testfs.TempDir(b)
	sess := filepath.Join(dir, "sessions")
	if err := os.MkdirAll(sess, 0o700); err != nil {
		b.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	for i := range 10000 {
		p := filepath.Join(sess, fmt.Sprintf("%d.json", 4000000+i))
		body := fmt.Sprintf(`{"pid":%d,"hostSessionId":"local_orphan%d","status":"idle","startedAt":1789119830687}`, 4000000+i, i)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			b.Fatal(err)
		}
		if err := os.Chtimes(p, old, old.Add(-time.Duration(i)*time.Second)); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.Chtimes(sess, old, old); err != nil { // a folder untouched for days
		b.Fatal(err)
	}
	r := NewRecordReader(RecordFolders(RecordInput{FlagDir: dir}), fakeProcs{})
	now := time.Now()
	r.now = func() time.Time { return now }
	r.Read()
	b.ResetTimer()
	for range b.N {
		now = now.Add(recordPoll)
		r.Read()
	}
}
