package ingest

import (
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// entry is one log entry: a line with a known timestamp prefix plus the
// continuation lines that follow it. Body and Cont alias the assembler's
// buffers and are only valid during the emit callback.
type entry struct {
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
	remote    *remoteSeen // the assembler's last Remote Control state (nil: none)

	parsed   bool          // events below already hold what the first line says
	events   []event.Event // parsed at Feed time, when parsed is set
	sunk     int           // or, for a sink assembler, how many it put in the sink
	sinkFrom int           // where they start there
	rateText string        // the line carrying the rate-limit signal, sanitised

	// vmConfig marks a cowork-service.log "[HCS] Config JSON:" entry: its
	// continuation lines are searched for the VM's size as they go by, and
	// it is parsed at Flush.
	vmConfig      bool
	cfgMB, cfgCPU int
}

// Time parses the entry's timestamp: main.log and the VM logs are local wall
// clock without a zone (interpreted in the assembler's location), mcp logs
// are ISO-8601 UTC with milliseconds.
func (e *entry) Time() time.Time {
	if e.clock == nil {
		return parseStamp(e.Stamp, e.loc)
	}
	return e.clock.at(e.Stamp, e.loc)
}

// maxContLines bounds what one multi-line entry may hold (a 40-line MCP path
// dump is normal; a runaway object is not).
const (
	maxContLines = 64
	maxContBytes = 16 << 10
)

// assembler groups lines into entries. Feed it every line of one file in
// order, then Flush. It copies only the entries a parser wants, so the
// common case (a line nobody cares about) costs a prefix check.
type assembler struct {
	file   string
	loc    *time.Location
	emit   func(*entry)
	lineNo int

	open     bool
	keepCont bool
	// lazy: the open entry is the commonest of all, a line of the last
	// stamp's minute that is no event and holds no signal (openPlain).
	// Only its stamp (in stampBuf) and line number are kept; cur is brought
	// up to date (materialize) only if a continuation line holds a signal.
	lazy       bool
	lazyNo     int
	lazyLevel  string
	cur        entry
	stampBuf   [32]byte
	bodyBuf    []byte
	contBuf    []byte
	contEnds   []int
	unstamped  int // lines before the first timestamped line
	badStamps  int // entry starts whose stamp is no real date
	remote     remoteSeen
	bad        bool // the open entry is such a one: it and its lines say nothing
	lastDate   [10]byte
	lastMinute [16]byte  // the date and time up to the minute of the last plausible stamp
	minute19   [2]uint64 // the same of the last stamp shaped as main.log's, as two words (splitLine)
	entries    int
	firstBuf   [32]byte // the stamp of the first entry since Reset
	firstN     int
	names      *names
	clock      stampClock
	// sink, when set, receives the events directly (newSinkAssembler)
	// instead of emit.
	sink *[]event.Event
	// masks is the block split's scratch (feedLinesMarked), made at its
	// first block: a live stream's assemblers never need it.
	masks *markMasks
}

// newAssembler returns an assembler for one file. loc is the zone of local
// timestamps (time.Local live; fixed in tests).
func newAssembler(file string, loc *time.Location, emit func(*entry)) *assembler {
	loadTables()
	if loc == nil {
		loc = time.Local
	}
	// The file name goes into every event and on to the screen and reports:
	// a name is as untrusted as the lines in it.
	file = vocab.SanitizeStringWith(file, vocab.PathText)
	a := &assembler{file: file, loc: loc, emit: emit, bodyBuf: make([]byte, 0, 512), names: newNames()}
	// The minute caches start at a real minute, not at zero bytes: a line
	// that starts with sixteen NULs would match zeros and pass as stamped.
	// A line that matches this minute is a plausible main.log stamp anyway.
	a.lastMinute = [16]byte([]byte(firstMinute))
	a.minute19 = minuteWords([]byte(firstMinute))
	a.cur.names, a.cur.clock, a.cur.File, a.cur.loc = a.names, &a.clock, file, loc
	a.cur.remote = &a.remote
	return a
}

// firstMinute is what the minute caches hold before the first stamp: a
// plausible date and time (year minYear), so that a line matching it is
// one that the full checks would pass too.
const firstMinute = "2000-01-01 00:00"

// newSinkAssembler returns an assembler that parses every entry's events
// straight into *sink, in order and complete (as parse gives them): a reader
// of a gigabyte saves copying each event from the entry to its own slice.
// Reset points it at the next sink.
func newSinkAssembler(file string, loc *time.Location, sink *[]event.Event) *assembler {
	a := newAssembler(file, loc, nil)
	a.sink = sink
	return a
}

// Reset makes the assembler start a new run of lines (a block, a file)
// into sink, keeping its buffers and interned names. Line numbers restart
// at 1.
func (a *assembler) Reset(sink *[]event.Event) {
	a.lineNo, a.open, a.keepCont, a.unstamped, a.entries, a.badStamps, a.firstN = 0, false, false, 0, 0, 0, 0
	a.lazy = false
	a.remote = remoteSeen{}
	a.sink = sink
}

// Orphans counts lines seen before any timestamped line (a file that starts
// mid-entry after a rotation or crop).
func (a *assembler) Orphans() int { return a.unstamped }

// BadStamps counts lines shaped as an entry start whose timestamp is no
// real date (0000-00-00, 2026-13-45, year 9999): neither they nor their
// continuation lines give events.
func (a *assembler) BadStamps() int { return a.badStamps }

// Entries counts the entries seen so far (emitted or not: the emit callback
// only hears about entries that may say something).
func (a *assembler) Entries() int { return a.entries }

// bom is UTF-8's byte-order mark.
const bom = "\xef\xbb\xbf"

// Feed takes one line without its line ending.
func (a *assembler) Feed(line []byte) { a.FeedLine(line, true) }

// FeedLine is Feed for a reader that has already searched its block for
// rate-limit signals: mayHaveSignal=false promises the line holds none (it
// fails mayHoldSignal, or the split's prefilter passed it over), and it is not
// searched again.
func (a *assembler) FeedLine(line []byte, mayHaveSignal bool) {
	a.lineNo++
	// splitLine's commonest case, in line: a main.log line of the last
	// stamp's minute (most lines of a log) costs no call.
	var (
		stamp, body []byte
		level       string
		ok          bool
		// The head's table lookup, when the plain-entry test below made it.
		head, headSure, headRead bool
	)
	if a.ofMinute(line) {
		level, body, ok = tagOfMinute(line)
		// The commonest entry of all goes no further (openPlain): one of
		// the last plausible minute, at any level, with no signal and a
		// body that no shape's parser can read, by the head table (headSays)
		// or, for the few it leaves open ("[CCD] …", a short body, one
		// that starts with spaces), by rareMayBeEvent. Such a body wants no
		// continuation lines: the head of every shape that does is in the
		// head table (the shape table's tests hold it).
		if ok && !mayHaveSignal && [16]byte(line[:16]) == a.lastMinute && line[17] <= '5' {
			if head, headSure = headSays(body); !headSure {
				head, headSure = rareMayBeEvent(body), true
			}
			if !head {
				a.openPlain(line[:19], level)
				return
			}
			headRead = true
		}
		stamp = line[:19]
	}
	if !ok {
		stamp, level, body, ok = a.splitLine(line)
	}
	if !ok {
		a.continueEntry(line, mayHaveSignal)
		return
	}
	if a.open && !a.lazy && a.cur.hasNews() {
		a.Flush()
	}
	a.open, a.lazy = true, false
	// The date and the hour and minute are checked once a minute of log.
	if ([16]byte(stamp[:16]) != a.lastMinute || stamp[17] > '5') && !a.plausible(stamp) {
		a.openBad()
		return
	}
	a.bad = false
	a.entries++
	if a.entries == 1 {
		a.firstN = copy(a.firstBuf[:], stamp)
	}
	a.resetCur(stamp, level)
	c := &a.cur
	service := isServiceStamp(stamp)
	daemon := !service && isDaemonStamp(stamp, level)
	a.keepCont = len(body) > 0 && contFirst[body[0]] && !service && !daemon && wantsContinuation(body)
	if service && isVMConfig(body) {
		// Parsed at Flush, once its JSON has gone by.
		c.vmConfig, c.cfgMB, c.cfgCPU = true, 0, 0
		scanVMConfig(body, c)
	} else if a.keepCont {
		// Parsed at Flush, when its continuation lines are in.
		a.bodyBuf = append(a.bodyBuf[:0], body...)
		a.cur.Body = a.bodyBuf
	} else {
		// The shape is decided by this line alone, so parse it now, while the
		// line is still in the reader's buffer: the common entry that is no
		// event is never copied.
		a.cur.Body = body
		// mayBeEvent spares most entries the call; its table lookup is here.
		may := service || daemon
		if !may {
			if !headRead {
				head, headSure = headSays(body)
			}
			if may = head; !headSure {
				may = rareMayBeEvent(body)
			}
		}
		if a.sink != nil {
			from := len(*a.sink)
			if may {
				*a.sink = a.parseFirst(*a.sink, service, daemon)
			}
			a.cur.sinkFrom, a.cur.sunk = from, len(*a.sink)-from
		} else if may {
			a.cur.events = a.parseFirst(a.cur.events, service, daemon)
		}
		a.cur.Body, a.cur.parsed = nil, true
	}
	if mayHaveSignal && rateLimitSignal(body) { // the timestamp holds digits, never a status
		a.cur.RateLimit, a.cur.rateText = true, a.names.text(event.KindRateLimit, body)
	}
}

// resetCur makes cur the entry at stamp, nothing read of it yet: field by
// field, and the common stamp as one fixed-size move, since this runs for
// each of the ten million lines of a gigabyte.
func (a *assembler) resetCur(stamp []byte, level string) {
	n := len(stamp)
	if n == 19 {
		*(*[19]byte)(a.stampBuf[:19]) = [19]byte(stamp)
	} else {
		n = copy(a.stampBuf[:], stamp)
	}
	c := &a.cur
	// File and loc are set once (newAssembler); the rest only when the last
	// entry changed it: each pointer store costs a write-barrier check.
	c.Line, c.Level = a.lineNo, level
	if len(c.Stamp) != n {
		c.Stamp = a.stampBuf[:n]
	}
	if c.RateLimit {
		c.RateLimit, c.rateText = false, ""
	}
	if len(c.Cont) > 0 {
		c.Cont = c.Cont[:0]
	}
	if len(c.events) > 0 {
		c.events = c.events[:0]
	}
	c.parsed, c.sunk, c.vmConfig = false, 0, false
	if len(a.contEnds) > 0 {
		a.contBuf, a.contEnds = a.contBuf[:0], a.contEnds[:0]
	}
}

// continueEntry takes a line that opens no entry as it stands. A line
// that starts with a byte-order mark is read again without it (an editor's
// save, a copy through another tool; only such lines are tried, off the
// fast path). Any other belongs to the open entry, if any (before the
// first, it is counted unstamped), which keeps it if its shape wants
// continuation lines and notes a rate-limit signal in it.
func (a *assembler) continueEntry(line []byte, mayHaveSignal bool) {
	if len(line) > len(bom) && string(line[:len(bom)]) == bom {
		a.lineNo--
		a.FeedLine(line[len(bom):], mayHaveSignal)
		return
	}
	if !a.open {
		a.unstamped++
		return
	}
	if a.bad {
		return
	}
	if a.lazy {
		if mayHaveSignal && rateLimitSignal(line) {
			a.materialize()
			a.cur.RateLimit, a.cur.rateText = true, a.names.text(event.KindRateLimit, line)
		}
		return
	}
	if a.cur.vmConfig {
		scanVMConfig(line, &a.cur)
	}
	if mayHaveSignal && !a.cur.RateLimit && rateLimitSignal(line) {
		a.cur.RateLimit, a.cur.rateText = true, a.names.text(event.KindRateLimit, line)
	}
	if a.keepCont && len(a.contEnds) < maxContLines && len(a.contBuf)+len(line) <= maxContBytes {
		a.contBuf = append(a.contBuf, line...)
		a.contEnds = append(a.contEnds, len(a.contBuf))
	}
}

// openBad opens an entry whose stamp is no real date: it and its
// continuation lines say nothing.
func (a *assembler) openBad() {
	a.badStamps++
	a.bad, a.keepCont, a.cur.vmConfig = true, false, false
	a.cur.parsed, a.cur.sunk, a.cur.RateLimit = true, 0, false
	a.cur.events = a.cur.events[:0]
}

// openPlain opens the entry whose stamp and level are given: the commonest
// of all, a line of the last plausible stamp's minute that holds no signal,
// whose head says it is no event and that wants no continuation lines (the
// caller has checked). It keeps only what a continuation line's signal
// would need, the stamp and the line number, not the bookkeeping of an
// entry that may say something: most lines of a log end here.
func (a *assembler) openPlain(stamp []byte, level string) {
	if a.open && !a.lazy && a.cur.hasNews() {
		a.Flush()
	}
	*(*[19]byte)(a.stampBuf[:19]) = [19]byte(stamp)
	a.open, a.lazy, a.bad, a.keepCont = true, true, false, false
	a.lazyNo, a.lazyLevel = a.lineNo, level
	a.entries++
	if a.entries == 1 {
		a.firstN = copy(a.firstBuf[:], stamp)
	}
}

// StampSpan is the time of the first and the last entry since Reset (or
// since the assembler was made) whose stamp is a real date, said anything
// or not: a report's span covers every stamped line. Call it before Flush.
func (a *assembler) StampSpan() (first, last time.Time) {
	if a.entries == 0 {
		return time.Time{}, time.Time{}
	}
	last = vocab.ReadInOrder(a.clock.t, a.lastStamp())
	return vocab.ReadInOrder(time.Time{}, parseStamp(a.firstBuf[:a.firstN], a.loc)), last
}

// lastStamp is the time of the last plausible entry: stampBuf holds its
// stamp, 19 bytes for a lazy one (main.log's), cur.Stamp's length else.
func (a *assembler) lastStamp() time.Time {
	if a.lazy {
		return parseStamp(a.stampBuf[:19], a.loc)
	}
	return parseStamp(a.cur.Stamp, a.loc)
}

// materialize brings cur up to date for the lazy entry open (openPlain), as
// the rest of FeedLine would have left it: an entry at its level that has been
// parsed and gave no event.
func (a *assembler) materialize() {
	a.lazy = false
	c := &a.cur
	c.Line, c.Level = a.lazyNo, a.lazyLevel
	c.Stamp = a.stampBuf[:19]
	c.RateLimit, c.rateText = false, ""
	c.Cont, c.events, c.Body = c.Cont[:0], c.events[:0], nil
	c.parsed, c.sunk, c.vmConfig = true, 0, false
	if a.sink != nil {
		// Nothing has gone into the sink since the entry opened: its
		// events start here (finishEntry stamps the sink's events from it).
		c.sinkFrom = len(*a.sink)
	}
	a.contBuf, a.contEnds = a.contBuf[:0], a.contEnds[:0]
}

// Flush emits the entry in progress, if any.
func (a *assembler) Flush() {
	if !a.open {
		return
	}
	a.open = false
	if a.lazy { // an entry that is no event and holds no signal says nothing
		a.lazy = false
		return
	}
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
		*a.sink = parse(&a.cur, *a.sink)
	}
}

// hasNews: the entry may yield an event (not yet parsed, or parsed with
// events, or carrying a rate-limit signal).
func (e *entry) hasNews() bool { return !e.parsed || len(e.events) > 0 || e.sunk > 0 || e.RateLimit }

// plausible says whether an entry's stamp is a real date and time; the
// date is checked once per day of log, the clock on every line.
func (a *assembler) plausible(stamp []byte) bool {
	if !plausibleClock(stamp) {
		return false
	}
	if [10]byte(stamp[:10]) != a.lastDate { // a fixed-size compare, not a memequal call a line
		if !plausibleDate(stamp) {
			return false
		}
		a.lastDate = [10]byte(stamp[:10])
	}
	if string(stamp[:16]) < string(a.lastMinute[:]) {
		a.wentBack()
	}
	a.lastMinute = [16]byte(stamp[:16])
	return true
}

// wentBack notes, when the wall clock goes back (the hour that repeats
// when clocks go back, or a line out of order), the minute it went back
// from: lines of that minute may have said nothing and been left unparsed
// (openPlain), and the stamps that follow are placed after it (stampClock).
func (a *assembler) wentBack() {
	var from [19]byte
	copy(from[:], a.lastMinute[:])
	from[16], from[17], from[18] = ':', '0', '0'
	if plausibleDate(from[:]) && plausibleClock(from[:]) {
		a.clock.at(from[:], a.loc)
	}
}

// parseFirst parses the entry's first line by the parser its log needs.
// Direct calls: a function value here cost an indirect call a line.
func (a *assembler) parseFirst(out []event.Event, service, daemon bool) []event.Event {
	switch {
	case service:
		return parseService(&a.cur, out)
	case daemon:
		return parseDaemon(&a.cur, out)
	}
	return parseBody(&a.cur, out)
}
