package event

import (
	"time"
)

// FileStatus is how following one log file is going, for the status line.
type FileStatus struct {
	Name       string    `json:"name"`            // base name, e.g. main.log
	State      FileState `json:"state"`           // FileBackfill, FileFollowing, …
	Err        string    `json:"error,omitempty"` // why, when not following (sanitised)
	Since      time.Time `json:"-"`
	Lines      int64     `json:"lines"`                 // lines read so far
	Cut        int64     `json:"cut,omitempty"`         // lines longer than the cap, cut
	LostBytes  int64     `json:"lost_bytes,omitempty"`  // bytes of generations that vanished unread
	ListErrors int64     `json:"list_errors,omitempty"` // checks whose folder listing or generation open failed (retried, nothing dropped)
	LastLineAt time.Time `json:"-"`                     // wall clock of the newest line read
	// NewestLine is the newest line's own stamp, as the log wrote it: how
	// fresh the log is, where LastLineAt is only when coworktop read it
	// (at start-up, always now).
	NewestLine time.Time `json:"-"`
}
