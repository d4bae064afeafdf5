package cmd

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
)

// quotaEvery is how often the live views read the quota files: the
// statusline's and the desktop app's change at most every few seconds
// or minutes, and an unchanged file is not read again (a stat each).
var quotaEvery = 10 * time.Second // a variable: the pipeline test shortens it

// quotaPaths are this machine's quota files.
func quotaPaths() quotafiles.QuotaPaths {
	return quotafiles.DefaultQuotaPaths(quotafiles.ProcessQuotaEnv())
}

// sampleQuota reads the quota files now and every quotaEvery, delivering
// new readings as updates until ctx is cancelled.
func sampleQuota(ctx context.Context, paths quotafiles.QuotaPaths, out chan<- governor.Update) {
	r := quotafiles.NewQuotaReader(paths)
	r.Now = productNow
	tick := time.NewTicker(quotaEvery)
	defer tick.Stop()
	errs := 0
	for {
		samples := r.Read()
		counts, refused := r.Errors(), r.Refused()
		if n := sumCounts(counts) + sumCounts(refused); len(samples) > 0 || n != errs {
			errs = n
			select {
			case out <- governor.Update{Quota: samples, QuotaErrors: counts, QuotaRefused: refused}:
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

// printQuotaSources is doctor's part on the quota: each file, in the order
// coworktop prefers them, and what it holds.
func printQuotaSources(w io.Writer, now time.Time) {
	fmt.Fprintf(w, "quota sources (best first; %s):\n", quota.Scope)
	for _, p := range quotafiles.ProbeQuota(quotaPaths()) {
		state := "not found"
		switch {
		case p.Path == "":
			state = "no such file on this OS"
		case p.Err != "":
			state = "unreadable: " + p.Err
		case p.Found && p.Readings == 0:
			state = "found, no quota in it"
		case p.Found:
			noun := "readings"
			if p.Readings == 1 {
				noun = "reading"
			}
			state = fmt.Sprintf("%d %s, newest %s", p.Readings, noun, quota.AgeText(now.Sub(p.Newest)))
		}
		if p.Refused > 0 {
			state += fmt.Sprintf("; %d refused (a percentage outside 0–100)", p.Refused)
		}
		fmt.Fprintf(w, "  %-10s %s\n    %s\n", p.Source, p.Path, state)
	}
	fmt.Fprintf(w, "  to record the quota Claude Code sees: %s\n", quota.Hint)
}

func sumCounts(m map[quota.Source]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// statuslineQuota is the status line's quota: governor's figures over the
// readings it has (the stdin's and its own state file's), by the rule and
// in the words every output uses. When Claude Code just gave the lead
// figure (given: its input held rate_limits), its source and age go
// without saying.
func statuslineQuota(samples []quota.Sample, given bool, now time.Time) string {
	q := quota.Figures(samples, now)
	if lead := q.Lead(); given && lead != nil && lead.Source == quota.Statusline && lead.ObservedAt.Equal(now.UTC().Truncate(time.Second)) {
		return quota.FiguresText(q)
	}
	return quota.Summary(q)
}
