package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/sources"
)

// recordDirs are the session-record folders of this machine, or those
// --records-dir / COWORKTOP_RECORDS_DIR name.
func recordDirs(g *globalOptions) sources.RecordDirs {
	home, _ := os.UserHomeDir()
	return sources.RecordFolders(sources.RecordInput{GOOS: runtime.GOOS, Home: home, Getenv: os.Getenv, FlagDir: g.recordsDir})
}

// readRecordsOnce takes one reading of the record folders.
func readRecordsOnce(dirs sources.RecordDirs) governor.Records {
	return sources.NewRecordReader(dirs, nil).Read()
}

// watchRecords forwards the record readings as updates until ctx is done
// or ticks closes.
func watchRecords(ctx context.Context, dirs sources.RecordDirs, ticks <-chan time.Time, out chan<- governor.Update) {
	readings := make(chan governor.Records, 1)
	go func() {
		defer close(readings)
		sources.WatchRecords(ctx, dirs, nil, ticks, readings)
	}()
	for r := range readings {
		select {
		case out <- governor.Update{Records: &r}:
		case <-ctx.Done():
		}
	}
}

// printRecordFolders is doctor's part on the session records: each folder
// looked in, whether it is there, and what one reading found (never the
// account or org folder names).
func printRecordFolders(w io.Writer, dirs sources.RecordDirs) {
	fmt.Fprintf(w, "session records (who needs you, titles, Remote Control; --records-dir, %s):\n", sources.EnvRecordsDir)
	folder := func(c sources.Candidate, subs ...string) {
		var found []string
		for _, s := range subs {
			if fi, err := os.Stat(filepath.Join(c.Path, s)); err == nil && fi.IsDir() {
				found = append(found, s)
			}
		}
		state := "none of " + strings.Join(subs, ", ") + " there"
		if len(found) > 0 {
			state = "found " + strings.Join(found, ", ")
		}
		fmt.Fprintf(w, "  %s\n    from %s; %s\n", sources.CleanText(c.Path), c.Source, state)
	}
	folder(dirs.Code, "sessions", "jobs", "daemon")
	for _, c := range dirs.App {
		folder(c, "claude-code-sessions", "local-agent-mode-sessions")
	}
	r := readRecordsOnce(dirs)
	if !r.Found {
		fmt.Fprintf(w, "  reading: no record folder found; who needs you is shown as unknown\n")
		return
	}
	waiting := 0
	for _, c := range r.Code {
		if governor.AttentionOf(c.Status) == governor.AttentionWaiting {
			waiting++
		}
	}
	fmt.Fprintf(w, "  reading: %d live Claude Code record(s), %d waiting for you; %d stale (process gone or replaced), %d refused; %d app record(s); %d background session(s)\n",
		len(r.Code), waiting, r.Stale, r.Refused, len(r.App), len(r.Background))
}
