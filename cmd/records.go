package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/records"
)

// recordDirs are the session-record folders of this machine, or those
// --records-dir / COWORKTOP_RECORDS_DIR name.
func recordDirs(g *globalOptions) records.RecordDirs {
	home, _ := os.UserHomeDir()
	return records.RecordFolders(records.RecordInput{GOOS: runtime.GOOS, Home: home, Getenv: os.Getenv, FlagDir: g.recordsDir})
}

// readRecordsOnce takes one reading of the record folders.
func readRecordsOnce(dirs records.RecordDirs) record.Reading {
	return records.NewRecordReader(dirs, nil).Read()
}

// watchRecords forwards the record readings as updates until ctx is done
// or ticks closes.
// Each reading's live Claude Code sessions go to live, when set (the
// transcripts' reader).
func watchRecords(ctx context.Context, dirs records.RecordDirs, ticks <-chan time.Time, out chan<- governor.Update, live chan []string) {
	readings := make(chan record.Reading, 1)
	go func() {
		defer close(readings)
		records.WatchRecords(ctx, dirs, nil, productNow, ticks, readings)
	}()
	for r := range readings {
		if live != nil {
			latest(live, r.LiveSessionIDs())
		}
		select {
		case out <- governor.Update{Records: &r}:
		case <-ctx.Done():
		}
	}
}

// printRecordFolders is doctor's part on the session records: each folder
// looked in, whether it is there, and what one reading found (never the
// account or org folder names).
func printRecordFolders(w io.Writer, dirs records.RecordDirs) {
	fmt.Fprintf(w, "session records (who needs you, titles, Remote Control; --records-dir, %s):\n", records.EnvRecordsDir)
	folder := func(c sources.Candidate, subs ...string) {
		var found, unreadable []string
		for _, s := range subs {
			if _, err := os.ReadDir(filepath.Join(c.Path, s)); err == nil {
				found = append(found, s)
			} else if !errors.Is(err, fs.ErrNotExist) {
				unreadable = append(unreadable, s+" ("+sources.CleanText(plainError(err))+")")
			}
		}
		var state []string
		if len(found) > 0 {
			state = append(state, "found "+strings.Join(found, ", "))
		}
		if len(unreadable) > 0 {
			state = append(state, "cannot list "+strings.Join(unreadable, ", "))
		}
		if len(state) == 0 {
			state = append(state, "none of "+strings.Join(subs, ", ")+" there")
		}
		fmt.Fprintf(w, "  %s\n    from %s; %s\n", sources.CleanText(c.Path), c.Source, strings.Join(state, "; "))
	}
	folder(dirs.Code, "sessions", "jobs", "daemon")
	for _, c := range dirs.App {
		folder(c, "claude-code-sessions", "local-agent-mode-sessions")
		if recs, tmp := records.AppRecordFiles(c.Path); recs == 0 && tmp > 0 {
			fmt.Fprintf(w, "    only %d local_*.json.tmp file(s) and no record: the app's rename of its records fails there (seen on MSIX installs), so no app record can be read\n", tmp)
		}
	}
	r := readRecordsOnce(dirs)
	if !r.Found {
		fmt.Fprintf(w, "  reading: no record folder found; who needs you is shown as unknown\n")
		return
	}
	waiting := 0
	for _, c := range r.Code {
		if record.AttentionOf(c.Status) == record.AttentionWaiting {
			waiting++
		}
	}
	fmt.Fprintf(w, "  reading: %d live Claude Code record(s), %d waiting for you; %d stale (process gone or replaced), %d refused; %d app record(s); %d background session(s)\n",
		len(r.Code), waiting, r.Stale, r.Refused, len(r.App), len(r.Background))
	if r.Skipped > 0 {
		fmt.Fprintf(w, "  %d older record file(s) not read: a reading reads the newest %d of a folder\n", r.Skipped, records.MaxRecordFiles)
	}
	if r.Legacy > 0 {
		fmt.Fprintf(w, "  %d legacy pid-<n>.json record(s) of an older Claude Code, read (counted above)\n", r.Legacy)
	}
	if r.Foreign > 0 {
		fmt.Fprintf(w, "  %d record(s) written by Claude Code on another system into this folder (pidDomain): not this machine's processes, not shown\n", r.Foreign)
	}
	if len(r.Unreadable) > 0 {
		fmt.Fprintf(w, "  cannot list %s: who needs you is unknown while it cannot be read (check its permissions)\n", strings.Join(r.Unreadable, ", "))
	}
}

// plainError is an error's last words: "permission denied", not Go's
// whole chain with its paths.
func plainError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// printAgents is doctor's line on `claude agents --json`, the second
// source of the running sessions.
func printAgents(ctx context.Context, w io.Writer, g *globalOptions) {
	rows, took, err := agentsNow(ctx, g)
	switch {
	case errors.Is(err, errNoAgents):
		fmt.Fprintln(w, "  claude agents --json: not asked (no claude on PATH, or a record folder was named)")
	case err != nil:
		fmt.Fprintf(w, "  claude agents --json: %s\n", sources.CleanText(oneLine(err.Error())))
	default:
		fmt.Fprintf(w, "  claude agents --json: %d running interactive session(s), answered in %s; beside the records, the fresher wins\n", len(rows), took.Round(100*time.Millisecond))
	}
}
