package ingest

import (
	"encoding/binary"
	"strings"
)

// mayBeEvent is parseBody's dispatch in one table lookup: a body whose
// first four bytes (after any spaces) begin no shape's head is no event,
// and most lines of a log are such. Two
// bytes, as this once looked at, let through every [remote-control],
// [WorktreePool], [CCD start-timing] and "Received …" line of a busy log;
// parsing them for nothing cost a tenth of report's time.
// TestMayBeEventAgreesWithParse keeps eventHeads in step with the parsers.
func mayBeEvent(b []byte) bool {
	if may, sure := headSays(b); sure {
		return may
	}
	return rareMayBeEvent(b)
}

// headSays is mayBeEvent's table lookup, small enough to be inlined in
// FeedLine: sure is false for the rare bodies rareMayBeEvent decides.
func headSays(b []byte) (may, sure bool) {
	if len(b) < 4 || b[0] == ' ' {
		return false, false
	}
	k := binary.LittleEndian.Uint32(b)
	if eventHeads.slot[(k*eventHeads.mul)>>24] == k {
		return true, true
	}
	return false, k != headCCD
}

// rareMayBeEvent is mayBeEvent for the rest: a "[CCD…" body, a short one,
// or one that starts with spaces ("[info]  [WarmLifecycle…": runs of
// spaces vary).
func rareMayBeEvent(b []byte) bool {
	if len(b) >= 4 && binary.LittleEndian.Uint32(b) == headCCD {
		return ccdMayBeEvent(b)
	}
	if b = trimSpaces(b); len(b) < 4 || b[0] == ' ' {
		return false
	}
	return mayBeEvent(b)
}

// ccdMayBeEvent: "[CCD] " before any untagged shape (parseCCD), or
// "[CCD CycleHealth] ".
func ccdMayBeEvent(b []byte) bool {
	if len(b) > 6 && b[4] == ']' && b[5] == ' ' {
		return mayBeEvent(b[6:])
	}
	return len(b) > 5 && b[4] == ' ' && b[5] == 'C'
}

// heads are every shape's heads (shapes.go), "[CCD" heads
// aside (ccdMayBeEvent decides those): the table holds their first four bytes.
func heads() (hs []string) {
	for _, h := range allHeads() {
		if !strings.HasPrefix(h, "[CCD") {
			hs = append(hs, h)
		}
	}
	return hs
}

var headCCD = binary.LittleEndian.Uint32([]byte("[CCD"))

// headTable is a set of four-byte heads with no collisions: each head owns
// the slot its multiplier gives it, so a lookup is one multiply and one
// compare.
type headTable struct {
	mul  uint32
	slot [256]uint32
}

// eventHeads is read-only once loadTables has made it.
var eventHeads headTable

// newHeadTable gives the heads' first four bytes their slots under a
// multiplier that keeps them apart (slotsFor, which routes.go shares).
func newHeadTable(hs []string) headTable {
	var keys []uint32
	seen := map[uint32]bool{}
	for _, h := range hs {
		if k := binary.LittleEndian.Uint32([]byte(h)); !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	t := headTable{mul: slotsFor(keys)}
	for _, k := range keys {
		t.slot[(k*t.mul)>>24] = k
	}
	return t
}
