package cmd

import (
	"bufio"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/words"
)

func newEventsCmd(g *globalOptions) *cobra.Command {
	var (
		follow    bool
		tf        timeFlags
		noJournal bool
	)
	cmd := &cobra.Command{
		Use:   "events [PATH...]",
		Short: "One JSON object per parsed event (NDJSON), for jq and scripts",
		Example: `  coworktop events ~/Library/Logs/Claude | jq 'select(.kind=="governor.at_cap")'
  coworktop events --follow | jq -c 'select(.kind|startswith("governor."))'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := tf.span(time.Now()); err != nil {
				return err
			}
			if follow && (tf.since != "" || tf.from != "" || tf.to != "") {
				return usageError("--follow streams what comes: --since, --from and --to are for the saved logs")
			}
			paths, await, err := followPaths(g, args)
			if err != nil {
				return err
			}
			w := bufio.NewWriterSize(g.stdout, 64<<10)
			var namer words.Namer // each session named by its folder, as the other outputs name it
			emit := func(e event.Event) error {
				b, err := words.MarshalNamedEvent(e, namer.Name(&e))
				if err == nil {
					_, err = w.Write(append(b, '\n'))
				}
				if err != nil {
					return fmt.Errorf("writing event: %w", err)
				}
				return nil
			}
			if follow {
				err := followEvents(cmd.Context(), g, liveLogs{paths, await, len(args) == 0}, w, emit)
				return flushed(w, err)
			}
			files, err := sources.ExpandPaths(paths)
			if err != nil {
				return err
			}
			jdir := ""
			if len(args) == 0 && !noJournal {
				jdir, _ = journalFolder(paths)
			}
			if len(files) == 0 && !journalHolds(jdir) {
				return fmt.Errorf("no Claude logs in %v (expected main.log, main1.log, cowork_vm_node.log, …)", paths)
			}
			span, part, err := eventsJournalPart(g, jdir, files, tf)
			if err != nil {
				return err
			}
			var ids *sessionRedactor
			if len(part.events) > 0 {
				ids = newSessionRedactor()
			}
			var werr error
			for _, e := range part.events {
				if werr == nil {
					werr = emit(e)
				}
			}
			// Read in this machine's zone, the logs' own: a zoneless stamp
			// comes out as logged with that zone's offset (the hour that
			// repeats when clocks go back read in order); mcp.log's UTC
			// stamps keep their Z.
			results := readEvents(files, time.Local, func(e *event.Event) {
				if werr != nil || !span.holdsLogged(e.Time) {
					return
				}
				if ids != nil {
					ids.apply(e)
				}
				werr = emit(*e)
			})
			for _, r := range results {
				if r.Err != "" {
					fmt.Fprintf(g.stderr, "coworktop: %s\n", r.Err)
				}
				if r.BadStamps > 0 { // counted, never read as another date
					fmt.Fprintf(g.stderr, "coworktop: %s: %d line(s) dated no real day, skipped\n", sources.CleanText(r.Path), r.BadStamps)
				}
			}
			if err := flushed(w, werr); err != nil {
				return err
			}
			if err := nothingRead(results); err != nil {
				return err
			}
			return notClaudeLogs(results)
		},
	}
	cmd.Flags().BoolVar(&follow, "follow", false, "keep running and stream new events as they are written")
	tf.add(cmd, "the logs and the journal")
	cmd.Flags().BoolVar(&noJournal, "no-journal", false, "read the logs alone, not coworktop's journal")
	return cmd
}

// flushed flushes w after a command's work, so a write that fails at the
// end (a full disk, /dev/full) is an error too; err, the work's own, wins.
func flushed(w *bufio.Writer, err error) error {
	if ferr := w.Flush(); ferr != nil && err == nil {
		return fmt.Errorf("writing events: %w", ferr)
	}
	return err
}
