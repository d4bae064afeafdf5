package words

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// `events` names each session by the folder its start line gave, as every
// other output does; the id stays beside it.
func TestNamerNamesByFolder(t *testing.T) {
	const id = "local_7f3e9a21-5b4c-4d2e-9f1a-0c8b7e6d5a43"
	var n Namer
	start := event.Event{Kind: event.KindSessionStart, Session: id, Cwd: "/Users/mika/src/terraform"}
	pause := event.Event{Kind: event.KindPause, Session: id, Reason: event.ReasonIdleTimeout}
	if got := n.Name(&pause); got != "" {
		t.Errorf("a session not started yet is named %q", got)
	}
	if got := n.Name(&start); got != "terraform" {
		t.Errorf("start: %q", got)
	}
	b, err := MarshalNamedEvent(pause, n.Name(&pause))
	if err != nil || !strings.Contains(string(b), `"session":"`+id+`","name":"terraform"`) {
		t.Errorf("pause: %s %v", b, err)
	}
}

// A list names a session "name (shortid)", the short id alone when the
// name says nothing more.
func TestNamedID(t *testing.T) {
	const id = "local_7f3e9a21-5b4c-4d2e-9f1a-0c8b7e6d5a43"
	short := vocab.ShortID(id)
	for _, c := range []struct{ name, want string }{
		{"", short}, {short, short}, {"terraform", "terraform (" + short + ")"},
	} {
		if got := NamedID(c.name, id); got != c.want {
			t.Errorf("NamedID(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

// The counts' words say when nothing was logged, and an outcome's name
// says what the governor did.
func TestCountAndOutcomeWords(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{EffectiveText(governor.EffectiveView{Source: vocab.SourceUnknown}), "the governor has not logged its count yet"},
		{OutcomeWhat(governor.Outcome{Kind: event.KindPause, Eviction: true}), "EVICTED"},
		{OutcomeWhat(governor.Outcome{Kind: event.KindAtCap}), "would evict"},
		{OutcomeWhat(governor.Outcome{Kind: event.KindYield}), "yield"},
		{OutcomeCause(governor.Outcome{Kind: event.KindPause, Cause: event.CauseUnknown, Eviction: true}), "cause not logged"},
		{OutcomeCause(governor.Outcome{Kind: event.KindYield, Cause: event.CauseWarm}), "at cap, warm spawn refused"},
		{OutcomeCause(governor.Outcome{Kind: event.KindYield, Cause: event.CauseOther, Other: "scheduled"}), "at cap, scheduled spawn refused"},
		{OutcomeCause(governor.Outcome{Kind: event.KindPressure, Cause: event.CauseCritical}), "memory pressure (critical)"},
		{SessionsText(governor.Snapshot{Live: 3, Stale: true}), "3 live / cap ? · no governor count: the log is silent"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
