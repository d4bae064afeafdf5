package governor

import (
	"bytes"
	"time"
)

// Entry is one log entry: a line with a known timestamp prefix plus the
// continuation lines that follow it. Body and Cont alias the assembler's
// buffers and are only valid during the emit callback.
type Entry struct {
	File  string
	Line  int    // 1-based line number of the entry's first line
	Stamp []byte // the raw timestamp, parsed lazily by Time
	Level string
	Body  []byte   // first line after "[level] "
	Cont  [][]byte // continuation lines, kept only for entries that need them
	// RateLimit is set when any line of the entry carries a real rate-limit
	// or overload signal (see rateLimitSignal).
	RateLimit bool
	loc       *time.Location
	names     *names      // the assembler's interned strings (nil: none)
	clock     *stampClock // the assembler's last parsed timestamp (nil: none)

	parsed   bool    // events below already hold what the first line says
	events   []Event // parsed at Feed time, when parsed is set
	sunk     int     // or, for a sink assembler, how many it put in the sink
	sinkFrom int     // where they start there
	rateText string  // the line carrying the rate-limit signal, sanitised
}

// Time parses the entry's timestamp: main.log and the VM logs are local wall
// clock without a zone (interpreted in the assembler's location), mcp logs
// are ISO-8601 UTC with milliseconds.
func (e *Entry) Time() time.Time {
	if e.clock == nil {
		return parseStamp(e.Stamp, e.loc)
	}
	return e.clock.at(e.Stamp, e.loc)
}

// stampClock remembers the last timestamp it parsed: a busy log writes many
// entries in the same second, or at least the same minute, and time.Date
// with a zone lookup is not free. Within a minute a main.log stamp is the
// minute plus its seconds: zone changes fall on whole minutes.
type stampClock struct {
	stamp  [32]byte
	n      int
	loc    *time.Location
	t      time.Time
	minute time.Time // t at second 0, when the stamp is main.log's 19 bytes
}

func (c *stampClock) at(stamp []byte, loc *time.Location) time.Time {
	if c.loc == loc && c.n == len(stamp) {
		if string(c.stamp[:c.n]) == string(stamp) {
			return c.t
		}
		if c.n == 19 && string(c.stamp[:17]) == string(stamp[:17]) && isDigit(stamp[17]) && isDigit(stamp[18]) {
			sec := int(stamp[17]-'0')*10 + int(stamp[18]-'0')
			c.stamp[17], c.stamp[18] = stamp[17], stamp[18]
			c.t = c.minute.Add(time.Duration(sec) * time.Second)
			return c.t
		}
	}
	c.n = copy(c.stamp[:], stamp)
	c.loc, c.t = loc, parseStamp(stamp, loc)
	if c.n == 19 {
		sec := int(stamp[17]-'0')*10 + int(stamp[18]-'0')
		c.minute = c.t.Add(-time.Duration(sec) * time.Second)
	}
	if c.n != len(stamp) { // longer than any known stamp: never match it
		c.n = -1
	}
	return c.t
}

// maxContLines bounds what one multi-line entry may hold (a 40-line MCP path
// dump is normal; a runaway object is not).
const (
	maxContLines = 64
	maxContBytes = 16 << 10
)

// Assembler groups lines into entries. Feed it every line of one file in
// order, then Flush. It copies only the entries a parser wants, so the
// common case (a line nobody cares about) costs a prefix check.
type Assembler struct {
	file   string
	loc    *time.Location
	emit   func(*Entry)
	lineNo int

	open      bool
	keepCont  bool
	cur       Entry
	stampBuf  [32]byte
	bodyBuf   []byte
	contBuf   []byte
	contEnds  []int
	unstamped int // lines before the first timestamped line
	entries   int
	names     *names
	clock     stampClock
	// sink, when set, receives the events directly (NewSinkAssembler)
	// instead of emit.
	sink *[]Event
}

// NewAssembler returns an assembler for one file. loc is the zone of local
// timestamps (time.Local live; fixed in tests).
func NewAssembler(file string, loc *time.Location, emit func(*Entry)) *Assembler {
	if loc == nil {
		loc = time.Local
	}
	a := &Assembler{file: file, loc: loc, emit: emit, bodyBuf: make([]byte, 0, 512), names: newNames()}
	a.cur.names, a.cur.clock = a.names, &a.clock
	return a
}

// NewSinkAssembler returns an assembler that parses every entry's events
// straight into *sink, in order and complete (as Parse gives them): a reader
// of a gigabyte saves copying each event from the entry to its own slice.
// Reset points it at the next sink.
func NewSinkAssembler(file string, loc *time.Location, sink *[]Event) *Assembler {
	a := NewAssembler(file, loc, nil)
	a.sink = sink
	return a
}

// Reset makes the assembler start a new run of lines (a block, a file)
// into sink, keeping its buffers and interned names. Line numbers restart
// at 1.
func (a *Assembler) Reset(sink *[]Event) {
	a.lineNo, a.open, a.keepCont, a.unstamped, a.entries = 0, false, false, 0, 0
	a.sink = sink
}

// Orphans counts lines seen before any timestamped line (a file that starts
// mid-entry after a rotation or crop).
func (a *Assembler) Orphans() int { return a.unstamped }

// Entries counts the entries seen so far (emitted or not: the emit callback
// only hears about entries that may say something).
func (a *Assembler) Entries() int { return a.entries }

// Feed takes one line without its line ending.
func (a *Assembler) Feed(line []byte) { a.FeedLine(line, true) }

// FeedLine is Feed for a reader that has already searched its block for
// rate-limit signals: mayHaveSignal=false promises the line fails
// MayHaveSignal, and it is not searched again.
func (a *Assembler) FeedLine(line []byte, mayHaveSignal bool) {
	a.lineNo++
	stamp, level, body, ok := splitEntry(line)
	if !ok {
		if !a.open {
			a.unstamped++
			return
		}
		if mayHaveSignal && !a.cur.RateLimit && rateLimitSignal(line) {
			a.cur.RateLimit, a.cur.rateText = true, Sanitize(line, MaxTextRunes)
		}
		if a.keepCont && len(a.contEnds) < maxContLines && len(a.contBuf)+len(line) <= maxContBytes {
			a.contBuf = append(a.contBuf, line...)
			a.contEnds = append(a.contEnds, len(a.contBuf))
		}
		return
	}
	if a.open && a.cur.hasNews() {
		a.Flush()
	}
	a.open = true
	a.entries++
	// Field by field, and the common stamp as one fixed-size move: this runs
	// for each of the ten million lines of a gigabyte.
	n := len(stamp)
	if n == 19 {
		*(*[19]byte)(a.stampBuf[:19]) = [19]byte(stamp)
	} else {
		n = copy(a.stampBuf[:], stamp)
	}
	c := &a.cur
	c.File, c.Line, c.Stamp, c.Level, c.loc = a.file, a.lineNo, a.stampBuf[:n], level, a.loc
	c.Body, c.Cont, c.RateLimit, c.parsed, c.events, c.rateText, c.sunk = nil, c.Cont[:0], false, false, c.events[:0], "", 0
	a.contBuf = a.contBuf[:0]
	a.contEnds = a.contEnds[:0]
	a.keepCont = len(body) > 0 && body[0] == 'S' && wantsContinuation(body)
	if a.keepCont {
		// Parsed at Flush, when its continuation lines are in.
		a.bodyBuf = append(a.bodyBuf[:0], body...)
		a.cur.Body = a.bodyBuf
	} else {
		// The shape is decided by this line alone, so parse it now, while the
		// line is still in the reader's buffer: the common entry that is no
		// event is never copied.
		a.cur.Body = body
		if a.sink != nil {
			from := len(*a.sink)
			*a.sink = parseBody(&a.cur, *a.sink)
			a.cur.sinkFrom, a.cur.sunk = from, len(*a.sink)-from
		} else {
			a.cur.events = parseBody(&a.cur, a.cur.events)
		}
		a.cur.Body, a.cur.parsed = nil, true
	}
	if mayHaveSignal && rateLimitSignal(body) { // the timestamp holds digits, never a status
		a.cur.RateLimit, a.cur.rateText = true, Sanitize(body, MaxTextRunes)
	}
}

// Flush emits the entry in progress, if any.
func (a *Assembler) Flush() {
	if !a.open {
		return
	}
	a.open = false
	if !a.cur.hasNews() {
		return // nothing to say about this entry: most entries end here
	}
	if len(a.contEnds) > 0 {
		start := 0
		a.cur.Cont = a.cur.Cont[:0]
		for _, end := range a.contEnds {
			a.cur.Cont = append(a.cur.Cont, a.contBuf[start:end])
			start = end
		}
	}
	switch {
	case a.sink == nil:
		a.emit(&a.cur)
	case a.cur.parsed: // its events are in the sink already
		*a.sink = finishEntry(&a.cur, *a.sink, a.cur.sinkFrom)
	default:
		*a.sink = Parse(&a.cur, *a.sink)
	}
}

// hasNews: the entry may yield an event (not yet parsed, or parsed with
// events, or carrying a rate-limit signal).
func (e *Entry) hasNews() bool { return !e.parsed || len(e.events) > 0 || e.sunk > 0 || e.RateLimit }

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

// splitPrefix recognises the timestamp prefixes of every known log:
//
//	main.log, cowork_vm_node.log:  2026-08-30 20:35:17 [info] body
//	cowork_vm_swift.log:           [VM] 2026-08-18 10:49:22 [info] body (the "[VM] " is optional)
//	mcp*.log:                      2026-08-30T16:35:14.745Z [info] body
//
// A line that does not start this way continues the previous entry.
func splitPrefix(line []byte) (stamp, level, body []byte, ok bool) {
	if len(line) > 5 && line[0] == '[' && line[1] == 'V' && bytes.HasPrefix(line, []byte("[VM] ")) {
		line = line[5:]
	}
	if len(line) < 22 || !isStamp19(line) {
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

func trimSpace1(b []byte) []byte {
	if len(b) > 0 && b[0] == ' ' {
		return b[1:]
	}
	return b
}

// isStamp19 checks "YYYY-MM-DD HH:MM:SS" (or with 'T') without allocating.
func isStamp19(b []byte) bool {
	// Separators first: they reject a continuation line at the first byte
	// or two, which is the common case for a line that is no entry start.
	if b[4] != '-' || b[7] != '-' || b[13] != ':' || b[16] != ':' || (b[10] != ' ' && b[10] != 'T') {
		return false
	}
	return isDigit(b[0]) && isDigit(b[1]) && isDigit(b[2]) && isDigit(b[3]) &&
		isDigit(b[5]) && isDigit(b[6]) && isDigit(b[8]) && isDigit(b[9]) &&
		isDigit(b[11]) && isDigit(b[12]) && isDigit(b[14]) && isDigit(b[15]) &&
		isDigit(b[17]) && isDigit(b[18])
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
	return Sanitize(b, 12)
}

func parseStamp(b []byte, loc *time.Location) time.Time {
	if len(b) < 19 {
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
		if len(b) > 20 && b[19] == '.' {
			end := 20
			for end < len(b) && b[end] >= '0' && b[end] <= '9' {
				end++
			}
			frac := num(20, end)
			for i := end - 20; i < 9; i++ {
				frac *= 10
			}
			nsec = frac
		}
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
	if !ok {
		return time.Time{}, false
	}
	if loc == nil {
		loc = time.Local
	}
	return parseStamp(stamp, loc), true
}
