package cmd

import (
	"context"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/sources"
)

// quotaEvery is how often the live views read the quota files: the
// statusline's and the desktop app's change at most every few seconds
// or minutes, and an unchanged file is not read again (a stat each).
const quotaEvery = 10 * time.Second

// quotaPaths are this machine's quota files.
func quotaPaths() sources.QuotaPaths {
	return sources.DefaultQuotaPaths(sources.ProcessQuotaEnv())
}

// sampleQuota reads the quota files now and every quotaEvery, delivering
// new readings as updates until ctx is cancelled.
func sampleQuota(ctx context.Context, paths sources.QuotaPaths, out chan<- governor.Update) {
	r := sources.NewQuotaReader(paths)
	tick := time.NewTicker(quotaEvery)
	defer tick.Stop()
	for {
		if samples := r.Read(); len(samples) > 0 {
			select {
			case out <- governor.Update{Quota: samples}:
			case <-ctx.Done():
				return
			}
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return
		}
	}
}
