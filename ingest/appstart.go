package ingest

import (
	"bytes"
	"time"
)

// appStartMarker is the body of the entry the app writes when it starts;
// appStartLevel stands between its timestamp and the body.
var appStartMarker = []byte("Starting app {")

const appStartLevel = " [info] "

// AppStartSpan is the length of an app-start entry's first line up to the
// end of its marker: a caller scanning a file in chunks overlaps them by
// this much, so a match cut by a chunk boundary is seen whole in one chunk.
const AppStartSpan = 19 + len(appStartLevel) + len("Starting app {")

// LastAppStart returns the offset in data of the last line that opens an
// app-start entry ("YYYY-MM-DD HH:MM:SS [info] Starting app {"), or -1.
// atLineStart says whether data[0] begins a line; a match whose timestamp
// would begin before data is left to the chunk before it. The start-up
// backfill begins there: everything before the last start is another run of
// the app.
func LastAppStart(data []byte, atLineStart bool) int {
	found := -1
	for from := 0; ; {
		i := bytes.Index(data[from:], appStartMarker)
		if i < 0 {
			return found
		}
		i += from
		from = i + 1
		ls := i - 19 - len(appStartLevel)
		switch {
		case ls < 0, ls == 0 && !atLineStart, ls > 0 && data[ls-1] != '\n':
			continue
		}
		if isStamp19(data[ls:]) && data[ls+10] == ' ' && string(data[ls+19:i]) == appStartLevel {
			found = ls
		}
	}
}

// StampOf is the time of a line that begins an entry, read as UTC: the
// start-up backfill compares such times with each other, never with a
// clock, so the zone does not matter there.
func StampOf(line []byte) (time.Time, bool) { return EntryTime(line, time.UTC) }
