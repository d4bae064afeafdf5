package cmd

import (
	"fmt"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/journal"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/vocab"
)

func newJournalCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "journal",
		Short: "The evidence coworktop keeps after the logs rotate: where, size, span",
		Long: `coworktop keeps a journal of what it has read of this machine's Claude
logs: every event (redacted as --redact does), the sessions' names, and a
summary of memory, pressure and quota per minute. The live view, serve and
events --follow write it as they read, and the first of them to run reads
the whole log folder into it once, so report and events can still explain
a loss after the app's logs have rotated away.

It lives in coworktop's state folder, the user's alone, and is bounded:
90 days or 200 MB by default, whichever comes first (journal.keep_days and
journal.max_mb in the config file).`,
		Example: `  coworktop journal                  where it is, its size and span
  coworktop journal prune            remove what is past the bound now
  coworktop journal export > j.ndjson   every record, one JSON object a line`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir, err := ownJournal(g)
			if err != nil {
				return err
			}
			in, err := journal.Stat(dir)
			if err != nil {
				return err
			}
			return writeJournalInfo(g, in)
		},
	}
	cmd.AddCommand(newJournalPathCmd(g), newJournalPruneCmd(g), newJournalExportCmd(g))
	return cmd
}

// ownJournal is the journal of this machine's log folder (or the one
// --log-dir names).
func ownJournal(g *globalOptions) (string, error) {
	paths, err := logPaths(g, nil)
	if err != nil {
		return "", err
	}
	return journalFolder(paths)
}

func writeJournalInfo(g *globalOptions, in journal.Info) error {
	w := g.stdout
	fmt.Fprintf(w, "journal:  %s\n", sources.CleanText(in.Dir))
	if !in.Exists || in.Files == 0 {
		fmt.Fprintln(w, "state:    empty (the live view, serve and events --follow write it)")
		return nil
	}
	fmt.Fprintf(w, "size:     %s in %d day file(s)\n", vocab.FormatBytes(uint64(in.Bytes)), in.Files)
	if !in.First.IsZero() {
		fmt.Fprintf(w, "span:     %s to %s (%s)\n", in.First.Local().Format(journalStamp), in.Last.Local().Format(journalStamp), vocab.FormatDuration(in.Last.Sub(in.First)))
	}
	fmt.Fprintf(w, "bound:    %s or %s, whichever comes first\n", journalDays(g.journalMaxAge()), vocab.FormatBytes(uint64(g.journalMaxBytes())))
	if runtime.GOOS != "windows" {
		fmt.Fprintf(w, "folder:   %v (the user's alone)\n", in.Perm)
	}
	return nil
}

const journalStamp = "2006-01-02 15:04"

func journalDays(d time.Duration) string { return fmt.Sprintf("%d days", int(d/(24*time.Hour))) }

func newJournalPathCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "path",
		Short: "Print the journal's folder",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir, err := ownJournal(g)
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(g.stdout, dir)
			return err
		},
	}
}

func newJournalPruneCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "prune",
		Short: "Remove what is past the journal's bound (days or size) now",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir, err := ownJournal(g)
			if err != nil {
				return err
			}
			p, err := journal.Prune(dir, g.journalMaxAge(), g.journalMaxBytes(), time.Now())
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(g.stdout, "removed %d day file(s), %s\n", p.Files, vocab.FormatBytes(uint64(p.Bytes)))
			return err
		},
	}
}

func newJournalExportCmd(g *globalOptions) *cobra.Command {
	var tf timeFlags
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Print the journal's records as NDJSON (redacted as kept)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if _, err := tf.span(time.Now()); err != nil {
				return err
			}
			dir, err := ownJournal(g)
			if err != nil {
				return err
			}
			span, err := tf.span(journalNewest(dir))
			if err != nil {
				return err
			}
			st, err := journal.Export(dir, span, g.stdout)
			if err != nil {
				return err
			}
			if st.Damaged > 0 {
				fmt.Fprintf(g.stderr, "coworktop: journal: %d damaged line(s) skipped (cut by a crash)\n", st.Damaged)
			}
			return nil
		},
	}
	tf.add(cmd, "the journal")
	return cmd
}

// printJournal is doctor's part on the journal: where, how much, its
// span, and anything wrong with it.
func printJournal(g *globalOptions) {
	w := g.stdout
	fmt.Fprintln(w, "coworktop's journal (coworktop journal):")
	dir, err := ownJournal(g)
	if err != nil {
		fmt.Fprintf(w, "  none: no log folder to keep a journal of\n")
		return
	}
	fmt.Fprintf(w, "  %s\n", sources.CleanText(dir))
	in, err := journal.Stat(dir)
	switch {
	case err != nil:
		fmt.Fprintf(w, "    not read: %s\n", sources.CleanText(oneLine(err.Error())))
		return
	case !in.Exists || in.Files == 0:
		fmt.Fprintln(w, "    empty: the live view, serve and events --follow write it as they read")
		return
	}
	span := ""
	if !in.First.IsZero() {
		span = fmt.Sprintf(", %s → %s", in.First.Local().Format(journalStamp), in.Last.Local().Format(journalStamp))
	}
	fmt.Fprintf(w, "    %s in %d day file(s)%s; bound %s or %s\n", vocab.FormatBytes(uint64(in.Bytes)), in.Files, span,
		journalDays(g.journalMaxAge()), vocab.FormatBytes(uint64(g.journalMaxBytes())))
	if runtime.GOOS != "windows" && in.Perm&0o077 != 0 {
		fmt.Fprintf(w, "    folder %v: others may read it; the next writer narrows it to the user's alone\n", in.Perm)
	}
}
