package cmd

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/journal"
)

// timeFlags are --since, --from and --to.
type timeFlags struct {
	since, from, to string
}

func (tf *timeFlags) add(cmd *cobra.Command, what string) {
	f := cmd.Flags()
	f.StringVar(&tf.since, "since", "", "only the last DUR, counted back from the newest entry of "+what+" (2h, 7d, 2w), or from a DATE (2026-12-01, 2026-12-01T09:00)")
	f.StringVar(&tf.from, "from", "", "only from this DATE or time (2026-12-01, 2026-12-01T09:00), this machine's zone")
	f.StringVar(&tf.to, "to", "", "only before this DATE or time (a date alone means up to its end)")
}

// sinceArg is a --since value: a duration back from the newest entry, or
// a time.
type sinceArg struct {
	back time.Duration
	at   time.Time
}

// parseSince reads "2h", "90m", "7d", "2w" (a duration back) or a date or
// time in loc.
func parseSince(s string, loc *time.Location) (sinceArg, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return sinceArg{}, nil
	}
	if d, err := parseDays(s); err == nil {
		if d <= 0 {
			return sinceArg{}, fmt.Errorf("--since %s: want a positive duration, such as 2h or 7d", d)
		}
		return sinceArg{back: d}, nil
	}
	t, _, err := parseWhen(s, loc)
	if err != nil {
		return sinceArg{}, fmt.Errorf("invalid argument %q for \"--since\": want a duration (2h, 7d, 2w) or a date (2026-12-01, 2026-12-01T09:00)", s)
	}
	return sinceArg{at: t}, nil
}

// parseDays is time.ParseDuration with days (d) and weeks (w) too, as
// whole numbers: "7d", "2w", "1d12h".
func parseDays(s string) (time.Duration, error) {
	var total time.Duration
	rest := s
	for rest != "" {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || i == len(rest) || (rest[i] != 'd' && rest[i] != 'w') {
			break
		}
		n, err := strconv.Atoi(rest[:i])
		if err != nil || n > 100000 {
			return 0, fmt.Errorf("%q: too large", s)
		}
		unit := 24 * time.Hour
		if rest[i] == 'w' {
			unit *= 7
		}
		total += time.Duration(n) * unit
		rest = rest[i+1:]
	}
	if rest == "" {
		return total, nil
	}
	d, err := time.ParseDuration(rest)
	if err != nil {
		return 0, err
	}
	return total + d, nil
}

// whenLayouts are the forms a date or time is given in; a layout without
// a zone is in this machine's.
var whenLayouts = []string{time.DateOnly, "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02T15:04:05", "2006-01-02 15:04:05", time.RFC3339}

// parseWhen reads a date or a time; dateOnly says it was a day alone.
func parseWhen(s string, loc *time.Location) (t time.Time, dateOnly bool, err error) {
	for _, l := range whenLayouts {
		if t, err := time.ParseInLocation(l, s, loc); err == nil {
			return t, l == time.DateOnly, nil
		}
	}
	return time.Time{}, false, fmt.Errorf("%q: not a date or time", s)
}

// span is the flags' stretch of time, with a --since duration counted
// back from newest (the logs' and the journal's newest entry).
func (tf *timeFlags) span(newest time.Time) (journal.Span, error) {
	var sp journal.Span
	s, err := parseSince(tf.since, time.Local)
	if err != nil {
		return sp, usageError("%s", err)
	}
	switch {
	case s.back > 0:
		sp.From = newest.Add(-s.back)
	case !s.at.IsZero():
		sp.From = s.at
	}
	if tf.from != "" {
		if tf.since != "" {
			return sp, usageError("--since and --from say the same: give one")
		}
		t, _, err := parseWhen(tf.from, time.Local)
		if err != nil {
			return sp, usageError("--from %s", err)
		}
		sp.From = t
	}
	if tf.to != "" {
		t, day, err := parseWhen(tf.to, time.Local)
		if err != nil {
			return sp, usageError("--to %s", err)
		}
		if day {
			t = t.AddDate(0, 0, 1)
		}
		sp.To = t
	}
	if !sp.To.IsZero() && !sp.From.IsZero() && !sp.From.Before(sp.To) {
		return sp, usageError("--to is not after the start (%s)", sp.From.Format(journalStamp))
	}
	return sp, nil
}

// counted says the flags count back from the newest entry (a duration):
// the caller must find it first.
func (tf *timeFlags) counted() bool {
	s, err := parseSince(tf.since, time.Local)
	return err == nil && s.back > 0
}
