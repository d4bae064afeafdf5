package governor

import "time"

// An ended session's view is kept between snapshots (issue 52): it
// changes only with a line about the session or a new reading of the
// records, and with the clock only in its idle time, so a refresh pays
// for the sessions that changed, not for the 200 ended ones the Sessions
// list keeps. The cache lives on the session, so it is bounded by the
// session map's own bound and goes with the session when it is pruned.

// endedView is an ended session's view as of its inputs: the session's
// fields the view reads and what the records reading joined said of it.
type endedView struct {
	in   viewInputs
	join joinInputs
	rec  *Records    // the records reading join was checked against
	v    SessionView // Idle set at each snapshot
	// built: v was built (a zero endedView holds none yet).
	built bool
}

// viewInputs are the session's fields SessionView.view reads of an ended
// session (a live one's timer and remote control show only while live).
type viewInputs struct {
	cwd, pauseText, pauseWhy string
	state                    SessionState
	reason                   Reason
	firstSeen, lastActivity  time.Time
	govIdleAt                time.Time
	evictions, crashes       int
	remoteControl            bool
}

func inputsOf(sess *session) viewInputs {
	return viewInputs{cwd: sess.cwd, pauseText: sess.pauseText, pauseWhy: sess.pauseWhy, state: sess.state, reason: sess.pauseReason,
		firstSeen: sess.firstSeen, lastActivity: sess.lastActivity, govIdleAt: sess.govIdleAt,
		evictions: sess.evictions, crashes: sess.crashes, remoteControl: sess.remoteControl}
}

// joinInputs are what joinRecords reads of the records for an ended
// session: whether records were found, its app record's title and its
// Claude Code record's name, and whether it has one.
type joinInputs struct {
	found             bool
	appTitle, code    string
	hasApp, hasRecord bool
}

func (s *State) joinInputsOf(id string) joinInputs {
	rs := &s.records
	if rs.latest == nil || !rs.latest.Found {
		return joinInputs{}
	}
	in := joinInputs{found: true}
	if a := rs.app[id]; a != nil {
		in.hasApp, in.appTitle = true, a.Title
	}
	if c := rs.code[id]; c != nil {
		in.hasRecord, in.code = true, c.Name
	}
	return in
}

// endedViewOf is an ended session's view as of now: the kept one, its
// idle time set, unless the session or what the records say of it
// changed since it was built.
func (s *State) endedViewOf(sess *session, now time.Time) SessionView {
	c := sess.endedView
	if c == nil {
		c = new(endedView)
		sess.endedView = c
	}
	in := inputsOf(sess)
	stale := !c.built || c.in != in
	if !stale && c.rec != s.records.latest {
		stale = s.joinInputsOf(sess.id) != c.join
	}
	if stale {
		c.v = sess.view(now)
		s.joinRecords(&c.v)
		c.in, c.join, c.built = in, s.joinInputsOf(sess.id), true
	}
	c.rec = s.records.latest
	v := c.v
	v.Idle = max(0, now.Sub(v.LastActivity))
	return v
}
