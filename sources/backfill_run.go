package sources

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/coworktop/coworktop/event"

	"github.com/coworktop/coworktop/sources/follow"
)

// Run reads the plan's parts in order and sends their lines in batches of at
// most maxLines lines (0: 4096), so a consumer can draw its first frame
// before the backfill ends. Afterwards b.Follow is ready for Follow: each
// family's current file is handed over with the offset just past its last
// complete line. Rotated files are closed. On error or cancellation every
// descriptor is closed.
func (b *Backfill) Run(ctx context.Context, out chan<- follow.LineBatch, maxLines int) (err error) {
	if maxLines <= 0 {
		maxLines = follow.DefaultBatch
	}
	defer func() {
		if err != nil {
			b.Close()
		}
	}()
	c := &batcher{ctx: ctx, out: out, max: maxLines, status: follow.FollowStatus{State: event.FileBackfill, Since: time.Now()}}
	for i := range b.Parts {
		p := &b.Parts[i]
		if p.lz != nil {
			if err := p.lz.open(); err != nil {
				continue // rotated away and deleted since the plan
			}
		}
		end, err := c.readPart(ctx, p)
		p.release()
		if err != nil {
			return err
		}
		p.Ended = c.last && c.sent > 0
		if p.Current {
			for j := range b.Follow {
				if b.Follow[j].Path == p.File.Path {
					b.Follow[j].Start, b.Follow[j].StartAt = p.f, end
					p.f = nil
				}
			}
		}
		if p.f != nil {
			p.f.Close()
			p.f = nil
		}
	}
	return nil
}

type batcher struct {
	ctx    context.Context
	err    error // the consumer went away; stop collecting
	out    chan<- follow.LineBatch
	max    int
	file   string
	status follow.FollowStatus
	lines  [][]byte
	bytes  int
	held   bool // lines point into the splitter's buffer: detach it before reuse
	// partial: the batch being flushed was cut for size (follow.LineBatch.Partial)
	partial bool
	// sent: batches of the part being read sent so far; last: the part is
	// a rotated file read to its end (follow.LineBatch.Last)
	sent int
	last bool
	sp   *follow.Splitter // the part's, which says whether a line was cut
	cut  int              // cut lines collected (follow.LineBatch.Cut)
}

// collect keeps the line where it lies, in the splitter's read buffer, which
// is then handed to the receiver whole (see splitter.detach): copying each
// line into a batch of its own cost a backfill several times its read time.
func (c *batcher) collect(line []byte) {
	if c.err != nil {
		return
	}
	c.lines = append(c.lines, line[:len(line):len(line)])
	c.bytes += len(line)
	if c.sp != nil && c.sp.CutLast {
		c.cut++
	}
	c.held = true
	if len(c.lines) >= c.max || c.bytes >= follow.MaxBatchBytes {
		c.partial = true
		c.err = c.flush(c.ctx)
	}
}

func (c *batcher) flush(ctx context.Context) error {
	if len(c.lines) == 0 && (!c.last || c.sent == 0) {
		return nil // a rotated file's last batch is sent even empty, if it had others
	}
	b := follow.LineBatch{File: c.file, Status: c.status, Lines: c.lines, Partial: c.partial, Cut: c.cut, Last: c.last}
	c.partial, c.cut = false, 0
	c.sent++
	// The next batch is sized like this one: a full batch of a large file
	// sends another, a one-line rotated generation (20 000 of them) does
	// not cost a 4 096-line slice each.
	c.lines, c.bytes = make([][]byte, 0, min(c.max, max(16, len(b.Lines)))), 0
	select {
	case c.out <- b:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// readPart sends the lines of one part and returns the offset after its
// last complete line. A current file's unfinished last line is left for the
// follower; a rotated file's is delivered, as nothing will complete it.
func (c *batcher) readPart(ctx context.Context, p *BackfillPart) (int64, error) {
	c.file, c.sent, c.last = p.File.Path, 0, false
	var sp *follow.Splitter
	if p.Current {
		sp = follow.NewSplitter()
	} else { // a rotated file keeps its size: a buffer to fit
		sp = follow.NewSplitterFor(p.size - p.Start)
	}
	sp.Reset(p.Start)
	sp.Skipping = p.midLine // begin at the next line start
	c.sp = sp
	src := p.r
	if src == nil {
		src = p.f
	}
	r := io.NewSectionReader(src, p.Start, math.MaxInt64-p.Start)
	for {
		_, err := sp.Fill(r)
		sp.Emit(c.collect)
		if c.held {
			sp.Detach()
			c.held = false
		}
		if c.err != nil {
			return 0, c.err
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, fmt.Errorf("backfill %q: %w", p.File.Path, err)
		}
	}
	if !p.Current {
		sp.Flush(c.collect)
		c.last = true
	}
	if c.err != nil {
		return 0, c.err
	}
	if err := c.flush(ctx); err != nil {
		return 0, err
	}
	return sp.Consumed, nil
}
