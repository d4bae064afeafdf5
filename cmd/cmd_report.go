package cmd

import (
	"fmt"
	"os"
	"os/user"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/redact"
	"github.com/coworktop/coworktop/render"
	"github.com/coworktop/coworktop/sources"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
)

func newReportCmd(g *globalOptions) *cobra.Command {
	var (
		asJSON   bool
		doRedact bool
		since    time.Duration
	)
	cmd := &cobra.Command{
		Use:   "report [PATH...]",
		Short: "Post-mortem summary of the governor's actions in saved logs",
		Long: `report reads the Claude desktop logs (files, or folders holding main.log and
its rotated generations and the Cowork VM logs) and says what the session
governor did: evictions with their causes, yields, memory pressure, the cap,
the lowest free memory, and Cowork VM boot stalls.

Which lost sessions were waiting for you (a permission prompt) when they
died is not in the logs: report names them only where the Claude Code
session record a dead process left on this machine said so, updated before
the loss.`,
		Example: `  coworktop report
  coworktop report --since 2h ~/Library/Logs/Claude
  coworktop report --json --redact main.log main1.log > incident.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := notNegative("since", since); err != nil {
				return err
			}
			paths, err := logPaths(g, args)
			if err != nil {
				return err
			}
			files, err := sources.ExpandPaths(paths)
			if err != nil {
				return err
			}
			if len(files) == 0 {
				return fmt.Errorf("no Claude logs in %v (expected main.log, main1.log, cowork_vm_node.log, …)", paths)
			}
			// The records this machine's dead sessions left behind say
			// which lost sessions waited for the person (records.go).
			rec := readRecordsOnce(recordDirs(g))
			r, err := buildReportWith(files, since, doRedact, governor.Records{Found: rec.Found, Leftover: rec.Leftover, App: rec.App})
			if err != nil {
				return err
			}
			if asJSON {
				return render.WriteJSON(g.stdout, r)
			}
			return render.WriteText(g.stdout, r)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, "print one JSON object")
	f.BoolVar(&doRedact, "redact", false, "replace home folders, user names, e-mail addresses and UUIDs (for public bug reports)")
	f.DurationVar(&since, "since", 0, "only the last DUR of the logs, counted back from their newest entry (e.g. 2h)")
	return cmd
}

// buildReport reads every file once, in order, and folds it into a fresh
// governor state.
func buildReport(files []sources.LogFile, since time.Duration, doRedact bool) (render.Report, error) {
	return buildReportWith(files, since, doRedact, governor.Records{})
}

// buildReportWith is buildReport with the session records that dead
// processes left behind: a loss after a record's last word, a wait, was
// a session lost while waiting for the person. A saved log alone cannot
// say it.
func buildReportWith(files []sources.LogFile, since time.Duration, doRedact bool, records governor.Records) (render.Report, error) {
	// The report keeps no event log, so the texts only a log shows are
	// not read (ingest.ReadSummary): the bulk of a month's allocations.
	return buildReportFrom(files, since, doRedact, records, ingest.ReadSummary)
}

// buildReportFrom is buildReportWith reading each file with read.
func buildReportFrom(files []sources.LogFile, since time.Duration, doRedact bool, records governor.Records, read logReader) (render.Report, error) {
	var cutoff time.Time
	if since > 0 {
		if newest := newestEntry(files, time.Local); !newest.IsZero() {
			cutoff = newest.Add(-since)
		}
	}
	limits := governor.DefaultLimits()
	limits.LogLines = 0 // the report shows no event log: copying every event into it cost 2 % of report
	state := governor.New(limits)
	if len(records.Leftover) > 0 { // no live reading: its time is now, after every loss
		state.ApplyRecords(records)
	}
	results := readEventsWith(files, time.Local, read, func(e *governor.Event) {
		if !cutoff.IsZero() && e.Time.Before(cutoff) {
			return
		}
		state.ApplyEvent(e)
	})
	state.Finish()
	if err := nothingRead(results); err != nil {
		return render.Report{}, err
	}
	// The account's quota readings this machine holds; the report lists
	// those within its span (none for another machine's or older logs).
	quota, _ := quotafiles.ReadQuota(quotaPaths())
	state.ApplyQuota(quota)
	if err := notClaudeLogs(results); err != nil {
		return render.Report{}, err
	}
	var (
		out   []render.File
		lines render.Lines
	)
	for _, res := range results {
		out = append(out, render.File{Path: res.Path, Lines: res.Lines, Error: res.Err})
		lines.Read += res.Lines
		lines.Entries += res.Entries
		lines.Cut += res.CutLines
		lines.Unreadable += res.Orphans
		lines.BadStamps += res.BadStamps
		stampSpan(&lines, res, cutoff)
	}
	r := render.Build(state, out, lines)
	if doRedact {
		r.Redact(redact.New(currentUserNames()...))
	}
	return r, nil
}

// currentUserNames are redacted even where no path in the logs shows them.
func currentUserNames() []string {
	var names []string
	if u, err := user.Current(); err == nil {
		names = append(names, u.Username, u.Name)
	}
	return append(names, os.Getenv("USER"), os.Getenv("USERNAME"))
}

// stampSpan widens the report's span to a file's first and last stamped
// lines (those before a --since cutoff left out).
func stampSpan(lines *render.Lines, res fileResult, cutoff time.Time) {
	first, last := res.First, res.Last
	if !cutoff.IsZero() {
		if last.Before(cutoff) {
			return
		}
		if first.Before(cutoff) {
			first = cutoff
		}
	}
	if !first.IsZero() && (lines.FirstStamp.IsZero() || first.Before(lines.FirstStamp)) {
		lines.FirstStamp = first
	}
	if last.After(lines.LastStamp) {
		lines.LastStamp = last
	}
}

// nothingRead is the error when not one of the files could be read (a
// report of nothing is no answer), or nil.
func nothingRead(results []fileResult) error {
	for _, r := range results {
		if r.Err == "" {
			return nil
		}
	}
	if len(results) == 0 {
		return nil
	}
	more := ""
	if n := len(results) - 1; n > 0 {
		more = fmt.Sprintf(" (and %d more file(s) that could not be read)", n)
	}
	return fmt.Errorf("nothing could be read: %s%s", oneLine(results[0].Err), more)
}
