package render

import (
	"fmt"
	"time"
)

// JournalNote says which part of an output came from coworktop's journal,
// in every output that reads it (report's text and JSON, events).
const JournalNote = "from coworktop's journal: the log has rotated"

// JournalPart is what a report read from coworktop's journal.
type JournalPart struct {
	Note   string `json:"note"`
	Events int    `json:"events"`
	First  Stamp  `json:"first"`
	Last   Stamp  `json:"last"`
}

// NewJournalPart describes n events from the journal, first to last.
func NewJournalPart(n int, first, last time.Time) *JournalPart {
	return &JournalPart{Note: JournalNote, Events: n, First: stamp(first), Last: stamp(last)}
}

// journalLine is the journal's row of the text.
func journalLine(j JournalPart) string {
	return fmt.Sprintf("%s · %s, %s → %s", j.Note, plural(j.Events, "event", "events"), j.First, j.Last)
}
