package cmd

import (
	"context"
	"os"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/render"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
	"github.com/coworktop/coworktop/sources/records"
	"github.com/coworktop/coworktop/sources/transcripts"
)

// usageEvery is how often the live sessions' transcripts are looked at: an
// unchanged one costs a stat (a variable: the tests shorten it).
var usageEvery = 5 * time.Second

// usageRoots are the projects folders of the Claude Code folder the
// records are read from; the legacy ~/.config/claude/projects too unless
// a folder was named (--records-dir, the demo).
func usageRoots(dirs records.RecordDirs) []string {
	home := ""
	if dirs.Code.Source != "--records-dir" && dirs.Code.Source != records.EnvRecordsDir {
		home, _ = os.UserHomeDir()
	}
	return transcripts.ProjectRoots(dirs.Code.Path, home)
}

// readUsageOnce reads the transcripts of the sessions live in r once.
func readUsageOnce(dirs records.RecordDirs, r record.Reading) governor.Update {
	rd, _ := transcripts.NewReader(usageRoots(dirs)).Read(r.LiveSessionIDs())
	return governor.Update{Usage: &rd}
}

// watchUsage reads the live sessions' transcripts when the live set
// changes and every usageEvery, delivering a reading when it changed
// (and the first), until ctx is done or live closes.
func watchUsage(ctx context.Context, roots []string, live <-chan []string, out chan<- governor.Update) {
	r := transcripts.NewReader(roots)
	tick := time.NewTicker(usageEvery)
	defer tick.Stop()
	var ids []string
	started, first := false, true
	for {
		select {
		case l, ok := <-live:
			if !ok {
				return
			}
			ids, started = l, true
		case <-tick.C:
		case <-ctx.Done():
			return
		}
		if !started {
			continue
		}
		rd, changed := r.Read(ids)
		if !changed && !first {
			continue
		}
		first = false
		select {
		case out <- governor.Update{Usage: &rd}:
		case <-ctx.Done():
			return
		}
	}
}

// latest hands v on, replacing a value not yet taken: the reader wants
// the newest live set, never a queue of them.
func latest(ch chan []string, v []string) {
	for {
		select {
		case ch <- v:
			return
		default:
		}
		select {
		case <-ch:
		default:
		}
	}
}

// reportShare is the live sessions' share of the current window as report
// lists it: the records, the quota files and the transcripts read now.
func reportShare(dirs records.RecordDirs, rec record.Reading) *render.QuotaShare {
	state := governor.New(governor.DefaultLimits())
	state.ApplyRecords(rec)
	samples, _ := quotafiles.ReadQuota(quotaPaths())
	state.ApplyQuota(samples)
	state.ApplyUpdate(readUsageOnce(dirs, rec))
	snap := state.Snapshot(productNow())
	return render.ShareOf(state, &snap)
}
