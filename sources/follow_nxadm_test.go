package sources

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/nxadm/tail"
	"github.com/nxadm/tail/watch"
)

// followNxadm runs nxadm/tail configured as host-and-vms.md §5.4 recommends.
func followNxadm(ctx context.Context, t *testing.T, path string) <-chan string {
	watch.POLL_DURATION = 5 * time.Millisecond // same poll rate as ours
	tl, err := tail.TailFile(path, tail.Config{
		Follow:        true,
		ReOpen:        true,
		MustExist:     false,
		Poll:          true,
		Location:      &tail.SeekInfo{Offset: 0, Whence: io.SeekStart},
		CompleteLines: true,
		Logger:        tail.DiscardingLogger,
	})
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan string, 1024)
	go func() {
		<-ctx.Done()
		_ = tl.Stop()
		tl.Cleanup()
	}()
	go func() {
		defer close(out)
		for l := range tl.Lines {
			if l.Err != nil {
				continue
			}
			select {
			case out <- l.Text:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

func TestFollowTortureNxadm(t *testing.T) {
	res := runTorture(t, 100_000, followNxadm)
	t.Logf("nxadm/tail: %s", res)
}
