package ingest

import (
	"io"
	"time"

	"github.com/coworktop/coworktop/event"
)

// readValues is ReadEach handing fn a copy of each event, for tests that
// keep them.
func readValues(r io.Reader, name string, loc *time.Location, fn func(event.Event)) (Stats, error) {
	return ReadEach(r, name, loc, func(e *event.Event) { fn(*e) })
}
