package ingest

import (
	"bytes"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// blockSize is how much of a file one parse worker takes at a time: big
// enough that per-block costs vanish, small enough that the few blocks in
// flight keep memory flat (report's bar is under 64 MB resident). Each
// page of a block is a page fault the first time it is filled, and the
// blocks in flight are live heap the collector paces itself by: at 256
// KiB, read to the buffer's end (320 KiB), report on a realistic month
// took 1 000 more page faults (3 590 -> 2 560 on 128 MiB of dense log,
// 3 450 -> 2 690 on 256 MiB of sparse), and saved no CPU (issue 49).
const blockSize = 128 << 10

// maxParseWorkers bounds parse parallelism; past four, reading is no longer
// the bottleneck and each worker only adds blocks in flight.
const maxParseWorkers = 4

const blocksPerWorker = 4

// freeBlocks keeps the blocks' memory from one parseBlocks to the next: a
// folder of many small generations (20 000 rotated files) otherwise
// allocated a full set of blocks, 3 MB, for every file.
var freeBlocks = sync.Pool{New: func() any {
	return newBlockMem(blockSize + vocab.MaxLineBytes)
}}

// block is a run of whole lines, normally starting at an entry's first line.
type block struct {
	seq  int
	data []byte
	// contd: the block starts inside an entry longer than a block; its
	// leading lines continue an entry the previous block already held.
	contd bool
	// midLine: the block starts inside a line longer than a block, whose
	// head (cut at vocab.MaxLineBytes) the previous block already delivered.
	midLine bool
	mem     *blockMem
}

// blockMem is the memory one block in flight uses, recycled once the block
// is delivered: the garbage collector never sees a gigabyte of log go by.
type blockMem struct {
	data    []byte
	events  []event.Event
	signals []int // scratch for the portable line split
}

type blockResult struct {
	seq                          int
	events                       []event.Event
	lines, cut, orphans, entries int
	badStamps                    int
	lineBase                     int // lines in the file before the block
	mem                          *blockMem
	// first and last are the times of the block's first and last entry
	// with a plausible stamp, whether it says anything or not.
	first, last time.Time
}

type cutOutcome struct {
	blocks int
	err    error
}

// parseBlocks reads r in blocks cut at entry boundaries, parses the blocks
// on up to workers goroutines, and calls deliver with each block's result in
// file order from the calling goroutine; blockResult.event gives each event
// with its file-relative line number. tx says which free texts the
// parsers fill in (ReadSummary's leave some out).
// At most blocksPerWorker*workers+2 blocks are between reading and delivery
// at any time, which bounds memory whatever the file's size.
func parseBlocks(r io.Reader, name string, loc *time.Location, workers int, tx texts, deliver func(*blockResult)) error {
	// Each block in flight holds its bytes and its events (a block of short
	// [CliGovernor] lines yields thousands), so the workers and the blocks
	// in flight are capped, not scaled with the cores: memory stays under
	// report's bar on any machine.
	workers = min(max(workers, 1), maxParseWorkers)
	// Blocks are delivered in file order, so one slow block holds up every
	// worker behind it unless a few spare blocks absorb the jitter: four per
	// worker keep two cores busy (measured: 0.60 s -> 0.56 s on 1 GiB) at
	// about 30 MB resident.
	inFlight := blocksPerWorker*workers + 2
	// The blocks are taken as the cutter needs them (blockSupply), not all
	// at the start: a small file (a VM log, daemon.log) needs one, and
	// report reads those families beside main.log at once, so taking every
	// block up front put 30 unused blocks, 10 MB, on the heap it paced its
	// collections by (issue 49).
	pool := make(chan *blockMem, inFlight)
	defer func() { // the next file reuses them: 20 000 small files, one set
		for {
			select {
			case m := <-pool:
				m.events = m.events[:0]
				freeBlocks.Put(m)
			default:
				return
			}
		}
	}()
	done := make(chan *blockResult, inFlight)
	outcome := make(chan cutOutcome, 1)
	stop := make(chan struct{})
	defer close(stop)

	// Each worker reads the block it parses (blockCutter.next), one
	// worker at a time: the bytes it marks and splits are then the ones
	// its own core has just copied in. Read by a cutter goroutine, they
	// came from the other core's cache: the mark kernel ran half again as
	// slow, and report took 15 % more CPU on two cores than on one.
	cutter := &blockCutter{r: r, supply: blockSupply{free: pool, left: inFlight}, outcome: outcome}
	var sized eventsHint
	for i := 0; i < workers; i++ {
		go func() {
			// One assembler per worker, reset per block: its buffers and
			// interned names outlive the block.
			asm := newSinkAssembler(name, loc, nil)
			asm.names.summary = tx == textsSummary
			for {
				b := cutter.next(stop)
				if b == nil {
					return
				}
				sized.fit(b.mem)
				res := parseBlock(b, asm)
				sized.saw(len(res.events))
				done <- res
			}
		}()
	}

	pending := map[int]*blockResult{}
	next, baseLine, total := 0, 0, -1
	var err error
	for total < 0 || next < total {
		if res, ok := pending[next]; ok {
			delete(pending, next)
			// Lines are made file-relative as each event is handed on
			// (blockResult.event), not in a pass of their own: a block's
			// events come from another core, and a second pass over them
			// missed the cache again.
			res.lineBase = baseLine
			baseLine += res.lines
			deliver(res)
			res.mem.events = res.events[:0]
			pool <- res.mem
			next++
			continue
		}
		select {
		case res := <-done:
			pending[res.seq] = res
		case o := <-outcome:
			total, err = o.blocks, o.err
			outcome = nil
		}
	}
	return err
}

// blockCutter reads r in blocks for the workers, each cut at the start of
// its last entry, the rest carried into the next block, so no entry is
// torn. Its workers take turns at it (next).
type blockCutter struct {
	mu      sync.Mutex
	r       io.Reader
	supply  blockSupply
	carry   []byte
	contd   bool // the next block starts inside an entry (block.contd)
	midLine bool // the next block starts inside a line (block.midLine)
	seq     int  // the next block's
	done    bool // r is read to its end, or failed
	// outcome hears once, at the last block read, how many blocks there
	// are and the read error, if any.
	outcome chan<- cutOutcome
}

// next reads and cuts the next block, or returns nil once r is read or
// stop is closed.
func (c *blockCutter) next(stop <-chan struct{}) *block {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done {
		return nil
	}
	mem := c.supply.take(stop)
	if mem == nil {
		return nil
	}
	buf, eof, rerr := fillBlock(c.r, append(mem.data[:0], c.carry...))
	cut, nextContd, nextMid := len(buf), false, false
	if !eof {
		cut, nextContd, nextMid = cutPoint(buf)
	}
	c.carry = append(c.carry[:0], buf[cut:]...)
	mem.data = buf
	b := &block{seq: c.seq, data: buf[:cut], contd: c.contd, midLine: c.midLine, mem: mem}
	c.contd, c.midLine = nextContd, nextMid
	c.seq++
	if eof {
		c.done = true
		c.outcome <- cutOutcome{c.seq, rerr}
	}
	return b
}

// fillBlock reads r into buf up to blockSize (the room past it is for the
// carry, and pages read into are pages faulted in): eof says r has no
// more, on its end or on an error.
func fillBlock(r io.Reader, buf []byte) (_ []byte, eof bool, rerr error) {
	for len(buf) < blockSize && !eof {
		n, err := r.Read(buf[len(buf):blockSize])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			eof = true
		} else if err != nil {
			eof, rerr = true, fmt.Errorf("reading: %w", err)
		}
	}
	return buf, eof, rerr
}

// blockSupply hands the cutter blocks: one delivered and given back if
// there is one, else a new one (from freeBlocks) while fewer than the
// bound are out, else the next given back.
type blockSupply struct {
	free chan *blockMem // blocks given back after delivery
	left int            // blocks that may still be taken new
}

// take returns a block, or nil once stop is closed.
func (p *blockSupply) take(stop <-chan struct{}) *blockMem {
	select {
	case mem := <-p.free:
		return mem
	default:
	}
	if p.left > 0 {
		p.left--
		return freeBlocks.Get().(*blockMem)
	}
	select {
	case mem := <-p.free:
		return mem
	case <-stop:
		return nil
	}
}

// eventsHint sizes a new block's list of events from the blocks parsed
// before it: the workers parse two to four blocks at a time of the ten in
// flight, and each list grew from nothing by append's steps, allocating a
// dense log's first blocks' events several times over (issue 49). Only an
// empty list is sized, once; a list that has grown keeps its room.
type eventsHint struct{ most atomic.Int64 }

// maxEventsHint bounds the room fit gives: one hostile block of a hundred
// thousand short events must not size every block after it.
const maxEventsHint = 4096

// saw notes a parsed block's count of events.
func (h *eventsHint) saw(n int) {
	for {
		m := h.most.Load()
		if int64(n) <= m || h.most.CompareAndSwap(m, int64(n)) {
			return
		}
	}
}

// fit gives an empty list room for a quarter more events than any block
// had so far.
func (h *eventsHint) fit(mem *blockMem) {
	if cap(mem.events) > 0 {
		return
	}
	if n := int(h.most.Load()); n > 0 {
		mem.events = make([]event.Event, 0, min(n+n/4, maxEventsHint))
	}
}

// cutPoint finds where to end a full buffer: at the start of its last
// entry; failing that (one entry fills the block) at its last line end;
// failing that (one line fills the block) at its end.
func cutPoint(buf []byte) (cut int, contd, midLine bool) {
	for end := len(buf); end > 0; {
		q := bytes.LastIndexByte(buf[:end], '\n')
		if q < 0 {
			break
		}
		if q+1 < len(buf) && IsEntryStart(buf[q+1:min(len(buf), q+1+64)]) {
			return q + 1, false, false
		}
		end = q
	}
	if q := bytes.LastIndexByte(buf, '\n'); q >= 0 {
		return q + 1, true, false
	}
	return len(buf), true, true
}

// event is the block's i-th event, its line made file-relative: call it
// once per event, in order.
func (r *blockResult) event(i int) *event.Event {
	ev := &r.events[i]
	ev.Line += r.lineBase
	return ev
}

func parseBlock(b *block, asm *assembler) *blockResult {
	res := &blockResult{seq: b.seq, mem: b.mem, events: b.mem.events[:0]}
	data := b.data
	if b.midLine {
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			data = data[i+1:]
		} else {
			data = nil
		}
	}
	asm.Reset(&res.events)
	res.lines, res.cut, b.mem.signals = feedLines(data, asm, b.mem.signals)
	res.first, res.last = asm.StampSpan()
	asm.Flush()
	res.entries, res.badStamps = asm.Entries(), asm.BadStamps()
	if !b.contd {
		res.orphans = asm.Orphans()
	}
	return res
}
