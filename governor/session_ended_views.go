package governor

import "github.com/coworktop/coworktop/record"

// The ended sessions' rows of the Sessions list are kept between
// snapshots as one block (issue 52): an ended session's view changes only
// with a line about it or a new reading of its records, and with the
// clock only in its idle time, so a refresh copies the 200 ended rows the
// list keeps instead of building or checking each. The block is built
// again only when it may have changed: endedGen moved (a session ended,
// came back, was forgotten, or a line named an ended one) or a reading
// of the records changed what it joins for an ended session.

// endedBlock is the ended rows as last built: the newest n of State.ended
// in the Sessions order, their views joined to the records of rec. Its
// views are never written once built (a snapshot copies them), so a new
// block is a new slice.
type endedBlock struct {
	views []SessionView // Idle as of when built; set anew at each snapshot
	gen   uint64        // State.endedGen it was built at
	rec   *record.Reading
	n     int
	built bool
}

// noRecords stands for "no reading of the records yet" in endedBlock.rec.
var noRecords = new(record.Reading)

// endedChanged says an ended session, or which sessions are ended, may
// have changed: the ended block is built again at the next snapshot.
func (s *State) endedChanged() { s.endedGen++ }

// latestRecords is the reading the views join, noRecords before the first.
func (s *State) latestRecords() *record.Reading {
	if r := s.records.latest; r != nil {
		return r
	}
	return noRecords
}

// endedViews is the ended rows of the Sessions list, the newest n of
// State.ended (newest first) with their records joined; the caller copies
// them and sets their idle time.
func (s *State) endedViews(n int) []SessionView {
	b := &s.endedBlock
	rec := s.latestRecords()
	if b.built && b.gen == s.endedGen && b.n == n && !s.endedJoinsMoved(b.rec, rec) {
		b.rec = rec
		return b.views
	}
	views := make([]SessionView, 0, n)
	for i := len(s.ended) - 1; i >= len(s.ended)-n; i-- {
		views = append(views, s.endedView(s.ended[i]))
	}
	*b = endedBlock{views: views, gen: s.endedGen, rec: rec, n: n, built: true}
	return views
}

// endedView is an ended session's row, its idle time left to the caller.
func (s *State) endedView(sess *session) SessionView {
	v := sess.view(sess.lastActivity)
	s.joinRecords(&v)
	return v
}

// endedJoinsMoved reports whether what joinRecords gives an ended
// session may differ between reading was (the block's) and is (the
// latest): false only when is came right after was and none of the
// sessions whose joins it changed is ended.
func (s *State) endedJoinsMoved(was, is *record.Reading) bool {
	if was == is {
		return false
	}
	j := &s.records.joins
	if is == noRecords || was != j.prev || j.all {
		return true
	}
	for id := range j.changed {
		if sess, ok := s.sessions[id]; ok && sess.inEnded {
			return true
		}
	}
	return false
}
