package journal

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/coworktop/coworktop/words"
)

// exportRecord is one line of Export: the record's kind by name, then the
// record as kept (already redacted).
type exportRecord struct {
	Record  string          `json:"record"`
	At      string          `json:"at"`
	Event   json.RawMessage `json:"event,omitempty"`
	Minute  *Minute         `json:"minute,omitempty"`
	Session *Session        `json:"session,omitempty"`
}

// kindName is a record's kind by name, in Export.
func kindName(k RecordKind) string {
	switch k {
	case KindEvent:
		return "event"
	case KindMinute:
		return "minute"
	case KindSession:
		return "session"
	}
	return string(rune(k))
}

// Export writes the records in span as NDJSON, one object a line, in time
// order within each day.
func Export(dir string, span Span, w io.Writer) (ReadStats, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	var werr error
	st, err := Read(dir, span, time.FixedZone("", 0), func(r Record) { // times as logged
		if werr != nil {
			return
		}
		x := exportRecord{Record: kindName(r.Kind), At: r.At.Format(time.RFC3339Nano), Minute: r.Minute, Session: r.Session}
		if r.Event != nil {
			b, err := words.MarshalEvent(*r.Event)
			if err != nil {
				werr = err
				return
			}
			x.Event = b
		}
		b, err := json.Marshal(x)
		if err == nil {
			_, err = bw.Write(append(b, '\n'))
		}
		werr = err
	})
	if err != nil {
		return st, err
	}
	if werr != nil {
		return st, fmt.Errorf("journal: exporting: %w", werr)
	}
	if err := bw.Flush(); err != nil {
		return st, fmt.Errorf("journal: exporting: %w", err)
	}
	return st, nil
}
