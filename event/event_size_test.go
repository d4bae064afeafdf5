package event

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"unsafe"
)

// eventBytes is an Event's size on a 64-bit platform: written into a
// block's slice for every few lines of a dense log, so a field most kinds
// leave empty belongs in EventDetail.
const eventBytes = 176

// TestEventSizeInComments: an Event is eventBytes on 64-bit platforms, no
// more (a new field belongs in EventDetail) and no less (then the figure
// here and in the comments is stale), and every comment of event, governor
// and ingest that gives an event's size in bytes gives this one (issue 27 #4).
func TestEventSizeInComments(t *testing.T) {
	if n := unsafe.Sizeof(Event{}); unsafe.Sizeof(uintptr(0)) == 8 && n != eventBytes {
		t.Errorf("Event is %d bytes, want %d: a new field belongs in EventDetail; a smaller Event wants eventBytes and the comments updated", n, eventBytes)
	}
	size := regexp.MustCompile(`(?i)\bevents?\b[^\n.]{0,24}?\b(\d+) bytes`)
	files, _ := filepath.Glob("*.go")
	for _, room := range []string{"governor", "ingest"} {
		more, _ := filepath.Glob(filepath.Join("..", room, "*.go"))
		files = append(files, more...)
	}
	found := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range size.FindAllSubmatch(b, -1) {
			if n, _ := strconv.Atoi(string(m[1])); n != eventBytes && !regexp.MustCompile(`_test\.go$`).MatchString(f) {
				t.Errorf("%s says %q; an Event is %d bytes", f, m[0], eventBytes)
			}
			found++
		}
	}
	if found < 4 {
		t.Errorf("found %d comments giving an event's size, want the 4 of event.go, state.go and ingest's read.go and quitfold.go", found)
	}
}
