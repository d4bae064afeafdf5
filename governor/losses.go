package governor

import (
	"slices"
	"strconv"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/internal/ring"
	"github.com/coworktop/coworktop/vocab"
)

// Losses: every way a session dies, on one timeline. Each loss comes from a
// line of main.log, a VM log or the Claude Code daemon's log, and keeps
// that line as its evidence.

// LossCause is why a session was lost, as an integer. Its names (String)
// are stable: they appear in report --json, in the metrics' cause label and
// in alert rules.
type LossCause int8

// Loss causes. The zero value is LossUnknown.
const (
	LossUnknown          LossCause = iota // unknown: lost, and no line says why
	LossGovernorCap                       // governor_cap: evicted at the cap for a spawn
	LossGovernorPressure                  // governor_pressure: evicted by a memory-pressure sweep
	LossIdleTimeout                       // idle_timeout: paused or disconnected after its idle timer
	LossUpdateRestart                     // update_restart: stopped by the app (or the daemon) restarting to update
	LossCrash                             // crash: its process was killed or exited under it
	LossDaemonLowMemory                   // daemon_low_memory: a Claude Code daemon worker retired or killed under low memory
	LossDaemonCrashLoop                   // daemon_crash_loop: a daemon worker crashed again and again, or the daemon itself did
)

// LossCauses lists every cause in the order outputs show them.
var LossCauses = [...]LossCause{
	LossGovernorCap, LossGovernorPressure, LossIdleTimeout, LossUpdateRestart,
	LossCrash, LossDaemonLowMemory, LossDaemonCrashLoop, LossUnknown,
}

// lossNames are the causes as the JSON outputs and metrics' labels name them.
var lossNames = [len(LossCauses)]string{
	LossUnknown: "unknown", LossGovernorCap: "governor_cap", LossGovernorPressure: "governor_pressure",
	LossIdleTimeout: "idle_timeout", LossUpdateRestart: "update_restart", LossCrash: "crash",
	LossDaemonLowMemory: "daemon_low_memory", LossDaemonCrashLoop: "daemon_crash_loop",
}

// String is the cause's name: "governor_cap", …
func (c LossCause) String() string {
	if uint(c) < uint(len(lossNames)) { // uint: a negative cause is out of range too
		return lossNames[c]
	}
	return lossNames[LossUnknown]
}

// LossCauseOf is the cause of a name; LossUnknown for one no cause has.
func LossCauseOf(s string) LossCause {
	for c, name := range lossNames {
		if name == s {
			return LossCause(c)
		}
	}
	return LossUnknown
}

// MarshalText writes the cause's name.
func (c LossCause) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a cause's name.
func (c *LossCause) UnmarshalText(b []byte) error {
	*c = LossCauseOf(string(b))
	return nil
}

// Loss is one lost session (or, when the log gives only a count, Count
// unnamed ones) with the line that shows it.
type Loss struct {
	Time    time.Time `json:"-"`
	Session string    `json:"session,omitempty"` // empty when the log gives only a count
	Count   int       `json:"count"`             // sessions this entry stands for (1 when named)
	Cause   LossCause `json:"cause"`
	// Detail is what the evidence says beyond the cause and the idle time:
	// "SIGKILL", "crashed: exit 1 within 5s of spawn ×3".
	Detail string `json:"detail,omitempty"`
	// Short is Detail in a few words for the screen's one line
	// (ShortCause), made beside it; empty where Detail is short already.
	Short string `json:"-"`
	// IdleS and IdleSource are an eviction's or idle timeout's idle time,
	// as Outcome has them (IdleSource empty: none).
	IdleS      int          `json:"idle_s,omitempty"`
	IdleSource vocab.Source `json:"idle_source,omitempty"`
	File       string       `json:"file"`
	Line       int          `json:"line"`
	// CauseFile/CauseLine, when set, is a second line the cause is read
	// from (the daemon's low-memory line before a bare "killed").
	CauseFile string `json:"cause_file,omitempty"`
	CauseLine int    `json:"cause_line,omitempty"`
	// WaitingFor: the session's record said it waited for the person
	// when it was lost ("approve Bash", "waiting" when it did not say for
	// what). Empty when no record said so, or none was read.
	WaitingFor string `json:"waiting_for,omitempty"`
	// Back is when a line showed the session live again (resumed, warmed,
	// started or active): a loss that came back is history, not lost now.
	// Zero while it has not come back.
	Back time.Time `json:"-"`
	seq  uint32    // its number among the losses, to mark it back
}

// Evidence is "main.log:123". Joined by hand, not by fmt.Sprintf: a
// report makes one for each of up to 5000 losses, in its serial end.
func (l Loss) Evidence() string { return l.File + ":" + strconv.Itoa(l.Line) }

// LossCount is how many sessions one cause lost.
type LossCount struct {
	Cause LossCause `json:"cause"`
	Count int       `json:"count"`
}

// lossWindow: a second line about a session already lost this long ago is
// the same loss (a crash line after the eviction that killed the process,
// a pause after its idle timeout).
const lossWindow = 10 * time.Second

// losses is what State keeps of them.
type losses struct {
	list *ring.Ring[Loss]
	// outOfOrder: a loss older than the newest was pushed since the list
	// was last put in time order (files are read one after another, so a
	// VM log's or the daemon's losses arrive after main.log's).
	outOfOrder bool
	hidden     int
	counts     [len(LossCauses)]int
	last       map[string]time.Time // session → time of its last loss
	// cameBack counts the losses that are no longer lost: their session
	// came back since, or was lost again (one session, counted by its
	// newest loss): Snapshot.CameBack.
	cameBack int
	// seq numbers the losses; backs holds when each loss that came back
	// did (by its number), for the losses the list still keeps.
	seq   uint32
	backs map[uint32]time.Time
	// open counts by cause the losses not back (unnamed ones never come
	// back by name): Snapshot.LostNow.
	open [len(LossCauses)]int
}

// lossBack: a line shows sess live again after its loss: that loss is
// history, no longer lost. "Lost" means not back (PRODUCT.md).
func (s *State) lossBack(sess *session, t time.Time) {
	s.loss.cameBack++
	s.loss.open[sess.lossCause]--
	s.loss.backs[sess.lossSeq] = t
	sess.lossSeq = 0
	if n := uint32(2 * s.loss.list.Bound()); len(s.loss.backs) > int(n) && s.loss.seq > n {
		for k := range s.loss.backs {
			if k < s.loss.seq-n/2 { // older than the list keeps
				delete(s.loss.backs, k)
			}
		}
	}
}

// unnamedBack: k of the n sessions an unnamed loss (number seq, of
// cause c) stands for came back at t; the loss is back when all did.
func (s *State) unnamedBack(seq uint32, c LossCause, k, n int, t time.Time) {
	if k <= 0 {
		return
	}
	s.loss.cameBack += k
	s.loss.open[causeIndex(c)] -= k
	if k >= n {
		s.loss.backs[seq] = t
	}
}

// markBack fills Back in losses listed from the ring, and says of a
// session an update restart stopped mid-turn that its turn was cut (the
// "[CCD CycleHealth] … reason=app_quit" line, folded into that stop).
func (s *State) markBack(list []Loss) {
	for i := range list {
		s.markBackOne(&list[i])
	}
}

// markBackOne is markBack of one loss.
func (s *State) markBackOne(l *Loss) {
	if t, ok := s.loss.backs[l.seq]; ok && l.seq != 0 {
		l.Back = t
	}
	if l.Cause == LossUpdateRestart && l.Session != "" && s.curRestart != nil {
		if sess, ok := s.sessions[l.Session]; ok && sess.restart != nil && sess.restart.cut && sess.restart.audit.at.Equal(l.Time) {
			l.Detail, l.Short = TurnCutText(int(sess.restart.cutS)), "turn cut after "+vocab.ShortDuration(time.Duration(sess.restart.cutS)*time.Second)
		}
	}
}

// TurnCutText says the quit cut the session's turn, and how long it had
// run: "its turn was cut after 22m21s".
func TurnCutText(s int) string {
	return "its turn was cut after " + vocab.FormatDuration(time.Duration(s)*time.Second)
}

// LostCount is the one "lost" figure every output shows: the sessions
// lost that have not come back (a session stopped, paused or evicted and
// not seen live since). History keeps every loss (LossCounts);
// Snapshot.CameBack counts those that came back.
func (s Snapshot) LostCount() int { return max(0, lossTotal(s.LossCounts)-s.CameBack) }

func newLosses(n int) losses {
	return losses{list: ring.New[Loss](n), last: map[string]time.Time{}, backs: map[uint32]time.Time{}}
}

// lost records a loss unless the same session was lost within lossWindow
// before (then it is the same loss, told twice).
func (s *State) lost(l Loss) bool {
	if l.Count == 0 {
		l.Count = 1
	}
	s.loss.seq++
	l.seq = s.loss.seq
	if l.Session != "" {
		if at, ok := s.loss.last[l.Session]; ok && !l.Time.Before(at) && l.Time.Sub(at) <= lossWindow {
			return false
		}
		s.loss.last[l.Session] = l.Time
		l.WaitingFor = s.records.waitingAt(l.Session, l.Time)
		if sess, ok := s.lookup(l.Session); ok {
			if sess.lossSeq != 0 { // lost again before it came back: one session, counted by its newest loss
				s.loss.cameBack++
				s.loss.open[sess.lossCause]--
			}
			sess.lossSeq, sess.lossCause = l.seq, causeIndex(l.Cause)
		}
		if len(s.loss.last) > 4*max(s.limits.EndedSessions, 16) {
			s.pruneLossTimes(l.Time)
		}
	}
	c := causeIndex(l.Cause)
	s.loss.counts[c] += l.Count
	s.loss.open[c] += l.Count
	if s.loss.list.Len() >= s.loss.list.Bound() {
		s.loss.hidden++
	}
	if s.loss.list.Len() > 0 && l.Time.Before(s.loss.list.Newest().Time) {
		s.loss.outOfOrder = true
	}
	s.loss.list.Push(l)
	return true
}

// pruneLossTimes forgets sessions lost longer than lossWindow ago: only
// recent ones can be told twice. A log that loses thousands of sessions
// within the window (hostile input) loses the map instead, so that no
// pass is repeated on every loss.
func (s *State) pruneLossTimes(now time.Time) {
	for id, at := range s.loss.last {
		if now.Sub(at) > lossWindow {
			delete(s.loss.last, id)
		}
	}
	if len(s.loss.last) > 2*max(s.limits.EndedSessions, 16) {
		clear(s.loss.last)
	}
}

// Losses returns the kept losses in time order (bounded by
// Limits.Evictions) and how many older ones were not kept.
func (s *State) Losses() ([]Loss, int) {
	s.orderLosses()
	out := s.loss.list.Items()
	s.markBack(out)
	return out, s.loss.hidden
}

// recentLosses is the newest n losses, in time order. It copies only those
// n: the snapshot takes it every frame and every scrape.
func (s *State) recentLosses(n int) []Loss {
	s.orderLosses()
	out := s.loss.list.Last(n)
	s.markBack(out)
	return out
}

// orderLosses puts the kept losses in time order (stable: one line's
// losses keep their order), once after out-of-order pushes rather than on
// every read.
func (s *State) orderLosses() {
	if !s.loss.outOfOrder {
		return
	}
	items := s.loss.list.Items()
	slices.SortStableFunc(items, func(a, b Loss) int { return a.Time.Compare(b.Time) })
	s.loss.list.Reset(items)
	s.loss.outOfOrder = false
}

// causeIndex is c, or LossUnknown for a cause out of range.
func causeIndex(c LossCause) LossCause {
	if uint(c) >= uint(len(lossNames)) {
		return LossUnknown
	}
	return c
}

// LostNow returns, by cause, the sessions lost that have not come back
// (every cause listed): their sum is Snapshot.LostCount.
func (s *State) LostNow() []LossCount {
	out := make([]LossCount, len(LossCauses))
	for i, c := range LossCauses {
		out[i] = LossCount{Cause: c, Count: max(0, s.loss.open[c])}
	}
	return out
}

// LossCounts returns the sessions lost to each cause, every cause listed.
func (s *State) LossCounts() []LossCount {
	out := make([]LossCount, len(LossCauses))
	for i, c := range LossCauses {
		out[i] = LossCount{Cause: c, Count: s.loss.counts[c]}
	}
	return out
}

// lossTotal is every session lost, whatever the cause.
func lossTotal(counts []LossCount) int {
	n := 0
	for _, c := range counts {
		n += c.Count
	}
	return n
}

// evictionLoss is the loss of a real eviction.
func evictionLoss(o Outcome) Loss {
	cause := LossUnknown
	switch o.Cause {
	case event.CauseWarm, event.CauseUser:
		cause = LossGovernorCap
	case event.CausePressure:
		cause = LossGovernorPressure
	}
	return Loss{Time: o.Time, Session: o.Session, Cause: cause, File: o.File, Line: o.Line, IdleS: o.IdleS, IdleSource: o.IdleSource}
}

// crashLoss is a session's process killed or exiting under it.
func crashLoss(e *event.Event) Loss {
	return Loss{Time: e.Time, Session: e.Session, Cause: LossCrash, File: e.File, Line: e.Line,
		Detail: Crash{Signal: e.Details().Signal, ExitCode: e.Details().ExitCode}.Text()}
}
