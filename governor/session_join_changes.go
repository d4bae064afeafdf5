package governor

import "github.com/coworktop/coworktop/record"

// joinChanges says, of a new reading of the records, which sessions'
// joinInputs differ from the reading before it: the ended rows' block
// joined to that reading is still good unless an ended session is named
// here, so a refresh that brings a reading does not look up the records
// of the 200 ended sessions listed (issue 52). Made in
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

// joinInputs are what joinRecords reads of the records for an ended
// session: whether records were found, its app record's title and its
// Claude Code record's name, and whether it has each.
type joinInputs struct {
	found             bool
	appTitle, code    string
	hasApp, hasRecord bool
}

// joinInputsIn is what joinRecords reads of reading r, indexed by code
// and app, for session id.
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
