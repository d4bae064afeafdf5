package governor

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// The Claude Code daemon (~/.claude/daemon.log) supervises the CLI's
// background sessions ("workers"). Its losses join the desktop app's on
// one timeline (claude-logs.md §7.6; anthropics/claude-code #74429,
// #75037, #87891, #90149).

// Windows of coworktop's rules over the daemon's lines. They are
// coworktop's inference, not the daemon's: the README lists them.
const (
	// daemonLowMemoryWindow: a worker retired or killed this soon after
	// the daemon's "bg: low memory" line is taken as lost to it (#74429
	// shows a worker killed 18 s after its claim during such a burst).
	daemonLowMemoryWindow = 60 * time.Second
	// daemonLoopWindow: a second start of the daemon with no shutdown line
	// since the last one, within this long of the previous such start,
	// makes a crash loop (#68146, #72660: restarts every ~50 s).
	daemonLoopWindow = 5 * time.Minute
)

// daemonState is what the daemon's lines leave behind.
type daemonState struct {
	running      bool         // a start was seen and no shutdown since
	lastCause    event.Reason // the last shutdown's cause
	silentEnd    bool         // the run before the current one ended with no line
	silentAt     time.Time    // when the last such start was seen
	silentLoop   bool         // that start came within daemonLoopWindow of the one before
	lowMemAt     time.Time
	lowMemFile   string
	lowMemLine   int
	lowMemDetail string

	lockRaceAt  time.Time // a start lost the lock race, and no daemon line came since
	lockRaceRef lineRef
	upgradeFrom string // the last self-restart for an upgrade
	upgradeTo   string
	causes      map[string]int // shutdowns by cause

	respawnFailAt   time.Time // the last failed upgrade respawn, until a daemon starts
	respawnFailText string
	lastShutdownAt  time.Time
	gaps            []DaemonGap // lock races and the silence after each, bounded
}

// DaemonGap is a lock race and how long no daemon line followed it: when
// no daemon is left running, background sessions are not dispatched until
// the next start (claude-logs.md §7.7, ref 54701053506).
type DaemonGap struct {
	At    time.Time `json:"at"`
	Until time.Time `json:"until,omitempty"` // the next daemon line; zero while none came
	File  string    `json:"file,omitempty"`
	Line  int       `json:"line,omitempty"`
}

// maxDaemonGaps and maxDaemonCauses bound what the daemon's view keeps.
const (
	maxDaemonGaps   = 64
	maxDaemonCauses = 16
)

// daemonLost records a daemon worker's loss and counts the workers lost.
func (s *State) daemonLost(l Loss) {
	s.counts.DaemonWorkersLost += max(1, l.Count)
	s.lost(l)
}

// applyDaemonRestart folds the daemon's own restarts: an upgrade, a lost
// lock race, a post-takeover prewarm, orphan reaps and spares.
func (s *State) applyDaemonRestart(e *event.Event) {
	d, c := &s.daemon, &s.counts
	switch e.Kind {
	case event.KindDaemonUpgrade:
		c.DaemonUpgrades++
		d.upgradeFrom, d.upgradeTo = e.Details().From, e.Details().To
		// It goes down to upgrade, said so: the next start follows no
		// silent death, whether a shutdown line comes or not.
		d.running, d.lastCause, d.silentEnd = false, event.DaemonCauseUpgrade, false
	case event.KindDaemonLockRace:
		c.DaemonLockRaces++
		d.running = false // this start gave up
		d.lockRaceAt, d.lockRaceRef = e.Time, lineRef{e.File, e.Line}
		if len(d.gaps) < maxDaemonGaps {
			d.gaps = append(d.gaps, DaemonGap{At: e.Time, File: e.File, Line: e.Line})
		}
	case event.KindDaemonReap:
		c.DaemonReaped += e.Count
	case event.KindDaemonSpare:
		c.DaemonSpares++
	case event.KindDaemonPrewarm:
		c.DaemonRefused += e.Count
		if e.Count > 0 {
			l := s.adoptLoss(e)
			l.Detail = fmt.Sprintf("%d worker(s) refused by the post-takeover prewarm: not brought back", e.Count) + detailTail(l.Detail)
			s.daemonLost(l)
		}
	default:
		s.unrouted(e)
	}
}

// detailTail is what adoptLoss adds after its first clause ("; …").
func detailTail(detail string) string {
	if i := strings.Index(detail, ";"); i >= 0 {
		return detail[i:]
	}
	return ""
}

// closeLockGap ends the silence after a lost lock race at the next daemon
// line.
func (d *daemonState) closeLockGap(e *event.Event) {
	if d.lockRaceAt.IsZero() || e.Kind == event.KindDaemonLockRace {
		return
	}
	if n := len(d.gaps); n > 0 && d.gaps[n-1].Until.IsZero() && d.gaps[n-1].At.Equal(d.lockRaceAt) {
		d.gaps[n-1].Until = e.Time
	}
	d.lockRaceAt = time.Time{}
}

// countCause counts a shutdown by its cause.
func (d *daemonState) countCause(e *event.Event) {
	if d.causes == nil {
		d.causes = map[string]int{}
	}
	cause := e.ReasonText()
	if cause == "" {
		cause = "not logged"
	}
	if _, ok := d.causes[cause]; !ok && len(d.causes) >= maxDaemonCauses {
		cause = "other"
	}
	d.causes[cause]++
}

// DaemonView is the Claude Code daemon as its log tells it.
type DaemonView struct {
	Running        bool           `json:"running"` // a start was seen and no shutdown since
	UpgradeFrom    string         `json:"upgrade_from,omitempty"`
	UpgradeTo      string         `json:"upgrade_to,omitempty"`
	ShutdownCauses map[string]int `json:"shutdown_causes,omitempty"`
	LockGaps       []DaemonGap    `json:"lock_gaps,omitempty"`
	// AtRisk says why the daemon's background workers are at risk: its
	// upgrade respawn failed, or it shut down for an upgrade and no daemon
	// started since (DaemonRespawnFailedText, DaemonNoRespawnText).
	AtRisk   string    `json:"at_risk,omitempty"`
	AtRiskAt time.Time `json:"-"`
}

// Daemon is the daemon's view.
func (s *State) Daemon() DaemonView {
	d := &s.daemon
	v := DaemonView{Running: d.running, UpgradeFrom: d.upgradeFrom, UpgradeTo: d.upgradeTo,
		LockGaps: append([]DaemonGap(nil), d.gaps...)}
	switch {
	case !d.respawnFailAt.IsZero():
		v.AtRisk, v.AtRiskAt = DaemonRespawnFailedText, d.respawnFailAt
	case !d.running && d.lastCause == event.DaemonCauseUpgrade:
		v.AtRisk, v.AtRiskAt = DaemonNoRespawnText, d.lastShutdownAt
	}
	if len(d.causes) > 0 {
		v.ShutdownCauses = make(map[string]int, len(d.causes))
		for k, n := range d.causes {
			v.ShutdownCauses[k] = n
		}
	}
	return v
}

// applyDaemon folds one daemon.log event.
func (s *State) applyDaemon(e *event.Event) {
	d, c := &s.daemon, &s.counts
	d.closeLockGap(e)
	switch e.Kind {
	case event.KindDaemonUpgrade, event.KindDaemonLockRace, event.KindDaemonReap, event.KindDaemonSpare, event.KindDaemonPrewarm:
		s.applyDaemonRestart(e)
	case event.KindDaemonStart:
		c.DaemonStarts++
		d.silentEnd = d.running
		if d.silentEnd {
			c.DaemonSilentEnds++
			d.silentLoop = !d.silentAt.IsZero() && e.Time.Sub(d.silentAt) <= daemonLoopWindow
			d.silentAt = e.Time
		}
		if d.silentEnd {
			d.lastCause = event.ReasonNone // that run ended with no line: no cause
		}
		d.running = true
		d.respawnFailAt, d.respawnFailText = time.Time{}, "" // a daemon runs again
	case event.KindDaemonRespawnFail:
		s.respawnFailed(e)
	case event.KindDaemonShutdown:
		d.running, d.lastCause, d.silentEnd, d.lastShutdownAt = false, e.Reason, false, e.Time
		c.DaemonShutdowns++
		c.DaemonShutdownWorkers += e.Count
		d.countCause(e)
	case event.KindDaemonAdopt:
		if e.Count > 0 {
			s.daemonLost(s.adoptLoss(e))
		}
	case event.KindDaemonLowMemory:
		c.DaemonLowMemory++
		d.lowMemAt, d.lowMemFile, d.lowMemLine = e.Time, e.File, e.Line
		d.lowMemDetail = "low memory"
		if e.Details().MemoryMB > 0 {
			d.lowMemDetail = fmt.Sprintf("low memory, %d MB free", e.Details().MemoryMB)
		}
	case event.KindDaemonRetire:
		c.DaemonRetired++
		s.daemonRetire(e)
	case event.KindDaemonSettled:
		s.daemonSettled(e)
	case event.KindDaemonSpawn:
		// The event log says it; closeLockGap, above, took its time.
	default:
		s.unrouted(e)
	}
}

// lowMemoryRecent: the daemon said "low memory" within the window before t.
func (d *daemonState) lowMemoryRecent(t time.Time) bool {
	return !d.lowMemAt.IsZero() && !t.Before(d.lowMemAt) && t.Sub(d.lowMemAt) <= daemonLowMemoryWindow
}

// daemonRetire: the daemon's own reaper. Retiring a settled worker for
// idleness is housekeeping; under low memory it is a loss.
func (s *State) daemonRetire(e *event.Event) {
	d := &s.daemon
	detail := "retired (" + e.ReasonText() + ")"
	if e.IdleS > 0 {
		detail += ", idle " + vocab.FormatDuration(time.Duration(e.IdleS)*time.Second)
	}
	switch {
	case e.Details().LowMemory:
		s.daemonLost(Loss{Time: e.Time, Session: e.Session, Cause: LossDaemonLowMemory, File: e.File, Line: e.Line, Detail: detail + " [low memory]"})
	case d.lowMemoryRecent(e.Time):
		s.daemonLost(Loss{Time: e.Time, Session: e.Session, Cause: LossDaemonLowMemory, File: e.File, Line: e.Line,
			Detail: detail + ", after " + d.lowMemDetail, CauseFile: d.lowMemFile, CauseLine: d.lowMemLine})
	}
}

// daemonSettled: "done" is a worker that finished; "crashed" and "killed"
// are losses.
func (s *State) daemonSettled(e *event.Event) {
	d := &s.daemon
	l := Loss{Time: e.Time, Session: e.Session, File: e.File, Line: e.Line, Detail: e.ReasonText()}
	if e.Text != "" {
		l.Detail += ": " + e.Text
	}
	switch e.Reason {
	case event.ReasonWorkerDone:
		return
	case event.ReasonWorkerCrashed:
		s.counts.DaemonCrashed++
		switch {
		case e.Count >= 2:
			l.Cause = LossDaemonCrashLoop
		case d.lowMemoryRecent(e.Time):
			l.Cause, l.CauseFile, l.CauseLine = LossDaemonLowMemory, d.lowMemFile, d.lowMemLine
			l.Detail += ", after " + d.lowMemDetail
		default:
			l.Cause = LossCrash
		}
	default: // killed: written whatever ended the worker, a user's own `claude stop` included (#75037)
		s.counts.DaemonKilled++
		if !d.lowMemoryRecent(e.Time) {
			return // no proof of a loss: KilledText says so where it is shown
		}
		l.Cause, l.CauseFile, l.CauseLine = LossDaemonLowMemory, d.lowMemFile, d.lowMemLine
		l.Detail = KilledText + ", after " + d.lowMemDetail
	}
	s.daemonLost(l)
}

// KilledText is "bg settled <id> (killed)" in words: the daemon writes it
// whatever ended the worker, a user's own `claude stop` included (#75037),
// so it is no proof of a loss.
const KilledText = "killed (a stop or a signal; the daemon does not say which)"

// adoptLoss: workers a restarted daemon found dead. Why they died is read
// from how the run before ended: an upgrade, a silent death, or a death
// among several within minutes (a crash loop).
func (s *State) adoptLoss(e *event.Event) Loss {
	d := &s.daemon
	l := Loss{Time: e.Time, Count: e.Count, File: e.File, Line: e.Line,
		Detail: fmt.Sprintf("%d worker(s) found dead when the daemon started", e.Count)}
	switch {
	case d.silentEnd && d.silentLoop:
		l.Cause = LossDaemonCrashLoop
		l.Detail += "; it had died with no line again within " + vocab.FormatDuration(daemonLoopWindow)
	case d.silentEnd:
		l.Cause = LossCrash
		l.Detail += "; the daemon before it died with no line"
	case d.lastCause == event.DaemonCauseUpgrade:
		l.Cause = LossUpdateRestart
		l.Detail += "; the daemon before it stopped to upgrade"
	default:
		l.Cause = LossUnknown
	}
	return l
}
