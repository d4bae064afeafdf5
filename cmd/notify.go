package cmd

import (
	"context"
	"fmt"
	"io"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/notify"
	"github.com/spf13/cobra"
)

// noteSender diffs snapshots on the caller's goroutine (cheap, pure) and
// sends the notes from its own, so a slow notifier never holds up the model.
// A full queue drops notes rather than block.
type noteSender struct {
	n     *notify.Notifier
	queue chan notify.Note
}

// startNotifier returns nil, after saying why, where notifications cannot
// work; the caller carries on without them. A caller that cannot tell the
// backfill from live updates passes ignoreOld: what the log dated before now
// is then not news.
func startNotifier(ctx context.Context, stderr io.Writer, ignoreOld bool) *noteSender {
	n, err := notify.New()
	if err != nil {
		fmt.Fprintf(stderr, "coworktop: --notify: %s; continuing without notifications\n", oneLine(err.Error()))
		return nil
	}
	if ignoreOld {
		n.IgnoreBefore(productNow())
	}
	s := &noteSender{n: n, queue: make(chan notify.Note, 8)}
	go func() {
		warned := false
		for {
			select {
			case <-ctx.Done():
				return
			case note := <-s.queue:
				if err := n.Send(ctx, note); err != nil && !warned && ctx.Err() == nil {
					warned = true
					fmt.Fprintf(stderr, "coworktop: --notify: %s (further errors not shown)\n", oneLine(err.Error()))
				}
			}
		}
	}()
	return s
}

func (s *noteSender) baseline(snap governor.Snapshot) { s.n.Changes(snap, true) }

func (s *noteSender) observe(snap governor.Snapshot) { s.send(s.n.Changes(snap, false)) }

// send queues notes for the OS notifier; a full queue drops them.
func (s *noteSender) send(notes []notify.Note) {
	for _, note := range notes {
		select {
		case s.queue <- note:
		default:
		}
	}
}

// addNotifyFlag registers --notify, shared by the live view and serve.
func addNotifyFlag(cmd *cobra.Command, on *bool) {
	cmd.Flags().BoolVar(on, "notify", false, "desktop notification on an eviction, a pressure level change, a warning before a loss, the quota at 80/95/100 % of a window or a session waiting for you (macOS, Linux)")
}

// addNotifyWaitingFlag registers --notify-waiting beside --notify.
func addNotifyWaitingFlag(cmd *cobra.Command, g *globalOptions) {
	cmd.Flags().DurationVar(&g.notifyWaiting, "notify-waiting", notify.DefaultWaitingAfter,
		"with --notify: say \"waiting for you\" once a session's record says it has waited this long for you (at once when the wait puts it at risk)")
}
