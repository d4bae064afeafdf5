package words

import (
	"fmt"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// The wording below is the one place facts and estimates are labelled: the
// screen, report and snapshot all call it, so a figure reads the same
// wherever it is shown.

// IdleText is an eviction's idle time: as logged, "~6m55s (est.)" when it is
// coworktop's estimate from the last activity line, "?" when nobody knows.
func IdleText(idleS int, src vocab.Source) string {
	d := vocab.FormatDuration(time.Duration(idleS) * time.Second)
	switch src {
	case vocab.SourceLogged:
		return d
	case vocab.SourceEstimated:
		return "~" + d + " (est.)"
	}
	return "?"
}

// CapText is the cap with its source: "8 (logged)", "~8 (est.)", "?".
func CapText(c governor.CapView) string {
	switch {
	case c.Value == 0:
		return "?"
	case c.Source == vocab.SourceLogged:
		return fmt.Sprintf("%d (logged)", c.Value)
	}
	return fmt.Sprintf("~%d (est.)", c.Value)
}
