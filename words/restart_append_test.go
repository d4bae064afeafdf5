package words

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// restartOf builds a restart from a few strings and numbers, sessions or
// none, every optional field set or left out by n's bits.
func restartOf(strs []string, n int, at time.Time) governor.RestartView {
	pick := func(i int) string { return strs[i%len(strs)] }
	v := governor.RestartView{Path: governor.RestartPath(n%5 - 1), From: pick(n), To: pick(n + 1), Stopped: n % 4, StoppedLogged: n&1 == 0,
		AutoResume: n&2 == 0, Warmed: n % 3, Eligible: n % 5, Unseen: n % 2, UnseenBack: n % 3 / 2,
		Back: n % 7, NotBack: n % 3, CutTurns: n % 2, LostRC: n % 4, Evidence: pick(n + 2)}
	if n&4 == 0 {
		v.At = at
	}
	if n&8 == 0 {
		v.RelaunchAt = at.Add(90*time.Second + 1234*time.Nanosecond)
	}
	switch n % 3 {
	case 1:
		v.Sessions = []governor.RestartSession{}
	case 2:
		for k := range n%6 + 1 {
			s := governor.RestartSession{ID: pick(k), Name: pick(k + 3), RemoteControlBefore: k&1 == 0, TurnCut: k&2 == 0, TurnS: k % 3,
				Back: k%3 == 0, BackBy: pick(k + 5), RemoteControlAfter: k&4 == 0, RemoteControlLost: k%5 == 1, Evidence: pick(k + 1)}
			if k&1 == 1 {
				s.BackAt = at.Add(time.Duration(k) * time.Second)
			}
			if k%3 == 1 {
				s.PausedAt = at.Add(time.Duration(k) * time.Minute)
			}
			if k%4 == 2 {
				s.PauseDueAt = at.Add(time.Duration(k) * time.Hour)
			}
			v.Sessions = append(v.Sessions, s)
		}
	}
	return v
}

// sameAsWire fails t when AppendJSON's bytes are not json.Marshal's of
// the restart's wire form.
func sameAsWire(t *testing.T, v governor.RestartView) {
	t.Helper()
	want, err := json.Marshal(Restart(v).wire())
	if err != nil {
		t.Fatal(err)
	}
	if got := Restart(v).AppendJSON([]byte("x")); !bytes.Equal(got[1:], want) || got[0] != 'x' {
		t.Fatalf("AppendJSON\n%s\njson.Marshal of the wire form\n%s", got, want)
	}
}

// TestRestartAppendIsMarshal: AppendJSON writes the bytes encoding/json
// writes for the wire form, with hostile text in every string, each
// optional field set and left out, sessions nil, empty or several, paths
// known and not, times in zones and with nanoseconds.
func TestRestartAppendIsMarshal(t *testing.T) {
	hostile := []string{"", "plain", `q"uote`, "<b>&amp;</b>", "nl\nx", "\x00\x1f\x7f", "bad\xff\xfeutf8", "\u2028\u2029", "emoji 😀", `back\slash`}
	east := time.FixedZone("", 5*3600+1800)
	rng := rand.New(rand.NewPCG(5, 6))
	for n := range 400 {
		strs := make([]string, 1+rng.IntN(6))
		for i := range strs {
			strs[i] = hostile[rng.IntN(len(hostile))]
		}
		at := time.Date(2026, 10, 1, 9, 0, n, n*1000, []*time.Location{time.UTC, east, time.Local}[n%3])
		sameAsWire(t, restartOf(strs, n, at))
	}
	sameAsWire(t, *restartCost())
	sameAsWire(t, governor.RestartView{})
}

// FuzzRestartAppend: any strings and numbers write as encoding/json
// writes the wire form.
func FuzzRestartAppend(f *testing.F) {
	f.Add("plain", "<&>", "bad\xff", 3, int64(0))
	f.Add("", "q\"\\", "\u2028", 14, int64(1_790_000_000_123_456_789))
	f.Fuzz(func(t *testing.T, a, b, c string, n int, ns int64) {
		n = int(uint(n) % 1000)
		sameAsWire(t, restartOf([]string{a, b, c}, n, time.Unix(0, ns).In(time.FixedZone("", (n%48-24)*1800))))
	})
}
