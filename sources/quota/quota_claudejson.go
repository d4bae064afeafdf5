package quota

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/vocab"
)

// ~/.claude.json holds the account's details, project histories and much
// more, and grows to tens of megabytes; coworktop reads one key of it,
// cachedUsageUtilization. The file is walked, not decoded: a scanner
// follows strings, objects and arrays of the top-level object until the
// key, skipping every other value without keeping it, and only that
// key's value (at most claudeJSONMaxValue bytes) is decoded. Memory is
// one read buffer whatever the file's size.

// claudeJSONKey is the one key read, and claudeJSONMaxValue its bound.
const (
	claudeJSONKey      = "cachedUsageUtilization"
	claudeJSONMaxValue = 1 << 20
	claudeJSONMaxKey   = 256
)

// errValueTooLarge: the key's value is over claudeJSONMaxValue.
var errValueTooLarge = errors.New("the cachedUsageUtilization value is over 1 MiB")

// parseClaudeJSON walks r to the key and decodes its value.
func parseClaudeJSON(r io.Reader) (quotaParsed, error) {
	raw, err := topLevelValue(bufio.NewReaderSize(r, 64<<10), claudeJSONKey)
	if err != nil {
		return quotaParsed{}, fmt.Errorf(".claude.json: %w", plainJSONError(err))
	}
	if raw == nil || string(raw) == "null" {
		return quotaParsed{}, nil
	}
	return parseCachedUsage(raw)
}

// cachedWindow is one window of cachedUsageUtilization.utilization.
type cachedWindow struct {
	Utilization *float64  `json:"utilization"`
	ResetsAt    UnixStamp `json:"resets_at"`
}

// cachedLimit is one entry of utilization.limits: kind session (the 5-hour
// window), weekly_all (the 7-day one) or weekly_scoped (a per-model weekly
// limit, named by its scope).
type cachedLimit struct {
	Kind     string          `json:"kind"`
	Percent  *float64        `json:"percent"`
	ResetsAt UnixStamp       `json:"resets_at"`
	Scope    json.RawMessage `json:"scope"`
}

// maxScopedLimits bounds the per-model limits read from one document.
const maxScopedLimits = 8

// parseCachedUsage reads the key's value: the 5-hour and 7-day windows of
// utilization, and its limits list. A window the account's list leaves
// out, or that utilization sets to null while others have figures, is
// "no limit" (Ultra has no 5-hour limit): never 0 %.
func parseCachedUsage(raw []byte) (quotaParsed, error) {
	var doc struct {
		FetchedAtMs *float64                   `json:"fetchedAtMs"`
		Utilization map[string]json.RawMessage `json:"utilization"`
	}
	var p quotaParsed
	if err := json.Unmarshal(raw, &doc); err != nil {
		return p, fmt.Errorf(".claude.json: cachedUsageUtilization: %w", plainJSONError(err))
	}
	if doc.FetchedAtMs == nil || *doc.FetchedAtMs <= 0 || *doc.FetchedAtMs > maxEpochMs {
		return p, errors.New(".claude.json: cachedUsageUtilization has no time it was fetched (fetchedAtMs)")
	}
	at := time.UnixMilli(int64(*doc.FetchedAtMs)).UTC()
	var limits []cachedLimit
	_ = json.Unmarshal(doc.Utilization["limits"], &limits)
	windows := map[quota.Window]*RateWindow{}
	nulls := map[quota.Window]bool{}
	for name, w := range map[string]quota.Window{"five_hour": quota.FiveHour, "seven_day": quota.SevenDay} {
		raw, ok := doc.Utilization[name]
		if ok && string(bytes.TrimSpace(raw)) == "null" {
			nulls[w] = true
			continue
		}
		var cw cachedWindow
		if ok && json.Unmarshal(raw, &cw) == nil && cw.Utilization != nil {
			windows[w] = &RateWindow{UsedPercentage: cw.Utilization, ResetsAt: cw.ResetsAt}
		}
	}
	listed := map[quota.Window]bool{}
	scoped := 0
	for _, l := range limits {
		rw := &RateWindow{UsedPercentage: l.Percent, ResetsAt: l.ResetsAt}
		switch l.Kind {
		case "session", "weekly_all":
			w := quota.FiveHour
			if l.Kind == "weekly_all" {
				w = quota.SevenDay
			}
			listed[w] = true
			if windows[w] == nil && rw.number() != nil {
				windows[w] = rw
			}
		case "weekly_scoped":
			if scoped++; scoped > maxScopedLimits {
				continue
			}
			if rw.refused() {
				p.refused++
			} else if pct := rw.percent(); pct != nil {
				p.samples = append(p.samples, quota.Sample{Window: quota.WeeklyScoped, Scope: scopeName(l.Scope),
					Percent: *pct, ResetsAt: rw.ResetsAt.Time, Source: quota.Cache, At: at})
			}
		}
	}
	for _, w := range []quota.Window{quota.FiveHour, quota.SevenDay} {
		rw := windows[w]
		switch {
		case rw.refused():
			p.refused++
		case rw.percent() != nil:
			p.samples = append(p.samples, quota.Sample{Window: w, Percent: *rw.percent(), ResetsAt: rw.ResetsAt.Time,
				Source: quota.Cache, At: at})
		case (len(limits) > 0 && !listed[w]) || (nulls[w] && (len(windows) > 0 || len(p.samples) > 0)):
			p.samples = append(p.samples, quota.Sample{Window: w, Absent: quota.NoLimit, Source: quota.Cache, At: at})
		}
	}
	return p, nil
}

// scopeName is a per-model limit's name from its scope: a string, or the
// first of display_name, name, model, model_family, label, id that is
// one; cleaned and capped, as every text of Claude's is.
func scopeName(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return vocab.SanitizeString(s, 40)
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		return ""
	}
	for _, k := range []string{"display_name", "name", "model", "model_family", "label", "id"} {
		if json.Unmarshal(obj[k], &s) == nil && strings.TrimSpace(s) != "" {
			return vocab.SanitizeString(s, 40)
		}
	}
	return ""
}

// topLevelValue returns the raw value of key in the JSON object r holds,
// nil when the object has no such key. Every other value is skipped as it
// is read; only key's is kept, up to claudeJSONMaxValue bytes.
func topLevelValue(r *bufio.Reader, key string) ([]byte, error) {
	s := jsonWalk{r: r}
	c, err := s.next()
	if err != nil {
		return nil, err
	}
	if c != '{' {
		return nil, errors.New("not a JSON object")
	}
	for {
		c, err := s.next()
		if err != nil {
			return nil, err
		}
		switch c {
		case '}':
			return nil, nil
		case ',':
			continue
		case '"':
		default:
			return nil, fmt.Errorf("a %q where a key belongs (byte %d)", c, s.off)
		}
		var name []byte
		if err := s.str(&name, claudeJSONMaxKey, true); err != nil {
			return nil, err
		}
		name = bytes.TrimSuffix(name, []byte{'"'})
		if c, err := s.next(); err != nil || c != ':' {
			return nil, orErr(err, fmt.Errorf("no ':' after a key (byte %d)", s.off))
		}
		var keep *[]byte
		var val []byte
		if string(name) == key {
			keep = &val
		}
		if err := s.value(keep); err != nil {
			return nil, err
		}
		if keep != nil {
			return val, nil
		}
	}
}

func orErr(err, other error) error {
	if err != nil {
		return err
	}
	return other
}

// jsonWalk reads JSON values through a buffered reader without building
// them; off counts the bytes read.
type jsonWalk struct {
	r   *bufio.Reader
	off int64
}

// next is the next byte that is not white space.
func (s *jsonWalk) next() (byte, error) {
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			return 0, unexpected(err)
		}
		s.off++
		if c != ' ' && c != '\n' && c != '\r' && c != '\t' {
			return c, nil
		}
	}
}

func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// keepBytes appends b to *keep, bounded by max.
func keepBytes(keep *[]byte, b []byte, max int) error {
	if keep == nil {
		return nil
	}
	if len(*keep)+len(b) > max {
		return errValueTooLarge
	}
	*keep = append(*keep, b...)
	return nil
}

// str reads the rest of a string whose opening quote was read, keeping
// its raw bytes (closing quote included) in *keep when keep is set, up to
// limit bytes: past it, an error, or with skipLong the keeping stops and
// *keep is emptied (a key longer than any of ours).
func (s *jsonWalk) str(keep *[]byte, limit int, skipLong bool) error {
	escaped := false // the byte before the chunk was an unpaired backslash
	for {
		chunk, err := s.r.ReadSlice('"')
		s.off += int64(len(chunk))
		if kerr := keepBytes(keep, chunk, limit); kerr != nil {
			if !skipLong {
				return kerr
			}
			*keep, keep = (*keep)[:0], nil
		}
		if err == bufio.ErrBufferFull {
			escaped = trailingBackslashes(chunk, escaped)
			continue
		}
		if err != nil {
			return unexpected(err)
		}
		if !trailingBackslashes(chunk[:len(chunk)-1], escaped) {
			return nil
		}
		escaped = false // that quote was escaped; go on
	}
}

// trailingBackslashes reports whether b, preceded by an unpaired
// backslash when carry is set, ends with an unpaired backslash.
func trailingBackslashes(b []byte, carry bool) bool {
	n := 0
	for n < len(b) && b[len(b)-1-n] == '\\' {
		n++
	}
	if n == len(b) && carry {
		n++
	}
	return n%2 == 1
}

// value reads one value whose first byte is next, keeping it in *keep
// when keep is set.
func (s *jsonWalk) value(keep *[]byte) error {
	c, err := s.next()
	if err != nil {
		return err
	}
	if err := keepBytes(keep, []byte{c}, claudeJSONMaxValue); err != nil {
		return err
	}
	switch c {
	case '"':
		return s.str(keep, claudeJSONMaxValue, false)
	case '{', '[':
		return s.container(keep)
	}
	return s.scalar(keep)
}

// container reads the rest of an object or array whose opening bracket
// was read: brackets are counted outside strings.
func (s *jsonWalk) container(keep *[]byte) error {
	depth := 1
	for depth > 0 {
		buf, err := s.r.Peek(max(1, s.r.Buffered()))
		if len(buf) == 0 {
			return unexpected(err)
		}
		i := bytes.IndexAny(buf, "\"{}[]")
		if i < 0 {
			if err := keepBytes(keep, buf, claudeJSONMaxValue); err != nil {
				return err
			}
			s.discard(len(buf))
			continue
		}
		c := buf[i]
		if err := keepBytes(keep, buf[:i+1], claudeJSONMaxValue); err != nil {
			return err
		}
		s.discard(i + 1)
		switch c {
		case '"':
			if err := s.str(keep, claudeJSONMaxValue, false); err != nil {
				return err
			}
		case '{', '[':
			depth++
		default:
			depth--
		}
	}
	return nil
}

// scalar reads the rest of a number, true, false or null.
func (s *jsonWalk) scalar(keep *[]byte) error {
	for {
		buf, err := s.r.Peek(max(1, s.r.Buffered()))
		if len(buf) == 0 {
			if err == io.EOF {
				return nil // the document ends here; its end is checked by the caller
			}
			return err
		}
		i := bytes.IndexAny(buf, ",}] \t\r\n")
		if i < 0 {
			i = len(buf)
		}
		if err := keepBytes(keep, buf[:i], claudeJSONMaxValue); err != nil {
			return err
		}
		s.discard(i)
		if i < len(buf) {
			return nil
		}
	}
}

func (s *jsonWalk) discard(n int) {
	k, _ := s.r.Discard(n)
	s.off += int64(k)
}
