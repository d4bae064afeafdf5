package governor

import (
	"time"

	"github.com/coworktop/coworktop/record"
)

// An ended session's view is kept between snapshots (issue 52): it
// changes only with a line about the session or a new reading of the
// records, and with the clock only in its idle time, so a refresh pays
// for the sessions that changed, not for the 200 ended ones the Sessions
// list keeps. The cache lives on the session, so it is bounded by the
// session map's own bound and goes with the session when it is pruned.

// endedView is an ended session's view as of its inputs: the session's
// fields the view copies (compared with the view's own copies of them)
// and what the records reading joined said of it.
type endedView struct {
	join joinInputs
	rec  *record.Reading // the records reading join was checked against
	v    SessionView     // Idle set at each snapshot
	// pauseText is the session's pauseText the view was built with (the
	// view says the reason's name unless it is ReasonOther).
	pauseText string
}

// sameSession reports whether v, built of sess, still says what sess
// does: the fields SessionView.view reads of an ended session (a live
// one's timer and remote control show only while live).
func (c *endedView) sameSession(sess *session) bool {
	v := &c.v
	return v.State == sess.state && v.PauseReason == sess.pauseReason && c.pauseText == sess.pauseText &&
		v.PauseWhy == sess.pauseWhy && v.Cwd == sess.cwd && v.LastActivity == sess.lastActivity &&
		v.FirstSeen == sess.firstSeen && v.GovernorIdleAt == sess.govIdleAt && v.Evictions == sess.evictions &&
		v.Crashes == sess.crashes && v.RemoteControl == sess.remoteControl
}

// joinInputs are what joinRecords reads of the records for an ended
// session: whether records were found, its app record's title and its
// Claude Code record's name, and whether it has each.
type joinInputs struct {
	found             bool
	appTitle, code    string
	hasApp, hasRecord bool
}

func (s *State) joinInputsOf(id string) joinInputs {
	rs := &s.records
	return joinInputsIn(rs.latest, rs.code, rs.app, id)
}

// joinInputsIn is joinInputsOf id in reading r, indexed by code and app.
func joinInputsIn(r *record.Reading, code map[string]*record.Code, app map[string]*record.App, id string) joinInputs {
	if r == nil || !r.Found {
		return joinInputs{}
	}
	in := joinInputs{found: true}
	if a := app[id]; a != nil {
		in.hasApp, in.appTitle = true, a.Title
	}
	if c := code[id]; c != nil {
		in.hasRecord, in.code = true, c.Name
	}
	return in
}

// endedViewInto sets *dst to an ended session's view as of now: the kept
// one, its idle time set, unless the session or what the records say of
// it changed since it was built.
func (s *State) endedViewInto(dst *SessionView, sess *session, now time.Time) {
	c := sess.endedView
	if c == nil {
		c = new(endedView)
		sess.endedView = c
	}
	stale := c.rec == nil || !c.sameSession(sess)
	if !stale && c.rec != s.records.latest && !s.records.joins.unchanged(c.rec, sess.id) {
		stale = s.joinInputsOf(sess.id) != c.join
	}
	if stale {
		c.v = sess.view(now)
		s.joinRecords(&c.v)
		c.pauseText, c.join = sess.pauseText, s.joinInputsOf(sess.id)
	}
	c.rec = s.records.latest
	if c.rec == nil {
		c.rec = noRecords // built: no reading yet
	}
	*dst = c.v
	dst.Idle = max(0, now.Sub(dst.LastActivity))
}

// noRecords stands for "no reading of the records yet" in endedView.rec,
// where nil means "not built".
var noRecords = new(record.Reading)
