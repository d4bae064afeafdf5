package journal

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Format is the journal's format number. A reader takes records of kinds
// it does not know and fields it does not know in its stride (they are
// skipped or ignored); the number goes up only when an older coworktop
// could no longer read the folder right, and an older coworktop then
// refuses it with ErrNewer rather than read or write it wrongly.
const Format = 1

// formatFile holds "coworktop journal format N".
const formatFile = "FORMAT"

const formatPrefix = "coworktop journal format "

// ErrNewer is the error for a journal written by a newer coworktop. (A
// value of a type of its own: the package has nothing to set up at start.)
var ErrNewer error = newerSentinel{}

type newerSentinel struct{}

func (newerSentinel) Error() string { return "written by a newer coworktop" }

// NewerError says which format a folder has and which this one reads.
type NewerError struct {
	Dir   string
	Found int
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("the journal in %s was written by a newer coworktop (format %d; this one reads format %d): update coworktop, or move the folder aside to start a new one", e.Dir, e.Found, Format)
}

// Unwrap makes errors.Is(err, ErrNewer) hold.
func (e *NewerError) Unwrap() error { return ErrNewer }

// checkFormat reads the folder's format file: nil for this format or a
// folder without one (a new journal), a *NewerError for a newer one.
func checkFormat(dir string) (exists bool, err error) {
	b, err := os.ReadFile(filepath.Join(dir, formatFile))
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("reading the journal's format: %w", err)
	}
	s := strings.TrimSpace(string(b))
	n, err := strconv.Atoi(strings.TrimPrefix(s, formatPrefix))
	if !strings.HasPrefix(s, formatPrefix) || err != nil || n < 1 {
		return true, fmt.Errorf("the journal in %s has a format file this coworktop cannot read (%q): move the folder aside to start a new one", dir, firstRunes(s, 40))
	}
	if n > Format {
		return true, &NewerError{Dir: dir, Found: n}
	}
	return true, nil
}

func firstRunes(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}

// RecordKind says what a record holds.
type RecordKind byte

// Record kinds, as they stand in a line.
const (
	KindEvent   RecordKind = 'e' // a parsed log event
	KindMinute  RecordKind = 'm' // the machine's memory, pressure and quota over a minute
	KindSession RecordKind = 's' // a session's name and title
)

// A line is "CCCCCCCC KKKKKKKKKKKKKKKK k JSON\n": the CRC-32C of what
// follows its first space, in hex; the record's key (the same record read
// by two processes has the same key); its kind; its JSON.
const (
	crcLen    = 8
	keyLen    = 16
	headerLen = crcLen + 1 + keyLen + 1 + 1 + 1
)

// castagnoli is the CRC-32C table, made at the first use (not at start).
var (
	castagnoliOnce sync.Once
	castagnoliTab  *crc32.Table
)

func castagnoli() *crc32.Table {
	castagnoliOnce.Do(func() { castagnoliTab = crc32.MakeTable(crc32.Castagnoli) })
	return castagnoliTab
}

// appendLine frames one record.
func appendLine(dst []byte, key uint64, kind RecordKind, body []byte) []byte {
	start := len(dst)
	dst = append(dst, "00000000 "...)
	var k [8]byte
	for i := range k {
		k[i] = byte(key >> (56 - 8*i))
	}
	dst = hex.AppendEncode(dst, k[:])
	dst = append(dst, ' ', byte(kind), ' ')
	dst = append(dst, body...)
	sum := crc32.Checksum(dst[start+crcLen+1:], castagnoli())
	var c [4]byte
	c[0], c[1], c[2], c[3] = byte(sum>>24), byte(sum>>16), byte(sum>>8), byte(sum)
	hex.Encode(dst[start:start+crcLen], c[:])
	return append(dst, '\n')
}

// parseLine reads one line (without its newline): ok is false for a line
// that is cut or damaged, which the reader skips.
func parseLine(line []byte) (key uint64, kind RecordKind, body []byte, ok bool) {
	if len(line) < headerLen || line[crcLen] != ' ' || line[crcLen+1+keyLen] != ' ' || line[headerLen-1] != ' ' {
		return 0, 0, nil, false
	}
	var c [4]byte
	if _, err := hex.Decode(c[:], line[:crcLen]); err != nil {
		return 0, 0, nil, false
	}
	want := uint32(c[0])<<24 | uint32(c[1])<<16 | uint32(c[2])<<8 | uint32(c[3])
	if crc32.Checksum(line[crcLen+1:], castagnoli()) != want {
		return 0, 0, nil, false
	}
	var k [8]byte
	if _, err := hex.Decode(k[:], line[crcLen+1:crcLen+1+keyLen]); err != nil {
		return 0, 0, nil, false
	}
	for _, b := range k {
		key = key<<8 | uint64(b)
	}
	return key, RecordKind(line[crcLen+1+keyLen+1]), line[headerLen:], true
}

// keyOf hashes the parts that make a record itself.
func keyOf(kind RecordKind, parts ...[]byte) uint64 {
	h := fnv.New64a()
	h.Write([]byte{byte(kind)})
	for _, p := range parts {
		h.Write(p)
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// eachLine calls fn with every complete line of b (a last line without its
// newline is cut: not given).
func eachLine(b []byte, fn func(line []byte)) {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			return
		}
		fn(b[:i])
		b = b[i+1:]
	}
}
