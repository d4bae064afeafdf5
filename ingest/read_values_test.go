package ingest

import (
	"io"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// readValues is ReadEach handing fn a copy of each event, for tests that
// keep them.
func readValues(r io.Reader, name string, loc *time.Location, fn func(governor.Event)) (Stats, error) {
	return ReadEach(r, name, loc, func(e *governor.Event) { fn(*e) })
}
