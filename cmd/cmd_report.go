package cmd

import (
	"fmt"
	"io"
	"os"
	"os/user"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/redact"
	"github.com/coworktop/coworktop/render"
	"github.com/coworktop/coworktop/sources"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
)

func newReportCmd(g *globalOptions) *cobra.Command {
	var (
		asJSON    bool
		doRedact  bool
		tf        timeFlags
		noJournal bool
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
the loss.

Run on this machine's logs (no PATH), it reads coworktop's journal too, as
one timeline with the logs: what the logs no longer hold (rotated away)
comes from the journal, and the report says so ("from coworktop's journal:
the log has rotated").`,
		Example: `  coworktop report
  coworktop report --since 7d                  the last week, from the journal where the logs rotated
  coworktop report --from 2026-12-01 --to 2026-12-02
  coworktop report --since 2h ~/Library/Logs/Claude
  coworktop report --json --redact main.log main1.log > incident.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := tf.span(time.Now()); err != nil { // the flags' own faults, before any reading
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
			jdir := ""
			if len(args) == 0 && !noJournal {
				jdir, _ = journalFolder(paths)
			}
			if len(files) == 0 && !journalHolds(jdir) {
				return fmt.Errorf("no Claude logs in %v (expected main.log, main1.log, cowork_vm_node.log, …)", paths)
			}
			// The records this machine's dead sessions left behind say
			// which lost sessions waited for the person (records.go).
			dirs := recordDirs(g)
			rec := readRecordsOnce(dirs)
			r, err := buildReportIn(reportInput{files: files, times: tf, journal: jdir, redact: doRedact,
				records: record.Reading{Found: rec.Found, Leftover: rec.Leftover, App: rec.App}, read: ingest.ReadSummary, stderr: g.stderr, json: asJSON})
			if err != nil {
				return err
			}
			if len(args) == 0 { // this machine's logs: its live sessions' share of the window
				r.QuotaShare = reportShare(dirs, rec)
				if doRedact {
					r.QuotaShare.Redact()
				}
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
	tf.add(cmd, "the logs and the journal")
	f.BoolVar(&noJournal, "no-journal", false, "read the logs alone, not coworktop's journal")
	return cmd
}

// buildReport reads every file once, in order, and folds it into a fresh
// governor state.
func buildReport(files []sources.LogFile, since time.Duration, doRedact bool) (render.Report, error) {
	return buildReportWith(files, since, doRedact, record.Reading{})
}

// buildReportWith is buildReport with the session records that dead
// processes left behind: a loss after a record's last word, a wait, was
// a session lost while waiting for the person. A saved log alone cannot
// say it.
func buildReportWith(files []sources.LogFile, since time.Duration, doRedact bool, records record.Reading) (render.Report, error) {
	// The report keeps no event log, so the texts only a log shows are
	// not read (ingest.ReadSummary): the bulk of a month's allocations.
	return buildReportFrom(files, since, doRedact, records, ingest.ReadSummary)
}

// buildReportFrom is buildReportWith reading each file with read.
func buildReportFrom(files []sources.LogFile, since time.Duration, doRedact bool, records record.Reading, read logReader) (render.Report, error) {
	var tf timeFlags
	if since > 0 {
		tf.since = since.String()
	}
	return buildReportIn(reportInput{files: files, times: tf, redact: doRedact, records: records, read: read})
}

// reportInput is what a report reads: the logs, the span, the journal
// ("" for none) and the session records.
type reportInput struct {
	files   []sources.LogFile
	times   timeFlags
	journal string
	redact  bool
	records record.Reading
	read    logReader
	stderr  io.Writer // where a journal that cannot be read is said (nil: nowhere)
	// json: the report goes to render.WriteJSON alone, so its evictions
	// and losses are written from the model there (render.BuildJSON).
	json bool
}

// buildReportIn reads the journal's part (what the logs no longer hold),
// then the logs, into one fresh governor state.
func buildReportIn(in reportInput) (render.Report, error) {
	files, doRedact, records, read := in.files, in.redact, in.records, in.read
	newest := time.Time{}
	if in.times.counted() {
		newest = newestEntry(files, time.Local)
		if j := journalNewest(in.journal); j.After(newest) {
			newest = j
		}
	}
	span, err := in.times.span(newest)
	if err != nil {
		return render.Report{}, err
	}
	if in.times.counted() && newest.IsZero() {
		span.From = time.Time{} // nothing dated: the whole of it
	}
	cutoff := span.From
	var part journalPart
	if in.journal != "" {
		if part, err = readJournalPart(in.journal, files, span, time.Local); err != nil {
			journalUnread(in.stderr, err)
			part = journalPart{}
		}
	}
	limits := governor.DefaultLimits()
	limits.LogLines = 0 // the report shows no event log: copying every event into it cost 2 % of report
	state := governor.New(limits)
	// The app's session records give names and resume ids whenever they
	// are there, not only when a dead process left its own record behind.
	if len(records.Leftover) > 0 || len(records.App) > 0 { // no live reading: its time is now, after every loss
		state.ApplyRecords(records)
	}
	var ids *sessionRedactor
	if len(part.events) > 0 {
		ids = newSessionRedactor()
	}
	for i := range part.events {
		state.ApplyEvent(&part.events[i])
	}
	results := readEventsWith(files, time.Local, read, func(e *event.Event) {
		if !cutoff.IsZero() && e.Time.Before(cutoff) || !span.To.IsZero() && !e.Time.Before(span.To) {
			return
		}
		if ids != nil {
			ids.apply(e)
		}
		state.ApplyEvent(e)
	})
	for _, res := range results { // main.log's lines of unknown shape after a quit: the app runs
		if !span.To.IsZero() && !res.Last.Before(span.To) {
			continue
		}
		state.NoteLogLine(res.Name, res.Last)
	}
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
	if len(part.events) > 0 {
		if lines.FirstStamp.IsZero() || part.first.Before(lines.FirstStamp) {
			lines.FirstStamp = part.first
		}
	}
	if !span.To.IsZero() && lines.LastStamp.After(span.To) {
		lines.LastStamp = span.To
	}
	build := render.Build
	if in.json && !doRedact {
		build = render.BuildJSON
	}
	r := build(state, out, lines)
	if len(part.events) > 0 {
		r.Journal = render.NewJournalPart(len(part.events), part.first, part.last)
	}
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
