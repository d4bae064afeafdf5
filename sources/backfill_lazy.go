package sources

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/coworktop/coworktop/sources/follow"
)

// holdMax is how many generations of one family the backfill holds open at
// once. Up to it, every file it plans to read is opened at planning, so a
// rotation while it reads cannot make it read a file twice or lose one. A
// family with more (a folder of 20 000 rotated files) has its rotated
// generations opened one at a time instead, by path, each checked by its
// identity and looked for under its new name if a rotation moved it.
const holdMax = 64

// lazyFile is a rotated generation the backfill opens only while it looks
// at it or reads it.
type lazyFile struct {
	path, fam string
	id        follow.FileID
	via       func(*os.File) io.ReaderAt // tests: how the file is read
	f         *os.File
	src       io.ReaderAt // while open: what it is read through
}

// release closes a lazy part's file until it is needed again.
func (p *BackfillPart) release() {
	if p.lz != nil {
		p.lz.close()
	}
}

func (z *lazyFile) close() {
	if z.f != nil {
		z.f.Close()
		z.f, z.src = nil, nil
	}
}

var errMoved = errors.New("not the file planned")

// open opens the file: by its path, or, if a rotation moved it, under the
// name that now carries its identity.
func (z *lazyFile) open() error {
	if z.f != nil {
		return nil
	}
	f, err := z.openAt(z.path)
	if err != nil {
		dir := filepath.Dir(z.path)
		found, lerr := follow.ListDir(dir, func(name string) bool {
			fam, _, _, ok := follow.ClassifyLogName(name)
			return ok && fam == z.fam
		})
		if lerr != nil {
			return fmt.Errorf("backfill %q: %w", z.path, err)
		}
		for _, df := range found {
			if df.Err() == nil && df.Stat().ID() == z.id {
				f, err = z.openAt(filepath.Join(dir, df.Name()))
				break
			}
		}
		if f == nil {
			return fmt.Errorf("backfill %q: %w", z.path, err)
		}
	}
	z.f, z.src = f, f
	if z.via != nil {
		z.src = z.via(f)
	}
	return nil
}

func (z *lazyFile) openAt(path string) (*os.File, error) {
	f, err := follow.OpenLog(path)
	if err != nil {
		return nil, err
	}
	if st, err := follow.StatHandle(f); err != nil || st.ID() != z.id {
		f.Close()
		return nil, errMoved
	}
	return f, nil
}

// ReadAt reads the file, opening it if needed.
func (z *lazyFile) ReadAt(b []byte, off int64) (int, error) {
	if err := z.open(); err != nil {
		return 0, err
	}
	return z.src.ReadAt(b, off)
}

// mappable lets the start scan map the file, as it does a held one.
func (z *lazyFile) mappable() *os.File {
	if z.via != nil || z.open() != nil {
		return nil
	}
	return z.f
}

var _ io.ReaderAt = (*lazyFile)(nil)
