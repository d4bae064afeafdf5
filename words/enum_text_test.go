package words

import (
	"testing"

	"github.com/coworktop/coworktop/governor"
)

// TestCauseWording: the causes as report, the screen and notifications
// say them.
func TestCauseWording(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{CauseText(governor.CauseWarm), "at cap, warm spawn"},
		{CauseText(governor.CausePressure), "memory pressure"},
		{CauseText(governor.CauseUnknown), "cause not logged"},
		{CauseText(governor.CauseNone), "cause not logged"},
		{LossCauseText(governor.LossUpdateRestart), "stopped by an update restart"},
		{LossCauseText(governor.LossUnknown), "cause not logged"},
		{RestartPathText(governor.RestartPathIdle), "after the app sat idle"},
		{RestartPathText(governor.RestartPathUnknown), ""},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
