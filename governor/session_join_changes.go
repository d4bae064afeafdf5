package governor

import "github.com/coworktop/coworktop/record"

// joinChanges says, of a new reading of the records, which sessions'
// joinInputs differ from the reading before it: an ended session's kept
// view checked against that reading is still good unless its session is
// named here, so a refresh that brings a reading does not look up the
// records of the 200 ended sessions listed (issue 52). Made in
// ApplyRecords from the two readings' records, never from the sessions.
type joinChanges struct {
	prev    *record.Reading // the reading before latest
	all     bool            // every session may differ (Found changed, or no reading before)
	changed map[string]bool // nil when none differs
}

// noteJoinChanges compares the joins of rs.latest with those of prev,
// indexed by code and app.
func (rs *recordState) noteJoinChanges(prev *record.Reading, code map[string]*record.Code, app map[string]*record.App) {
	j := joinChanges{prev: prev}
	if prev == nil || !prev.Found || !rs.latest.Found {
		j.all = true
		rs.joins = j
		return
	}
	note := func(id string) {
		if joinInputsIn(prev, code, app, id) != joinInputsIn(rs.latest, rs.code, rs.app, id) {
			if j.changed == nil {
				j.changed = map[string]bool{}
			}
			j.changed[id] = true
		}
	}
	for _, ids := range []map[string]*record.Code{code, rs.code} {
		for id := range ids {
			note(id)
		}
	}
	for _, ids := range []map[string]*record.App{app, rs.app} {
		for id := range ids {
			note(id)
		}
	}
	rs.joins = j
}

// unchanged reports whether id's joinInputs in the latest reading are
// those it had in rec: rec is the reading before it and id is not among
// those that changed. False says only "look".
func (j *joinChanges) unchanged(rec *record.Reading, id string) bool {
	return rec != nil && rec == j.prev && !j.all && !j.changed[id]
}
