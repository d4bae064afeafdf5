package words

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// TestCauseWording: the causes as report, the screen and notifications
// say them.
func TestCauseWording(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{CauseText(event.CauseWarm), "at cap, warm spawn"},
		{CauseText(event.CausePressure), "memory pressure"},
		{CauseText(event.CauseUnknown), "cause not logged"},
		{CauseText(event.CauseNone), "cause not logged"},
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

// TestLossDetailText: a loss's detail with its idle time in front, as
// logged or as coworktop's estimate.
func TestLossDetailText(t *testing.T) {
	for _, c := range []struct {
		l    governor.Loss
		want string
	}{
		{governor.Loss{IdleS: 90, IdleSource: vocab.SourceLogged}, "idle 1m30s"},
		{governor.Loss{IdleS: 1295, IdleSource: vocab.SourceEstimated, Detail: "Remote Control was not turned back on"}, "idle ~21m35s (est.); Remote Control was not turned back on"},
		{governor.Loss{Detail: "SIGKILL"}, "SIGKILL"},
	} {
		if got := LossDetailText(c.l); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	if got := StaleText(&governor.Snapshot{Stale: true, LogAge: 49 * time.Hour}); got != "the log's newest line is 2d01h old" {
		t.Errorf("stale: %q", got)
	}
}

// TestEstimateWording: the labels report and the screen share.
func TestEstimateWording(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{IdleText(415, vocab.SourceLogged), "6m55s"},
		{IdleText(415, vocab.SourceEstimated), "~6m55s (est.)"},
		{IdleText(0, vocab.SourceUnknown), "?"},
		{CapText(governor.CapView{Value: 8, Source: vocab.SourceLogged}), "8 (logged)"},
		{CapText(governor.CapView{Value: 8, Source: vocab.SourceEstimated}), "~8 (est.)"},
		{CapText(governor.CapView{Source: vocab.SourceUnknown}), "?"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
