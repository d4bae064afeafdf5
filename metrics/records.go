package metrics

import (
	"github.com/coworktop/coworktop/governor"
)

// The session records' figures: the sessions that wait for the person,
// the one count the screen's "needs you N" and snapshot's
// records.needs_you show (governor.NeedsYouCount).
var (
	descWaiting = newDesc("sessions_waiting",
		"Sessions (desktop, background and terminal ones) whose own Claude Code record says they wait for the person (a permission prompt, a question): the \"needs you N\" the screen and snapshot show. Absent when no record folder was found, or when one could not be listed and none is seen waiting (unknown, not 0).")
	descRecordsStale = newDesc("session_records_stale",
		"Session records of processes gone or replaced (a recycled pid), left out; absent when no record folder was found.")
	descRecordsRefused = newDesc("session_records_refused",
		"Session record files refused unread or unreadable (not a regular file, over 1 MiB, not JSON); absent when no record folder was found.")
	descRecordsUnreadable = newDesc("session_record_folders_unreadable",
		"Record folders that exist but could not be listed (permissions, an I/O error): while above 0, coworktop_sessions_waiting is a least, or absent when it would be 0.")
)

func recordsDescriptors() []*desc {
	return []*desc{descWaiting, descRecordsStale, descRecordsRefused, descRecordsUnreadable}
}

// collectRecords emits the records' figures when records were read.
func collectRecords(gauge func(*desc, float64, ...string), s governor.Snapshot) {
	r := s.Records
	if r == nil || !r.Available {
		return
	}
	if r.NeedsYouKnown() || s.NeedsYou > 0 {
		gauge(descWaiting, float64(s.NeedsYou))
	}
	gauge(descRecordsUnreadable, float64(len(r.Unreadable)))
	gauge(descRecordsStale, float64(r.Stale))
	gauge(descRecordsRefused, float64(r.Refused))
}
