package words

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/coworktop/coworktop/governor"
)

// restartCost is an idle update restart that stopped three sessions:
// alpha back, beta back without its Remote Control and idle-paused,
// gamma not back with its turn cut.
func restartCost() *governor.RestartView {
	return &governor.RestartView{At: sec(600), Path: governor.RestartPathIdle, From: "2.1", To: "2.2", Stopped: 3, StoppedLogged: true,
		Sessions: []governor.RestartSession{
			{ID: "local_a", Name: "alpha", Back: true, BackAt: sec(625), BackBy: "warmed"},
			{ID: "local_b", Name: "beta", RemoteControlBefore: true, Back: true, BackAt: sec(626), BackBy: "warmed",
				RemoteControlLost: true, PausedAt: sec(1530), Evidence: "main.log:40"},
			{ID: "local_c", Name: "gamma", TurnCut: true, TurnS: 30},
		},
		RelaunchAt: sec(622), Back: 2, NotBack: 1, CutTurns: 1, LostRC: 1, Evidence: "main.log:12"}
}

// TestRestartWords: the summary, the verdict's sentence and the count in
// words say the audit's facts.
func TestRestartWords(t *testing.T) {
	v := restartCost()
	for _, c := range []struct{ got, want string }{
		{RestartSummary(v), "update restart at 10:10 to 2.2 (after the app sat idle): 3 sessions stopped; 2 of 3 came back, not back: gamma; " +
			"turn cut: gamma; Remote Control not turned back on: beta (idle-paused: beta 10:25)"},
		{RestartSentence(v), "the app restarted itself at 10:10 to install 2.2 after the app sat idle, 3 sessions stopped: " +
			"2 of 3 came back (not back: gamma), gamma had a turn cut, beta lost Remote Control and were idle-paused at 10:25"},
		{RestartStopped(&governor.RestartView{Stopped: 4, StoppedLogged: true, Sessions: v.Sessions}), "4 sessions stopped, coworktop saw 3 live"},
		{RestartStopped(&governor.RestartView{Sessions: v.Sessions[:1]}), "1 session stopped, counted by coworktop"},
		{RestartStopped(&governor.RestartView{}), "sessions stopped: not logged"},
	} {
		if c.got != c.want {
			t.Errorf("got\n%s\nwant\n%s", c.got, c.want)
		}
	}
}

// TestRestartJSONRoundTrip: the wire form writes the words beside the
// facts and reads the facts back, times included.
func TestRestartJSONRoundTrip(t *testing.T) {
	v := restartCost()
	b, err := json.Marshal(Restart(*v))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if m["stopped_text"] != RestartStopped(v) || m["summary"] != RestartSummary(v) {
		t.Errorf("words: %s", b)
	}
	var back Restart
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	got := governor.RestartView(back)
	for i := range got.Sessions { // the log's times read back in the local zone
		got.Sessions[i].BackAt, got.Sessions[i].PausedAt = got.Sessions[i].BackAt.UTC(), got.Sessions[i].PausedAt.UTC()
	}
	got.At, got.RelaunchAt = got.At.UTC(), got.RelaunchAt.UTC()
	if !reflect.DeepEqual(got, *v) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, *v)
	}
}
