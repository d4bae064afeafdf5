package config

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

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

// schema maps each dotted key of Config to its slot. It is built at its
// first use, by the commands that read a config file: as a package
// initialiser it cost every start (the status line's and --version's too)
// about 0.07 M instructions of reflection.
var schema = sync.OnceValue(func() map[string]slot {
	m := map[string]slot{}
	addSlots(m, "", reflect.TypeOf(Config{}))
	return m
})

// wants are the plain words for the project's own value types, made with
// the schema.
var wants = sync.OnceValue(func() map[reflect.Type]string {
	return map[reflect.Type]string{
		reflect.TypeOf(Duration(0)): `a duration in quotes, such as "1s" or "500ms"`,
		reflect.TypeOf(Sort("")):    `a sort in quotes: ` + quoted(Sorts),
		reflect.TypeOf(Theme("")):   `a theme in quotes: ` + quoted(Themes),
		reflect.TypeOf(Signals("")): `auto, on or off, in quotes`,
		reflect.TypeOf([]Pane(nil)): `a list of pane names in quotes, such as ["sessions", "log"]`,
	}
})

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
	if w, ok := wants()[t]; ok {
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
// unknown keys (naming the first MaxUnknownKeys and counting the rest), or
// a syntax error with its line.
func checkKeys(data []byte) error {
	w := walkKeys(data)
	if w.syntax {
		return w.syntaxError()
	}
	if len(w.bad) > 0 {
		return w.bad[0]
	}
	return w.unknownErr()
}

// walkKeys walks the file once, noting every unknown key and every value
// of the wrong kind, and copying the keys it keeps (kept). One pass, lines
// counted as the walk goes: go-toml's strict mode finds the line of each
// unknown key by scanning the file from its start, and its decoder checks
// each key against every key of its table before it, so a file of many
// unknown keys cost time by their square (1 MiB of them: half a minute).
// The decoder is given only kept, which holds the keys this version knows.
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
			w.keyValue(table, nil, e)
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
	bad      []*Error // values of the wrong kind, in file order
	syntax   bool     // the parser stopped on a syntax error
	// kept is the file with only its known keys of the right kind, each at
	// its own line (so the decoder's errors name the file's lines); keptLine
	// is the line kept's end is on.
	kept     bytes.Buffer
	keptLine int
	// unknownAll counts every unknown key, named or not.
	unknownAll int
}

type unknownKey struct {
	key  string
	line int
}

// lineOf is n's 1-based line; offsets only grow along the walk, so the
// count runs on from the last one. The node's Raw is where it is in the
// file: its Data is a copy when the key holds an escape ("\u00e9"), which
// Parser.Range refuses with a panic.
func (w *keyWalk) lineOf(n *unstable.Node) int {
	off := int(n.Raw.Offset)
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
	case s.open || s.accept == nil || s.table:
		open, end := "[", "]"
		if e.Kind == unstable.ArrayTable {
			open, end = "[[", "]]"
		}
		w.keep(w.keyLineOf(e), open+quotedKey(parts)+end)
	default:
		w.bad = append(w.bad, &Error{Line: w.keyLineOf(e), Key: key, Msg: fmt.Sprintf("[%s]: want %s, not a table", key, s.want)})
	}
}

// keyValue checks one `key = value` under table; rel is the key of the
// inline table it is in, relative to table's header ("" at the top).
func (w *keyWalk) keyValue(table, rel []string, e *unstable.Node) {
	own := keyParts(e)
	parts := append(slices.Clone(table), own...)
	key := strings.Join(parts, ".")
	s, ok := w.lookup(parts)
	switch {
	case !ok:
		w.addUnknown(e, key)
	case s.open || s.accept == nil:
		w.keepKeyValue(rel, e)
	case !s.accept(e.Value()):
		w.bad = append(w.bad, &Error{Line: w.keyLineOf(e), Key: key, Msg: fmt.Sprintf("%s: want %s, not %s", key, s.want, kindWords(e.Value()))})
	case s.table:
		// An inline table of a known table: its keys are kept one by
		// one, as dotted keys ("panes.order = …").
		for it := e.Value().Children(); it.Next(); {
			w.keyValue(parts, append(slices.Clone(rel), own...), it.Node())
		}
	default:
		w.keepKeyValue(rel, e)
	}
}

// keepKeyValue copies `key = value` as the file wrote it into kept, its
// key prefixed by rel (the inline table it was in).
func (w *keyWalk) keepKeyValue(rel []string, e *unstable.Node) {
	text := string(w.p.Raw(e.Raw))
	if len(rel) > 0 {
		text = quotedKey(rel) + "." + text
	}
	w.keep(w.keyLineOf(e), text)
}

// keep writes text into kept on the given line, or on the next one when
// kept has passed it.
func (w *keyWalk) keep(line int, text string) {
	if w.keptLine == 0 {
		w.keptLine = 1
	}
	for ; w.keptLine < line; w.keptLine++ {
		w.kept.WriteByte('\n')
	}
	w.kept.WriteString(text)
	w.kept.WriteByte('\n')
	w.keptLine += 1 + strings.Count(text, "\n")
}

// quotedKey writes a dotted key as TOML: a part of bare-key characters as
// it is, any other in double quotes with its quotes, backslashes and
// control characters escaped.
func quotedKey(parts []string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		q[i] = tomlKeyPart(p)
	}
	return strings.Join(q, ".")
}

func tomlKeyPart(p string) string {
	bare := p != ""
	for _, r := range p {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			bare = false
			break
		}
	}
	if bare {
		return p
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range p {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\u%04X", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// lookup finds the slot of a dotted key; a key under an open table (a
// map) is known.
func (w *keyWalk) lookup(parts []string) (slot, bool) {
	for i := 1; i < len(parts); i++ {
		if s, ok := schema()[strings.Join(parts[:i], ".")]; ok && s.open {
			return slot{open: true}, true
		}
	}
	s, ok := schema()[strings.Join(parts, ".")]
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

// syntaxError is the parser's error with its line, worded as the decoder
// words it. It is taken from the walk, not from decoding the file again:
// the decoder would check every key before the fault against all the
// others.
func (w *keyWalk) syntaxError() *Error {
	var pe *unstable.ParserError
	if !errors.As(w.p.Error(), &pe) {
		return &Error{Msg: w.p.Error().Error()}
	}
	line := 0
	if off := cap(w.data) - cap(pe.Highlight); pe.Highlight != nil && off >= 0 && off <= len(w.data) {
		line = 1 + bytes.Count(w.data[:off], []byte{'\n'})
	}
	msg := pe.Message
	if key := strings.Join(pe.Key, "."); key != "" {
		msg = key + ": " + msg
	}
	return &Error{Line: line, Key: strings.Join(pe.Key, "."), Msg: msg}
}
