package journal

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/words"
)

// Minute is the machine over one minute, as the live modes sampled it: the
// last host reading of the minute and the account's quota figures. Zero
// bytes mean not read.
type Minute struct {
	At             time.Time     `json:"-"`
	TotalBytes     uint64        `json:"total_bytes,omitempty"`
	AvailableBytes uint64        `json:"available_bytes,omitempty"`
	FreeBytes      uint64        `json:"free_bytes,omitempty"`
	SwapUsedBytes  uint64        `json:"swap_used_bytes,omitempty"`
	Pressure       string        `json:"pressure,omitempty"`
	Quota          []QuotaFigure `json:"quota,omitempty"`
}

// QuotaFigure is one window of the account's quota at that minute.
type QuotaFigure struct {
	Window  string  `json:"window"`
	Scope   string  `json:"scope,omitempty"`
	Percent float64 `json:"percent"`
	Source  string  `json:"source,omitempty"`
}

// Session is a session's name (its folder, as every output names it) and
// its title, as the records gave them; nothing else of a record is kept.
type Session struct {
	At      time.Time `json:"-"`
	Session string    `json:"session"`
	Name    string    `json:"name,omitempty"`
	Title   string    `json:"title,omitempty"`
}

// Record is one record read back.
type Record struct {
	Kind    RecordKind
	At      time.Time // the event's time as an instant, the minute's start, when a name was seen
	Event   *event.Event
	Minute  *Minute
	Session *Session
}

// wire is a record's JSON: its time with the zone it was read in, then
// what it holds.
type wire struct {
	At      string          `json:"at"`
	Event   json.RawMessage `json:"event,omitempty"`
	Minute  *Minute         `json:"minute,omitempty"`
	Session *Session        `json:"session,omitempty"`
}

// encoded is a record made ready to write: its day, key and line body.
type encoded struct {
	day  string
	at   time.Time
	key  uint64
	kind RecordKind
	body []byte
}

// dayOf is the file a record goes in: its UTC day.
func dayOf(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// dayFile is a day's file name.
func dayFile(day string) string { return day + dayExt }

const dayExt = ".jnl"

// dayOfFile is the day a file holds, or "" for a file that is none.
func dayOfFile(name string) string {
	day, ok := cutSuffix(name, dayExt)
	if !ok {
		return ""
	}
	if _, err := time.Parse(time.DateOnly, day); err != nil {
		return ""
	}
	return day
}

func cutSuffix(s, suf string) (string, bool) {
	if len(s) < len(suf) || s[len(s)-len(suf):] != suf {
		return s, false
	}
	return s[:len(s)-len(suf)], true
}

// encodeEvent makes an event's record, marshalled once. Its key is the
// event less its file's name and line number, which a rotation changes:
// the log's family, the instant, the JSON from "kind" on. ordinal numbers
// the events of one instant alike in all of that (ordinalOf).
func encodeEvent(e event.Event, family string, ordinalOf func(uint64) int) (encoded, error) {
	e.File = filepath.Base(e.File)
	ev, err := words.MarshalEvent(e)
	if err != nil {
		return encoded{}, fmt.Errorf("journal: encoding an event: %w", err)
	}
	tail := ev
	if i := bytes.Index(ev, []byte(`,"kind":`)); i >= 0 {
		tail = ev[i:]
	}
	nanos := strconv.AppendInt(nil, e.Time.UnixNano(), 10)
	base := keyOf(KindEvent, []byte(family), nanos, tail)
	key := base
	if n := ordinalOf(base); n > 0 {
		key = keyOf(KindEvent, []byte(family), nanos, tail, strconv.AppendInt(nil, int64(n), 10))
	}
	body := make([]byte, 0, len(ev)+64)
	body = append(body, `{"at":"`...)
	body = e.Time.AppendFormat(body, time.RFC3339Nano)
	body = append(body, `","event":`...)
	body = append(body, ev...)
	body = append(body, '}')
	return encoded{day: dayOf(e.Time), at: e.Time, key: key, kind: KindEvent, body: body}, nil
}

// encodeMinute makes a minute's record: one per minute however many
// processes sampled it (the first kept).
func encodeMinute(m Minute) (encoded, error) {
	at := m.At.Truncate(time.Minute)
	body, err := json.Marshal(wire{At: at.Format(time.RFC3339Nano), Minute: &m})
	if err != nil {
		return encoded{}, fmt.Errorf("journal: encoding a minute: %w", err)
	}
	key := keyOf(KindMinute, []byte(strconv.FormatInt(at.Unix(), 10)))
	return encoded{day: dayOf(at), at: at, key: key, kind: KindMinute, body: body}, nil
}

// encodeSession makes a session's record: one per name and title a
// session had on a day.
func encodeSession(s Session) (encoded, error) {
	body, err := json.Marshal(wire{At: s.At.Format(time.RFC3339Nano), Session: &s})
	if err != nil {
		return encoded{}, fmt.Errorf("journal: encoding a session: %w", err)
	}
	day := dayOf(s.At)
	key := keyOf(KindSession, []byte(day), []byte(s.Session), []byte(s.Name), []byte(s.Title))
	return encoded{day: day, at: s.At, key: key, kind: KindSession, body: body}, nil
}

// decode reads one record's body; ok is false for a kind this coworktop
// does not know (a newer one's), which is skipped.
func decode(kind RecordKind, body []byte, loc *time.Location) (Record, bool, error) {
	switch kind {
	case KindEvent:
		if at, ev, ok := splitEventBody(body); ok { // the form encodeEvent writes: one scan
			return decodeEvent(at, ev, loc)
		}
	case KindMinute, KindSession:
	default:
		return Record{}, false, nil
	}
	var w wire
	if err := json.Unmarshal(body, &w); err != nil {
		return Record{}, false, err
	}
	at, err := time.Parse(time.RFC3339Nano, w.At)
	if err != nil {
		return Record{}, false, err
	}
	r := Record{Kind: kind, At: at}
	switch kind {
	case KindEvent:
		return decodeEvent(w.At, w.Event, loc)
	case KindMinute:
		if w.Minute == nil {
			return Record{}, false, fmt.Errorf("minute record without its minute")
		}
		w.Minute.At = at
		r.Minute = w.Minute
	case KindSession:
		if w.Session == nil {
			return Record{}, false, fmt.Errorf("session record without its session")
		}
		w.Session.At = at
		r.Session = w.Session
	}
	return r, true, nil
}

// splitEventBody cuts `{"at":"T","event":{…}}` into T and the event.
func splitEventBody(body []byte) (at string, ev []byte, ok bool) {
	const head, mid = `{"at":"`, `","event":`
	rest, found := bytes.CutPrefix(body, []byte(head))
	if !found {
		return "", nil, false
	}
	i := bytes.IndexByte(rest, '"')
	if i < 0 || !bytes.HasPrefix(rest[i:], []byte(mid)) || !bytes.HasSuffix(rest, []byte("}}")) {
		return "", nil, false
	}
	return string(rest[:i]), rest[i+len(mid) : len(rest)-1], true
}

// decodeEvent reads an event record.
func decodeEvent(atText string, ev []byte, loc *time.Location) (Record, bool, error) {
	at, err := time.Parse(time.RFC3339Nano, atText)
	if err != nil {
		return Record{}, false, err
	}
	var e event.Event
	if err := words.UnmarshalEvent(ev, &e); err != nil {
		return Record{}, false, err
	}
	e.Time = inZone(at, e.Time, loc)
	return Record{Kind: KindEvent, At: at, Event: &e}, true, nil
}

// inZone is an event's time for a reader in loc: the instant, in loc; or,
// for a reader of wall clocks (a zone named ""), the time as it was logged.
func inZone(at, logged time.Time, loc *time.Location) time.Time {
	if logged.Location() == time.UTC { // a stamp logged in UTC stays so
		return at.UTC()
	}
	if loc == nil {
		return at
	}
	if loc.String() == "" {
		wall := at
		y, mo, d := wall.Date()
		h, mi, s := wall.Clock()
		return time.Date(y, mo, d, h, mi, s, wall.Nanosecond(), loc)
	}
	return at.In(loc)
}
