package words

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// The JustHappened of before it stopped at the window's edge, kept to
// compare the new one against: it read every kept loss of a cause and
// built the text of a group the window then dropped.

func oldJustHappened(s *governor.Snapshot) *Happening {
	var names map[string]string // built when a happening names a session: most refreshes name none
	name := func(id string) string {
		if names == nil {
			names = make(map[string]string, len(s.Sessions))
			for i := range s.Sessions {
				names[s.Sessions[i].ID] = governor.SessionName(s.Sessions[i])
			}
		}
		if n, ok := names[id]; ok {
			return n
		}
		return vocab.ShortID(id)
	}
	var best *Happening
	for _, h := range []*Happening{restartHappening(s, name), appRestartHappening(s, name),
		oldLossHappening(s, governor.LossGovernorPressure, sweepSpan, 1, name), oldLossHappening(s, governor.LossCrash, crashSpan, 1, name),
		oldLossHappening(s, governor.LossGovernorCap, burstSpan, burstMin, name)} {
		if h == nil || s.Now.Sub(h.At) > HappenedFor || h.At.After(s.Now) {
			continue
		}
		if best == nil || h.At.After(best.At) {
			best = h
		}
	}
	return best
}

func oldLossHappening(s *governor.Snapshot, c governor.LossCause, span time.Duration, least int, name func(string) string) *Happening {
	var group []governor.Loss
	for i := len(s.Losses) - 1; i >= 0; i-- { // newest last
		l := s.Losses[i]
		if l.Cause != c {
			continue
		}
		if len(group) > 0 && group[0].Time.Sub(l.Time) > span {
			break
		}
		group = append(group, l)
	}
	count := 0
	for _, l := range group {
		count += l.Count
	}
	if count < least || len(group) == 0 {
		return nil
	}
	newest, oldest := group[0].Time, group[len(group)-1].Time
	var ids, who []string
	details := []string{}
	for i := len(group) - 1; i >= 0; i-- { // oldest first
		l := group[i]
		n := strconv.Itoa(l.Count) + " unnamed"
		if l.Session != "" {
			n = name(l.Session)
			ids = append(ids, l.Session)
		}
		who = append(who, n)
		d := l.Time.Format(time.TimeOnly) + " " + n + ": " + LossCauseText(l.Cause)
		if t := LossDetailText(l); t != "" {
			d += ": " + t
		}
		details = append(details, d+" ("+l.Evidence()+")")
	}
	var head string
	switch c {
	case governor.LossGovernorPressure:
		head = fmt.Sprintf("a memory-pressure sweep evicted %s", pluralS(count, "idle session"))
	case governor.LossCrash:
		head = pluralS(count, "session") + " crashed (the process was killed or exited)"
		if count == 1 {
			head = "a session crashed (its process was killed or exited)"
		}
	default:
		head = fmt.Sprintf("the governor evicted %s at the cap", pluralS(count, "session"))
		if d := newest.Sub(oldest); d >= time.Minute {
			head += " in " + vocab.FormatDuration(d)
		}
	}
	head = newest.Format("15:04") + " " + head
	return &Happening{At: newest, Kind: map[governor.LossCause]happeningKind{governor.LossGovernorPressure: happenedPressureSweep, governor.LossCrash: happenedCrashes,
		governor.LossGovernorCap: happenedEvictions}[c], Forms: []string{head + ": " + listNames(who), head}, Sessions: ids,
		Details: append([]string{head + ":"}, indent(details)...)}
}

// happenedCauses are the causes a random loss takes: the three told as a
// happening and two that are not.
var happenedCauses = []governor.LossCause{governor.LossGovernorPressure, governor.LossCrash,
	governor.LossGovernorCap, governor.LossIdleTimeout, governor.LossUnknown}

// randomHappenedSnapshot is a snapshot with n losses in time order (newest
// last, as the governor hands them over), clustered around the window's
// edges and Now, with at times an update restart and an app restart.
func randomHappenedSnapshot(r *rand.Rand, n int) *governor.Snapshot {
	now := time.Date(2026, 3, 4, 15, 0, 0, 0, time.UTC)
	s := &governor.Snapshot{Now: now}
	edges := []time.Duration{0, HappenedFor, HappenedFor + burstSpan, HappenedFor - crashSpan, 3 * HappenedFor}
	at := func() time.Time {
		d := edges[r.IntN(len(edges))] + time.Duration(r.IntN(int(6*time.Minute/time.Second))-3*60)*time.Second
		if r.IntN(4) == 0 {
			d = time.Duration(r.IntN(3)-1) * time.Second // exactly at the edge: Now, or one second either side
			if r.IntN(2) == 0 {
				d += HappenedFor
			}
		}
		return now.Add(-d)
	}
	ids := make([]string, 8)
	for i := range ids {
		ids[i] = fmt.Sprintf("sess-%02d-0000-0000-0000-000000000000", i)
		s.Sessions = append(s.Sessions, governor.SessionView{ID: ids[i], Project: "proj" + strconv.Itoa(i),
			State: governor.SessionState(r.IntN(5)), PauseReason: []event.Reason{event.EndAppRestarted, event.ReasonIdleTimeout}[r.IntN(2)],
			LastActivity: at()})
	}
	for range n {
		l := governor.Loss{Time: at(), Count: 1, Cause: happenedCauses[r.IntN(len(happenedCauses))], File: "main.log", Line: r.IntN(9000)}
		if r.IntN(5) == 0 {
			l.Count = 1 + r.IntN(3)
		} else {
			l.Session = ids[r.IntN(len(ids))]
		}
		s.Losses = append(s.Losses, l)
	}
	// Time order, stable, as the governor keeps them; a few share a time.
	sortLossesByTime(s.Losses)
	if r.IntN(3) == 0 {
		s.Restart = &governor.RestartView{At: at(), To: "2.1." + strconv.Itoa(r.IntN(9)),
			Sessions: []governor.RestartSession{{ID: ids[0], Name: "proj0", Back: r.IntN(2) == 0}}}
	}
	if r.IntN(3) == 0 {
		s.App.StartedAt = at()
	}
	return s
}

func sortLossesByTime(ls []governor.Loss) {
	for i := 1; i < len(ls); i++ { // insertion sort: stable, small lists
		for j := i; j > 0 && ls[j].Time.Before(ls[j-1].Time); j-- {
			ls[j], ls[j-1] = ls[j-1], ls[j]
		}
	}
}

// TestJustHappenedAsBefore: stopping at the window's edge changes nothing
// JustHappened says, over random snapshots.
func TestJustHappenedAsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 1))
	found := map[happeningKind]int{}
	for i := range 20000 {
		s := randomHappenedSnapshot(r, r.IntN(12))
		got, want := JustHappened(s), oldJustHappened(s)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("snapshot %d: got %+v, want %+v", i, got, want)
		}
		if got != nil {
			found[got.Kind]++
		} else {
			found[""]++
		}
	}
	for _, k := range []happeningKind{"", happenedUpdateRestart, happenedAppRestart, happenedPressureSweep, happenedCrashes, happenedEvictions} {
		if found[k] == 0 {
			t.Errorf("no snapshot gave %q: the test does not cover it (%v)", k, found)
		}
	}
}

// BenchmarkJustHappened: once a snapshot; its cost is the last hour's
// losses, the same with 10 and 5,000 kept.
func BenchmarkJustHappened(b *testing.B) {
	for _, n := range []int{10, 5000} {
		now := time.Date(2026, 3, 4, 23, 0, 0, 0, time.UTC)
		s := &governor.Snapshot{Now: now}
		for i := range n { // one loss every ~17 s ending at the hour before Now, then a fresh burst
			c := happenedCauses[i%len(happenedCauses)]
			s.Losses = append(s.Losses, governor.Loss{Time: now.Add(-HappenedFor - time.Duration(n-i)*17*time.Second), Session: "s" + strconv.Itoa(i), Count: 1, Cause: c})
		}
		for i := range 3 {
			s.Losses = append(s.Losses, governor.Loss{Time: now.Add(-time.Duration(30-i) * time.Minute), Session: "new" + strconv.Itoa(i), Count: 1, Cause: governor.LossGovernorCap})
		}
		for _, f := range []struct {
			name string
			just func(*governor.Snapshot) *Happening
		}{{"new", JustHappened}, {"old", oldJustHappened}} {
			b.Run(f.name+"/"+strconv.Itoa(n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if f.just(s) == nil {
						b.Fatal("nothing happened")
					}
				}
			})
		}
	}
}
