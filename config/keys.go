package config

import (
	"bytes"
	"encoding"
	"fmt"
	"reflect"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// MaxUnknownKeys is how many unknown keys an error names; the rest are
// only counted.
const MaxUnknownKeys = 20

// slot is what one key of the file may hold, read from Config's toml tags
// so a field added to Config is known here without another list.
type slot struct {
	want   string // the expected value in plain words
	accept func(*unstable.Node) bool
	table  bool // a struct: a [table] or an inline table whose keys are checked
	open   bool // a map: any key under it
}

// schema maps each dotted key of Config to its slot.
var schema = func() map[string]slot {
	m := map[string]slot{}
	addSlots(m, "", reflect.TypeOf(Config{}))
	return m
}()

// wants are the plain words for the project's own value types.
var wants = map[reflect.Type]string{
	reflect.TypeOf(Duration(0)): `a duration in quotes, such as "1s" or "500ms"`,
	reflect.TypeOf(Sort("")):    `a sort in quotes: ` + quoted(Sorts),
	reflect.TypeOf(Theme("")):   `a theme in quotes: ` + quoted(Themes),
	reflect.TypeOf(Signals("")): `auto, on or off, in quotes`,
	reflect.TypeOf([]Pane(nil)): `a list of pane names in quotes, such as ["sessions", "log"]`,
}

func addSlots(m map[string]slot, prefix string, t reflect.Type) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		key := prefix + name
		s := slotOf(f.Type)
		m[key] = s
		if s.table {
			addSlots(m, key+".", f.Type)
		}
	}
}

var textUnmarshaler = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()

// slotOf says what a value of type t is written as.
func slotOf(t reflect.Type) slot {
	s := slotKind(t)
	if w, ok := wants[t]; ok {
		s.want = w
	}
	return s
}

func slotKind(t reflect.Type) slot {
	is := func(kinds ...unstable.Kind) func(*unstable.Node) bool {
		return func(n *unstable.Node) bool {
			for _, k := range kinds {
				if n.Kind == k {
					return true
				}
			}
			return false
		}
	}
	if reflect.PointerTo(t).Implements(textUnmarshaler) {
		return slot{want: "text in quotes", accept: is(unstable.String)}
	}
	switch t.Kind() {
	case reflect.Bool:
		return slot{want: "true or false (no quotes)", accept: is(unstable.Bool)}
	case reflect.String:
		return slot{want: "text in quotes", accept: is(unstable.String)}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return slot{want: "a whole number", accept: is(unstable.Integer)}
	case reflect.Float32, reflect.Float64:
		return slot{want: "a number", accept: is(unstable.Integer, unstable.Float)}
	case reflect.Slice, reflect.Array:
		elem := slotOf(t.Elem())
		return slot{want: "a list of " + elem.want, accept: func(n *unstable.Node) bool {
			if n.Kind != unstable.Array {
				return false
			}
			for it := n.Children(); it.Next(); {
				if elem.accept != nil && !elem.accept(it.Node()) {
					return false
				}
			}
			return true
		}}
	case reflect.Struct:
		return slot{want: "a table", table: true, accept: is(unstable.InlineTable)}
	case reflect.Map:
		return slot{want: "a table", table: true, open: true, accept: is(unstable.InlineTable)}
	}
	return slot{} // anything else: left to the decoder
}

// kindWords names what the file holds, for "not <this>".
func kindWords(n *unstable.Node) string {
	switch n.Kind {
	case unstable.String:
		return fmt.Sprintf("%q", truncate(string(n.Data), 40))
	case unstable.Bool, unstable.Integer, unstable.Float:
		return truncate(string(n.Data), 40)
	case unstable.Array:
		return "a list"
	case unstable.InlineTable:
		return "a table"
	case unstable.LocalDate, unstable.LocalTime, unstable.LocalDateTime, unstable.DateTime:
		return "a date or time"
	}
	return "another kind of value"
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

func quoted[T ~string](vs []T) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}

// checkKeys walks the file once and returns the first problem with its
// keys: a value of the wrong kind for its key, in plain words, else the
// unknown keys (naming the first MaxUnknownKeys and counting the rest). A
// syntax error is left to the decoder, which words it with its line.
func checkKeys(data []byte) error {
	w := walkKeys(data)
	if w.syntax {
		return nil // the decoder reports it
	}
	if len(w.bad) > 0 {
		return w.bad[0]
	}
	return w.unknownErr()
}

// walkKeys walks the file once, noting every unknown key and every value
// of the wrong kind. One pass, lines counted as the walk goes: go-toml's
// strict mode finds the line of each unknown key by scanning the file from
// its start, which made 20,000 unknown keys cost seconds.
func walkKeys(data []byte) *keyWalk {
	w := &keyWalk{data: data}
	w.p.Reset(data)
	var table []string
	for w.p.NextExpression() {
		e := w.p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = keyParts(e)
			w.header(e, table)
		case unstable.KeyValue:
			w.keyValue(table, e)
		}
	}
	w.syntax = w.p.Error() != nil
	return w
}

// keyWalk is checkKeys' state: the parser, where the line count stands,
// and the unknown keys seen.
type keyWalk struct {
	p        unstable.Parser
	data     []byte
	lineAt   int // offset up to which lines were counted
	line     int // 1-based line at lineAt
	unknown  []unknownKey
	moreKeys int
	bad      []*Error   // values of the wrong kind, in file order
	drop     [][]string // the keys of unknown and bad values, for Load
	syntax   bool       // the parser stopped on a syntax error
	// unknownAll counts every unknown key, named or not.
	unknownAll int
}

type unknownKey struct {
	key  string
	line int
}

// lineOf is n's 1-based line; offsets only grow along the walk, so the
// count runs on from the last one.
func (w *keyWalk) lineOf(n *unstable.Node) int {
	off := int(w.p.Range(n.Data).Offset)
	if w.line == 0 {
		w.line = 1
	}
	if off > w.lineAt {
		w.line += bytes.Count(w.data[w.lineAt:off], []byte{'\n'})
		w.lineAt = off
	}
	return w.line
}

// keyLineOf is the line of e's key.
func (w *keyWalk) keyLineOf(e *unstable.Node) int {
	it := e.Key()
	if !it.Next() {
		return 0
	}
	return w.lineOf(it.Node())
}

func (w *keyWalk) header(e *unstable.Node, parts []string) {
	key := strings.Join(parts, ".")
	s, ok := w.lookup(parts)
	switch {
	case !ok:
		w.addUnknown(e, key)
		w.drop = append(w.drop, parts)
	case s.open || s.accept == nil || s.table:
	default:
		w.bad = append(w.bad, &Error{Line: w.keyLineOf(e), Key: key, Msg: fmt.Sprintf("[%s]: want %s, not a table", key, s.want)})
		w.drop = append(w.drop, parts)
	}
}

func (w *keyWalk) keyValue(table []string, e *unstable.Node) {
	parts := append(append([]string(nil), table...), keyParts(e)...)
	key := strings.Join(parts, ".")
	s, ok := w.lookup(parts)
	switch {
	case !ok:
		w.addUnknown(e, key)
		w.drop = append(w.drop, parts)
	case s.open || s.accept == nil:
	case !s.accept(e.Value()):
		w.bad = append(w.bad, &Error{Line: w.keyLineOf(e), Key: key, Msg: fmt.Sprintf("%s: want %s, not %s", key, s.want, kindWords(e.Value()))})
		w.drop = append(w.drop, parts)
	case s.table:
		for it := e.Value().Children(); it.Next(); {
			w.keyValue(parts, it.Node())
		}
	}
}

// lookup finds the slot of a dotted key; a key under an open table (a
// map) is known.
func (w *keyWalk) lookup(parts []string) (slot, bool) {
	for i := 1; i < len(parts); i++ {
		if s, ok := schema[strings.Join(parts[:i], ".")]; ok && s.open {
			return slot{open: true}, true
		}
	}
	s, ok := schema[strings.Join(parts, ".")]
	return s, ok
}

func (w *keyWalk) addUnknown(e *unstable.Node, key string) {
	w.unknownAll++
	if len(w.unknown) >= MaxUnknownKeys {
		w.moreKeys++
		return
	}
	w.unknown = append(w.unknown, unknownKey{key: truncate(key, 60), line: w.keyLineOf(e)})
}

// unknownErr names the first unknown keys with their lines, and counts
// the rest: `line 2: unknown key "colour"; also "a" (line 5), and 3 more`.
func (w *keyWalk) unknownErr() error {
	if len(w.unknown) == 0 {
		return nil
	}
	first := w.unknown[0]
	msg := fmt.Sprintf("unknown key %q", first.key)
	var also []string
	for _, u := range w.unknown[1:] {
		also = append(also, fmt.Sprintf("%q (line %d)", u.key, u.line))
	}
	if len(also) > 0 {
		msg += "; also " + strings.Join(also, ", ")
	}
	if w.moreKeys > 0 {
		msg += fmt.Sprintf(", and %d more", w.moreKeys)
	}
	return &Error{Line: first.line, Key: first.key, Msg: msg}
}
