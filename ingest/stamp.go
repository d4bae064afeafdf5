package ingest

import (
	"bytes"
	"encoding/binary"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// Recognising an entry's first line and reading its timestamp: the part of
// assembly that runs for every line of a log.

// splitEntry is splitPrefix with the level as a string, and main.log's
// "YYYY-MM-DD HH:MM:SS [info] " recognised in place: most lines of a big log
// have it, and it needs neither a search for ']' nor a level lookup.
func splitEntry(line []byte) (stamp []byte, level string, body []byte, ok bool) {
	if len(line) >= 27 && line[19] == ' ' && line[20] == '[' && isStamp19(line) {
		switch string(line[21:27]) {
		case "info] ":
			return line[:19], "info", line[27:], true
		case "warn] ":
			return line[:19], "warn", line[27:], true
		case "error]":
			return line[:19], "error", trimSpace1(line[27:]), true
		case "debug]":
			return line[:19], "debug", trimSpace1(line[27:]), true
		}
	}
	stamp, lv, body, ok := splitPrefix(line)
	if !ok {
		return nil, "", nil, false
	}
	return stamp, levelName(lv), body, true
}

// The eight bytes after a main.log stamp, by level, as splitLine reads them
// (little-endian; TestStampTags checks them against the text).
const (
	tagInfo  = 0x205d6f666e695b20 // " [info] "
	tagWarn  = 0x205d6e7261775b20 // " [warn] "
	tagError = 0x5d726f7272655b20 // " [error]"
	tagDebug = 0x5d67756265645b20 // " [debug]"
)

// minuteWords is a stamp's date and time up to the minute (its first 16
// bytes) as the two words splitLine compares a line's against.
func minuteWords(stamp []byte) [2]uint64 {
	return [2]uint64{binary.LittleEndian.Uint64(stamp), binary.LittleEndian.Uint64(stamp[8:16])}
}

// ofMinute: line starts with a main.log stamp of the date, hour and minute
// of the last main.log-shaped stamp, and has the 8 bytes of a level tag
// after it.
func (a *assembler) ofMinute(line []byte) bool {
	return len(line) >= 27 && binary.LittleEndian.Uint64(line) == a.minute19[0] && binary.LittleEndian.Uint64(line[8:]) == a.minute19[1] &&
		line[16] == ':' && isDigit(line[17]) && isDigit(line[18])
}

// tagOfMinute reads the level and body of a line that ofMinute passed,
// as splitLine does: FeedLine takes such lines, most of a log, in line.
// ok is false for a level tag other than the four of main.log.
func tagOfMinute(line []byte) (level string, body []byte, ok bool) {
	switch binary.LittleEndian.Uint64(line[19:]) {
	case tagInfo:
		return "info", line[27:], true
	case tagWarn:
		return "warn", line[27:], true
	case tagError:
		return "error", trimSpace1(line[27:]), true
	case tagDebug:
		return "debug", trimSpace1(line[27:]), true
	}
	return "", nil, false
}

// splitLine is splitEntry for the assembler's next line: a line that
// starts with the date, hour and minute of the last main.log-shaped stamp
// (a minute of log is hundreds of lines) has only its seconds checked,
// not all 19 bytes.
func (a *assembler) splitLine(line []byte) (stamp []byte, level string, body []byte, ok bool) {
	// Eight bytes at a time: the minute as two words, and what follows the
	// seconds, " [info] ", as one.
	if a.ofMinute(line) {
		// isStamp19(line) holds: its first 16 bytes are those of one that passed.
		if level, body, ok = tagOfMinute(line); ok {
			return line[:19], level, body, true
		}
	}
	stamp, level, body, ok = splitEntry(line)
	if ok && len(stamp) == 19 && isStamp19(stamp) {
		a.minute19 = minuteWords(stamp)
	}
	return stamp, level, body, ok
}

// splitPrefix recognises the timestamp prefixes of every known log:
//
//	main.log, cowork_vm_node.log:  2026-08-30 20:35:17 [info] body
//	cowork_vm_swift.log:           [VM] 2026-08-18 10:49:22 [info] body (the "[VM] " is optional)
//	mcp*.log:                      2026-08-30T16:35:14.745Z [info] body
//	daemon.log:                    [2026-08-05T23:58:34.350Z] [bg] body (no level)
//
// A line that does not start this way continues the previous entry.
func splitPrefix(line []byte) (stamp, level, body []byte, ok bool) {
	if isDaemonLine(line) {
		return splitDaemonPrefix(line)
	}
	if len(line) > 5 && line[0] == '[' && line[1] == 'V' && bytes.HasPrefix(line, []byte("[VM] ")) {
		line = line[5:]
	}
	if len(line) < 22 {
		return nil, nil, nil, false
	}
	if line[4] == '/' {
		return splitServicePrefix(line)
	}
	if !isStamp19(line) {
		return nil, nil, nil, false
	}
	end := 19
	if line[10] == 'T' {
		// ISO: optional .mmm then Z
		if end < len(line) && line[end] == '.' {
			end++
			for end < len(line) && line[end] >= '0' && line[end] <= '9' {
				end++
			}
		}
		if end < len(line) && line[end] == 'Z' {
			end++
		}
	}
	stamp = line[:end]
	rest := line[end:]
	if len(rest) < 3 || rest[0] != ' ' || rest[1] != '[' {
		return nil, nil, nil, false
	}
	close := bytes.IndexByte(rest[2:min(len(rest), 24)], ']')
	if close < 0 {
		return nil, nil, nil, false
	}
	level = rest[2 : 2+close]
	body = rest[2+close+1:]
	if len(body) > 0 && body[0] == ' ' {
		body = body[1:]
	}
	return stamp, level, body, true
}

// splitServicePrefix recognises cowork-service.log's Go-logger prefix,
// "2026/04/15 10:52:22.537323 " (local wall clock, microseconds, no level:
// a "[VM]", "[HCS]" or "[Server]" tag, if any, is part of the body).
func splitServicePrefix(line []byte) (stamp, level, body []byte, ok bool) {
	if line[7] != '/' || line[10] != ' ' || line[13] != ':' || line[16] != ':' ||
		!isDigit(line[0]) || !isDigit(line[3]) || !isDigit(line[5]) || !isDigit(line[6]) || !isDigit(line[8]) ||
		!isDigit(line[9]) || !isDigit(line[11]) || !isDigit(line[12]) || !isDigit(line[14]) || !isDigit(line[15]) ||
		!isDigit(line[17]) || !isDigit(line[18]) || !isDigit(line[1]) || !isDigit(line[2]) {
		return nil, nil, nil, false
	}
	end := 19
	if line[end] == '.' {
		end++
		for end < len(line) && isDigit(line[end]) && end < 29 {
			end++
		}
	}
	if end >= len(line) || line[end] != ' ' {
		return nil, nil, nil, false
	}
	return line[:end], nil, line[end+1:], true
}

// isServiceStamp: the stamp is cowork-service.log's (its date has slashes).
func isServiceStamp(stamp []byte) bool { return len(stamp) > 4 && stamp[4] == '/' }

func trimSpace1(b []byte) []byte {
	if len(b) > 0 && b[0] == ' ' {
		return b[1:]
	}
	return b
}

// isStamp19 checks "YYYY-MM-DD HH:MM:SS" (or with 'T') without allocating,
// eight bytes at a time: it runs on every line of a log.
func isStamp19(b []byte) bool {
	_ = b[18]
	w0 := binary.LittleEndian.Uint64(b[0:]) // "YYYY-MM-"
	w1 := binary.LittleEndian.Uint64(b[8:]) // "DD HH:MM"
	// Separators first: they reject a continuation line at once, the common
	// case for a line that is no entry start.
	if w0&stampSep0 != stampDash0 || w1&stampSep1 != stampColon1 || b[16] != ':' {
		return false
	}
	if c := byte(w1 >> 16); c != ' ' && c != 'T' {
		return false
	}
	// With the separators made '0', every byte must be a digit.
	return allDigits((w0&^stampSep0)|stampZero0) && allDigits((w1&^(stampSep1|0xff<<16))|stampZero1|'0'<<16) &&
		isDigit(b[17]) && isDigit(b[18])
}

// The separators of a stamp's first 16 bytes, as 64-bit words: bytes 4 and 7
// ('-') of the first, byte 5 (':') of the second.
const (
	stampSep0   = 0xff<<32 | 0xff<<56
	stampDash0  = '-'<<32 | '-'<<56
	stampZero0  = '0'<<32 | '0'<<56
	stampSep1   = 0xff << 40
	stampColon1 = ':' << 40
	stampZero1  = '0' << 40
)

// allDigits reports whether all eight bytes of v are '0'-'9': a byte below
// '0' sets its top bit in v-'0…0', one above '9' in v+0x46…46, and a borrow
// or carry leaving a byte only starts from a byte that already failed.
func allDigits(v uint64) bool {
	return ((v-0x3030303030303030)|(v+0x4646464646464646))&0x8080808080808080 == 0
}

func isDigit(c byte) bool { return c-'0' < 10 }

func levelName(b []byte) string {
	switch string(b) { // no allocation: the compiler optimises string(b) in a switch
	case "info":
		return "info"
	case "warn":
		return "warn"
	case "error":
		return "error"
	case "debug":
		return "debug"
	}
	return vocab.Sanitize(b, 12)
}

func parseStamp(b []byte, loc *time.Location) time.Time {
	if len(b) < 19 || !plausibleDate(b) || !plausibleClock(b) {
		return time.Time{}
	}
	num := func(from, to int) int {
		n := 0
		for _, c := range b[from:to] {
			n = n*10 + int(c-'0')
		}
		return n
	}
	nsec := 0
	if b[10] == 'T' {
		loc = time.UTC
	}
	if len(b) > 20 && b[19] == '.' { // mcp.log's milliseconds, cowork-service.log's microseconds
		end := 20
		for end < len(b) && b[end] >= '0' && b[end] <= '9' {
			end++
		}
		// Nanoseconds at most: digits past the ninth are dropped, not
		// allowed to carry into the seconds.
		frac := num(20, min(end, 29))
		for i := min(end, 29) - 20; i < 9; i++ {
			frac *= 10
		}
		nsec = frac
	}
	return time.Date(num(0, 4), time.Month(num(5, 7)), num(8, 10), num(11, 13), num(14, 16), num(17, 19), nsec, loc)
}

// IsEntryStart reports whether a line begins a new entry (has a known
// timestamp prefix). Readers that split a file into blocks cut at such lines
// so that no entry is torn between two blocks.
func IsEntryStart(line []byte) bool {
	_, _, _, ok := splitPrefix(line)
	return ok
}

// EntryTime returns the timestamp of a line that begins an entry.
func EntryTime(line []byte, loc *time.Location) (time.Time, bool) {
	stamp, _, _, ok := splitPrefix(line)
	if !ok || !plausibleDate(stamp) || !plausibleClock(stamp) {
		return time.Time{}, false
	}
	if loc == nil {
		loc = time.Local
	}
	return parseStamp(stamp, loc), true
}

// stampClock remembers the last timestamp it parsed: a busy log writes many
// entries in the same second, or at least the same minute, and time.Date
// with a zone lookup is not free. Within a minute a main.log stamp is the
// minute plus its seconds: zone changes fall on whole minutes. The last
// time is also what the next is placed after in the repeated hour of a
// fall-back (vocab.InOrder).
type stampClock struct {
	stamp  [32]byte
	n      int
	loc    *time.Location
	t      time.Time
	minute time.Time // t at second 0, when the stamp is main.log's 19 bytes
	// safeFrom and safeTo: where t's zone has no change near (its zone
	// period less changeMargin at each end): no wall clock there repeats,
	// and none is looked up.
	safeFrom, safeTo time.Time
}

// inOrder is t, just read in loc, placed after the last time (c.t): in
// the hour that repeats when clocks go back, a stamp that goes back is
// the second occurrence (vocab.ReadInOrder). Only a stamp near a change
// of its zone looks anything up.
func (c *stampClock) inOrder(t time.Time, loc *time.Location) time.Time {
	if t.Location() == time.UTC || !t.Before(c.safeFrom) && t.Before(c.safeTo) {
		return t
	}
	start, end := t.ZoneBounds()
	c.safeFrom, c.safeTo = start.Add(changeMargin), end.Add(-changeMargin)
	if start.IsZero() {
		c.safeFrom = time.Time{}
	}
	if end.IsZero() {
		c.safeTo = time.Unix(1<<62, 0)
	}
	if !t.Before(c.safeFrom) && t.Before(c.safeTo) {
		return t
	}
	prev := c.t
	if c.loc != loc {
		prev = time.Time{}
	}
	return vocab.ReadInOrder(prev, t)
}

// changeMargin is more than any zone's clocks go back (two hours, at
// Troll): a wall clock further than that from a change occurs once.
const changeMargin = 3 * time.Hour

func (c *stampClock) at(stamp []byte, loc *time.Location) time.Time {
	if c.loc == loc && c.n == len(stamp) {
		if c.n == 19 {
			// Fixed-size compares, not a memequal call: this runs for every
			// event.
			if [16]byte(c.stamp[:16]) == [16]byte(stamp[:16]) && c.stamp[16] == stamp[16] {
				if c.stamp[17] == stamp[17] && c.stamp[18] == stamp[18] {
					return c.t
				}
				if isDigit(stamp[17]) && isDigit(stamp[18]) {
					sec := int(stamp[17]-'0')*10 + int(stamp[18]-'0')
					c.stamp[17], c.stamp[18] = stamp[17], stamp[18]
					c.t = c.minute.Add(time.Duration(sec) * time.Second)
					return c.t
				}
			}
		} else if string(c.stamp[:c.n]) == string(stamp) {
			return c.t
		}
	}
	t := c.inOrder(parseStamp(stamp, loc), loc)
	c.n = copy(c.stamp[:], stamp)
	c.loc, c.t = loc, t
	if c.n == 19 {
		sec := int(stamp[17]-'0')*10 + int(stamp[18]-'0')
		c.minute = c.t.Add(-time.Duration(sec) * time.Second)
	}
	if c.n != len(stamp) { // longer than any known stamp: never match it
		c.n = -1
	}
	return c.t
}

// Stamps the app never writes: a zero date, a year far off, a month 13, a
// 30 February, an hour 25. time.Date would turn each into some other real
// date; such an entry is counted as a bad stamp instead and says nothing.
const (
	minYear = 2000
	maxYear = 2099
)

// plausibleDate checks the YYYY?MM?DD of a stamp already shaped as one.
func plausibleDate(b []byte) bool {
	y := int(b[0]-'0')*1000 + int(b[1]-'0')*100 + int(b[2]-'0')*10 + int(b[3]-'0')
	m := int(b[5]-'0')*10 + int(b[6]-'0')
	d := int(b[8]-'0')*10 + int(b[9]-'0')
	if y < minYear || y > maxYear || m < 1 || m > 12 || d < 1 {
		return false
	}
	return d <= daysIn(m, y)
}

// plausibleClock checks the HH:MM:SS of a stamp already shaped as one.
func plausibleClock(b []byte) bool {
	return (b[11] < '2' || b[11] == '2' && b[12] <= '3') && b[14] <= '5' && b[17] <= '5'
}

func daysIn(m, y int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
