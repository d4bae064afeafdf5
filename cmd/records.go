package cmd

import (
	"context"
	"os"
	"runtime"
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
