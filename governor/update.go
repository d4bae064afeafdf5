package governor

import (
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/record"
)

// Update is one delivery from the live pipeline (sources → parse) to a
// consumer that owns a State: parsed events, and/or a host sample, and/or
// process groups, and/or follower status. Any part may be empty.
type Update struct {
	Events   []event.Event
	Host     *host.HostMemory
	Groups   []host.ProcessGroup
	GroupsAt time.Time // non-zero when Groups is a new scan (possibly empty)
	Files    []event.FileStatus
	// Backfill marks events read from history at start-up, before following.
	Backfill bool
	// Unreadable counts lines that could not be read as entries (orphans
	// before the first timestamp, cut lines) in this delivery.
	Unreadable int
	// BadStamps counts entry starts whose timestamp is no real date.
	BadStamps int
	// Quota holds account quota readings (sources' quota reader), and
	// QuotaErrors its running count of refused or failed reads per source,
	// QuotaRefused of readings refused as implausible.
	Quota        []quota.Sample
	QuotaErrors  map[quota.Source]int
	QuotaRefused map[quota.Source]int
	// Records, when set, is a new reading of the session records.
	Records *record.Reading
	// Usage, when set, is a new reading of the live sessions' transcripts.
	Usage *quota.UsageReading
}

// ApplyUpdate folds one pipeline delivery.
func (s *State) ApplyUpdate(u Update) {
	for i := range u.Events { // by index: no copy of each event
		s.ApplyEvent(&u.Events[i])
	}
	if u.Host != nil {
		s.ApplyHost(*u.Host)
	}
	if !u.GroupsAt.IsZero() {
		s.ApplyGroups(u.GroupsAt, u.Groups)
	}
	for _, f := range u.Files {
		s.setFile(f)
		s.NoteLogLine(f.Name, f.NewestLine) // main.log writing: the app runs (quit_alive.go)
	}
	s.counts.Unreadable += u.Unreadable
	s.counts.BadStamps += u.BadStamps
	s.ApplyQuota(u.Quota)
	s.ApplyQuotaErrors(u.QuotaErrors)
	s.ApplyQuotaRefused(u.QuotaRefused)
	if u.Records != nil {
		s.ApplyRecords(*u.Records)
	}
	if u.Usage != nil {
		s.applyUsage(*u.Usage)
	}
}

func (s *State) setFile(f event.FileStatus) {
	if i, ok := s.fileAt[f.Name]; ok {
		if int64(i) < s.filesShared.Load() {
			s.files = append(make([]event.FileStatus, 0, len(s.files)+len(s.files)/4+1), s.files...)
			s.filesShared.Store(0)
		}
		s.files[i] = f
		return
	}
	if s.fileAt == nil {
		s.fileAt = map[string]int{}
	}
	s.fileAt[f.Name] = len(s.files)
	s.files = append(s.files, f)
}

// sharedFiles is the files' statuses for a snapshot: the slice itself, not
// a copy, capped so an append by its holder copies; setFile copies it before
// changing an entry a snapshot holds.
func (s *State) sharedFiles() []event.FileStatus {
	n := len(s.files)
	if n == 0 {
		return nil
	}
	s.filesShared.Store(int64(n))
	return s.files[:n:n]
}
