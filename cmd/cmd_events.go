package cmd

import (
	"bufio"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/sources"
)

func newEventsCmd(g *globalOptions) *cobra.Command {
	var follow bool
	cmd := &cobra.Command{
		Use:   "events [PATH...]",
		Short: "One JSON object per parsed event (NDJSON), for jq and scripts",
		Example: `  coworktop events ~/Library/Logs/Claude | jq 'select(.kind=="governor.at_cap")'
  coworktop events --follow | jq -c 'select(.kind|startswith("governor."))'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			paths, await, err := followPaths(g, args)
			if err != nil {
				return err
			}
			w := bufio.NewWriterSize(g.stdout, 64<<10)
			var namer governor.Namer // each session named by its folder, as the other outputs name it
			emit := func(e governor.Event) error {
				b, err := e.MarshalNamed(namer.Name(&e))
				if err == nil {
					_, err = w.Write(append(b, '\n'))
				}
				if err != nil {
					return fmt.Errorf("writing event: %w", err)
				}
				return nil
			}
			if follow {
				err := followEvents(cmd.Context(), g, liveLogs{paths, await}, w, emit)
				return flushed(w, err)
			}
			files, err := sources.ExpandPaths(paths)
			if err != nil {
				return err
			}
			if len(files) == 0 {
				return fmt.Errorf("no Claude logs in %v (expected main.log, main1.log, cowork_vm_node.log, …)", paths)
			}
			var werr error
			// Read on the wall clock, not this machine's zone: a zoneless
			// stamp comes out as logged (even inside a DST gap) on every
			// machine; mcp.log's UTC stamps keep their Z.
			results := readEvents(files, wallClock, func(e *governor.Event) {
				if werr == nil {
					werr = emit(*e)
				}
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
