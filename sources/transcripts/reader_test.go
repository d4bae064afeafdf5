package transcripts

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/quota"
)

const (
	sessA = "0b7c1d2e-0000-4000-8000-00000000000a"
	sessB = "0b7c1d2e-0000-4000-8000-00000000000b"
)

func newTestReader(root string, now *time.Time) *Reader {
	r := NewReader([]string{root})
	r.Now = func() time.Time { return *now }
	return r
}

func rowsOf(rd quota.UsageReading, id string) []quota.Usage {
	for _, s := range rd.Sessions {
		if s.Session == id {
			return s.Rows
		}
	}
	return nil
}

// Three and one equal replies, each written as two lines (one per block):
// six and two rows read, which Dedup makes three and one, 75 % and 25 %.
func TestReadsLiveSessionsUsage(t *testing.T) {
	root := t.TempDir()
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	writeSession(t, root, "-home-alice-proj", sessA, equalReplies("a", 3, now.Add(-30*time.Minute)))
	writeSession(t, root, "-home-alice-other", sessB, equalReplies("b", 1, now.Add(-20*time.Minute)))
	writeSession(t, root, "-home-alice-old", "not-live", equalReplies("c", 5, now.Add(-10*time.Minute)))
	r := newTestReader(root, &now)
	rd, changed := r.Read([]string{sessA, sessB, "../../etc/passwd"})
	if !changed {
		t.Fatal("first reading not marked changed")
	}
	if len(rd.Sessions) != 2 {
		t.Fatalf("sessions %d, want 2 (the invalid id left out, the dead one not read)", len(rd.Sessions))
	}
	if a, b := len(rowsOf(rd, sessA)), len(rowsOf(rd, sessB)); a != 6 || b != 2 {
		t.Fatalf("rows %d and %d, want 6 and 2 (one per content block)", a, b)
	}
	if rd.Bad != 0 || rd.Cut != 0 {
		t.Fatalf("bad %d cut %d", rd.Bad, rd.Cut)
	}
	v := quota.Shares(&rd, quota.Dedup(rd.Sessions), nil, nil, now)
	if a, b := v.Of(sessA), v.Of(sessB); a.Percent != 75 || b.Percent != 25 || a.Replies != 3 || b.Replies != 1 {
		t.Fatalf("shares %.1f%% (%d) and %.1f%% (%d), want 75 %% (3) and 25 %% (1)", a.Percent, a.Replies, b.Percent, b.Replies)
	}
	if rd, changed := r.Read([]string{sessA, sessB}); changed || len(rowsOf(rd, sessA)) != 6 {
		t.Fatalf("an unchanged reading: changed %v, rows %d", changed, len(rowsOf(rd, sessA)))
	}
}

// An unchanged file costs a stat: it is not opened again; an appended one
// is read from where the last read stopped; one replaced (a new inode) or
// shrunk is read again from its start.
func TestIncrementalByOffsetInodeSize(t *testing.T) {
	root := t.TempDir()
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	p := writeSession(t, root, "-p", sessA, equalReplies("a", 2, now.Add(-time.Hour)))
	opens := 0
	openFile = func(path string) (*os.File, error) { opens++; return os.Open(path) }
	t.Cleanup(func() { openFile = defaultOpen })
	r := newTestReader(root, &now)
	r.Read([]string{sessA})
	before := r.Bytes
	for range 5 {
		r.Read([]string{sessA})
	}
	if opens != 1 || r.Bytes != before {
		t.Fatalf("unchanged file opened %d times, %d bytes read again; want 1 open", opens, r.Bytes-before)
	}
	more := equalReplies("n", 1, now.Add(-time.Minute))[0].lines(sessA, "/p")
	cut := strings.Index(more, `"type":"assistant"`)
	appendTo(t, p, more[:cut]) // half a line: waits for its end
	rd, _ := r.Read([]string{sessA})
	if n := len(rowsOf(rd, sessA)); n != 4 {
		t.Fatalf("rows %d after half a line, want 4", n)
	}
	appendTo(t, p, more[cut:])
	rd, _ = r.Read([]string{sessA})
	if n := len(rowsOf(rd, sessA)); n != 6 {
		t.Fatalf("rows %d after the append, want 6", n)
	}
	partial := cut - (strings.LastIndexByte(more[:cut], '\n') + 1) // read twice: once before its end came
	if read := r.Bytes - before; read != int64(len(more)+partial) {
		t.Fatalf("read %d bytes for an append of %d: not from the offset", read, len(more)+partial)
	}
	// Replaced by a shorter file (a rewrite): read again from its start.
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, []byte(equalReplies("z", 1, now.Add(-time.Minute))[0].lines(sessA, "/p")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
	rd, changed := r.Read([]string{sessA})
	if n := len(rowsOf(rd, sessA)); !changed || n != 2 {
		t.Fatalf("rows %d after the file was replaced, want 2 (changed %v)", n, changed)
	}
	// Shrunk in place.
	if err := os.Truncate(p, 0); err != nil {
		t.Fatal(err)
	}
	rd, _ = r.Read([]string{sessA})
	if n := len(rowsOf(rd, sessA)); n != 0 {
		t.Fatalf("rows %d after the file was emptied, want 0", n)
	}
}

var defaultOpen = openFile

// Only the window's lines: a reply older than 5 hours is not kept, and
// one kept is dropped once the window passes it.
func TestOnlyTheWindowsLines(t *testing.T) {
	root := t.TempDir()
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	rs := append(equalReplies("old", 2, now.Add(-6*time.Hour)), equalReplies("new", 1, now.Add(-4*time.Hour-50*time.Minute))...)
	writeSession(t, root, "-p", sessA, rs)
	r := newTestReader(root, &now)
	rd, _ := r.Read([]string{sessA})
	if n := len(rowsOf(rd, sessA)); n != 2 {
		t.Fatalf("rows %d, want 2 (the old replies left out)", n)
	}
	now = now.Add(15 * time.Minute)
	rd, changed := r.Read([]string{sessA})
	if n := len(rowsOf(rd, sessA)); n != 0 || !changed {
		t.Fatalf("rows %d after the window moved past them, want 0 (changed %v)", n, changed)
	}
}

// A file first seen is read from about where the window's lines begin,
// not from its start.
func TestBigFileReadFromTheWindow(t *testing.T) {
	root := t.TempDir()
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	var rs []reply
	for i := range 4000 { // 4000 replies over 40 hours: ~36 MB
		rs = append(rs, reply{at: now.Add(-40*time.Hour + time.Duration(i)*36*time.Second), msg: "msg_" + itoa(i), req: "req_" + itoa(i),
			model: "claude-opus-5", in: 5, cw: 100, cr: 1000, out: 50, blocks: 3})
	}
	p := writeSession(t, root, "-p", sessA, rs)
	st, _ := os.Stat(p)
	r := newTestReader(root, &now)
	rd, _ := r.Read([]string{sessA})
	want := 0
	for _, x := range rs {
		if !x.at.Before(now.Add(-Window)) {
			want += 3
		}
	}
	if n := len(rowsOf(rd, sessA)); n != want {
		t.Fatalf("rows %d, want %d", n, want)
	}
	if r.Bytes > st.Size()/5 {
		t.Fatalf("read %d of %d bytes: not from the window's start", r.Bytes, st.Size())
	}
}

// A subagent's lines count with its parent session.
func TestSubagentsCountWithTheirParent(t *testing.T) {
	root := t.TempDir()
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	writeSession(t, root, "-p", sessA, equalReplies("a", 1, now.Add(-time.Hour)))
	sub := filepath.Join(root, "-p", sessA, "subagents")
	sideA := equalReplies("s", 2, now.Add(-50*time.Minute))
	for i := range sideA {
		sideA[i].sidechain = true
		sideA[i].model = "claude-haiku-4-5"
	}
	writeSession(t, sub, "", "agent-a1", sideA)
	writeSession(t, filepath.Join(sub, "workflows"), "wf_1", "agent-w1", equalReplies("w", 1, now.Add(-40*time.Minute)))
	if err := os.WriteFile(filepath.Join(sub, "journal.jsonl"), []byte(equalReplies("j", 1, now)[0].lines(sessA, "/p")), 0o644); err != nil {
		t.Fatal(err)
	}
	r := newTestReader(root, &now)
	rd, _ := r.Read([]string{sessA})
	if len(rd.Sessions) != 1 || rd.Sessions[0].Files != 3 {
		t.Fatalf("files %+v, want the transcript and two subagents (journal.jsonl left out)", rd.Sessions)
	}
	if n := len(rowsOf(rd, sessA)); n != 8 {
		t.Fatalf("rows %d, want 8", n)
	}
}

// A live session without a transcript is reported with no file: its
// share is unknown, not 0.
func TestNoTranscriptIsUnknown(t *testing.T) {
	root := t.TempDir()
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	writeSession(t, root, "-p", sessA, equalReplies("a", 1, now.Add(-time.Hour)))
	r := newTestReader(root, &now)
	rd, _ := r.Read([]string{sessA, sessB})
	v := quota.Shares(&rd, quota.Dedup(rd.Sessions), nil, nil, now)
	if s := v.Of(sessB); s == nil || s.Known || quota.ShareCell(s) != "?" {
		t.Fatalf("a session without a transcript: %+v", s)
	}
	if v.Unknown != 1 || v.Of(sessA).Percent != 100 {
		t.Fatalf("unknown %d, A %.0f%%", v.Unknown, v.Of(sessA).Percent)
	}
}

// The types a transcript is decoded into have no place for text: no
// string, no byte slice, no interface, however deep.
func TestDecodedTypesHoldNoText(t *testing.T) {
	for _, v := range []any{wireLine{}, wireMessage{}, wireUsage{}, quota.Usage{}, quota.Tokens{}} {
		if path := textField(reflect.TypeOf(v), reflect.TypeOf(v).Name()); path != "" {
			t.Errorf("%s can hold text", path)
		}
	}
}

func textField(t reflect.Type, path string) string {
	switch t.Kind() {
	case reflect.String, reflect.Interface, reflect.Map:
		return path
	case reflect.Slice, reflect.Array, reflect.Pointer:
		return textField(t.Elem(), path+"[]")
	case reflect.Struct:
		if t == reflect.TypeOf(time.Time{}) {
			return ""
		}
		for i := range t.NumField() {
			if p := textField(t.Field(i).Type, path+"."+t.Field(i).Name); p != "" {
				return p
			}
		}
	case reflect.Uint8:
		if strings.HasSuffix(path, "[]") {
			return path
		}
	}
	return ""
}

// Hostile lines: not JSON, a usage marker in text, negative or huge
// counts, a synthetic placeholder, an API error: none counts, none stops
// the reading.
func TestHostileLines(t *testing.T) {
	root := t.TempDir()
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	p := writeSession(t, root, "-p", sessA, equalReplies("a", 1, now.Add(-time.Hour)))
	ts := now.Add(-time.Minute).Format(time.RFC3339)
	appendTo(t, p, strings.Join([]string{
		`not json "usage":{`,
		`{"type":"assistant","timestamp":"` + ts + `","message":{"id":"m1","model":"claude-opus-5","usage":{"input_tokens":-5,"output_tokens":1}}}`,
		`{"type":"assistant","timestamp":"` + ts + `","message":{"id":"m2","model":"claude-opus-5","usage":{"input_tokens":99999999999999999999}}}`,
		`{"type":"assistant","timestamp":"` + ts + `","message":{"id":"m3","model":"<synthetic>","usage":{"input_tokens":0,"output_tokens":0}}}`,
		`{"type":"assistant","isApiErrorMessage":true,"timestamp":"` + ts + `","message":{"id":"m4","model":"claude-opus-5","usage":{"input_tokens":1}}}`,
		`{"type":"user","timestamp":"` + ts + `","message":{"content":"{\"usage\":{\"input_tokens\":5}}"}}`,
		`{"type":"assistant","timestamp":"yesterday","message":{"id":"m5","model":"claude-opus-5","usage":{"input_tokens":1}}}`,
		"",
	}, "\n"))
	r := newTestReader(root, &now)
	rd, _ := r.Read([]string{sessA})
	if n := len(rowsOf(rd, sessA)); n != 2 {
		t.Fatalf("rows %d, want the 2 real ones", n)
	}
	if rd.Bad != 4 {
		t.Fatalf("bad %d, want 4 (not JSON, negative, huge, no time)", rd.Bad)
	}
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
