package ingest

import (
	"bytes"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// TestBOMSkipped: a UTF-8 byte-order mark at the start of a log costs no
// entry, in the saved reader and in the live assembler (issue 29 #10).
func TestBOMSkipped(t *testing.T) {
	data, err := os.ReadFile("../testdata/logs/macos/main.log")
	if err != nil {
		t.Fatal(err)
	}
	withBOM := append([]byte(bom), data...)
	read := func(b []byte) ([]event.Event, Stats) {
		var evs []event.Event
		st, err := ReadEach(bytes.NewReader(b), "main.log", time.UTC, func(e *event.Event) { evs = append(evs, *e) })
		if err != nil {
			t.Fatal(err)
		}
		return evs, st
	}
	want, wantSt := read(data)
	got, gotSt := read(withBOM)
	if len(want) == 0 || !reflect.DeepEqual(got, want) || gotSt != wantSt {
		t.Errorf("with a BOM: %d events, %+v; without: %d events, %+v", len(got), gotSt, len(want), wantSt)
	}

	live := func(b []byte) []event.Event {
		var evs []event.Event
		asm := newAssembler("main.log", time.UTC, func(e *entry) { evs = parse(e, evs) })
		for _, l := range bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n")) {
			asm.Feed(l)
		}
		asm.Flush()
		return evs
	}
	if got, want := live(withBOM), live(data); !reflect.DeepEqual(got, want) || len(got) == 0 {
		t.Errorf("live, with a BOM: %d events; without: %d", len(got), len(want))
	}
	if got := live(withBOM); len(got) > 0 && got[0].Line != 1 {
		t.Errorf("the first event after a BOM is at line %d, want 1", got[0].Line)
	}
}
