package config

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"time"

	toml "github.com/pelletier/go-toml/v2"

	"github.com/coworktop/coworktop/vocab"
)

// Loaded is a config file as the commands read it (Load).
type Loaded struct {
	// Config is the defaults, overridden by every key of the file that this
	// version knows and that holds a good value.
	Config Config
	// Warnings are what a newer coworktop may have written and this one
	// ignores: unknown keys and unknown pane names. They are no reason to
	// stop; `coworktop config check` counts them as errors (a typo looks
	// the same).
	Warnings []*Error
	// Problems are every other fault, each naming its key and line: syntax,
	// a value of the wrong kind, a value out of range. Those keys keep
	// their defaults in Config.
	Problems []*Error
	// ThemeErr is an unknown theme, apart: it stops only the commands that
	// draw; Config holds the default theme.
	ThemeErr *Error
}

// Load reads a config file over the defaults, as a file that a newer or
// older version may have written: a pane the order does not list takes its
// default place (Panes.Filled), an unknown key or pane is a Warning, and
// every other fault is listed, not just the first.
func Load(data []byte) Loaded {
	l := Loaded{Config: Default()}
	if len(data) > MaxFileSize {
		l.Problems = []*Error{sizeError(len(data))}
		return l
	}
	w := walkKeys(data)
	if w.syntax {
		var c Config
		l.Problems = []*Error{asError(decodeError(toml.Unmarshal(data, &c)))}
		return l
	}
	l.Problems = append(l.Problems, w.bad...)
	for _, u := range w.unknown {
		l.Warnings = append(l.Warnings, &Error{Line: u.line, Key: u.key, Msg: fmt.Sprintf("unknown key %q, ignored", u.key)})
	}
	if w.moreKeys > 0 {
		l.Warnings = append(l.Warnings, &Error{Msg: fmt.Sprintf("and %d more unknown keys, ignored", w.moreKeys)})
	}
	c, err := decodeKept(data, w.drop)
	if err != nil {
		l.Problems = append(l.Problems, asError(err))
		return l
	}
	l.Config = c
	l.settle(data)
	byLine := func(a, b *Error) int { return a.Line - b.Line }
	slices.SortStableFunc(l.Problems, byLine)
	slices.SortStableFunc(l.Warnings, byLine)
	return l
}

// decodeKept decodes data over the defaults without the keys in drop
// (unknown, or of the wrong kind): the file goes through a generic map,
// loses those keys and is written again for the typed decoder.
func decodeKept(data []byte, drop [][]string) (Config, error) {
	c := Default()
	if len(drop) > 0 {
		var m map[string]any
		if err := toml.Unmarshal(data, &m); err != nil {
			return Default(), decodeError(err)
		}
		for _, parts := range drop {
			deleteKey(m, parts)
		}
		b, err := toml.Marshal(m)
		if err != nil {
			return Default(), fmt.Errorf("config: %w", err)
		}
		data = b
	}
	if err := toml.NewDecoder(bytes.NewReader(data)).Decode(&c); err != nil {
		return Default(), decodeError(err)
	}
	return c, nil
}

// deleteKey removes a dotted key from a decoded TOML document.
func deleteKey(m map[string]any, parts []string) {
	for _, p := range parts[:len(parts)-1] {
		next, ok := m[p].(map[string]any)
		if !ok {
			return
		}
		m = next
	}
	delete(m, parts[len(parts)-1])
}

// asError is err as an *Error.
func asError(err error) *Error {
	var ce *Error
	if errors.As(err, &ce) {
		return ce
	}
	return &Error{Msg: err.Error()}
}

// settle checks every value the file set, one problem per key, and puts
// the default back where a value is bad; unknown panes are dropped with a
// warning, missing ones take their default place.
func (l *Loaded) settle(data []byte) {
	c, def := &l.Config, Default()
	problem := func(key, format string, args ...any) {
		l.Problems = append(l.Problems, &Error{Line: keyLine(data, key), Key: key, Msg: fmt.Sprintf(format, args...)})
	}
	if d := time.Duration(c.Refresh); d < vocab.MinRefresh || d > MaxRefresh {
		problem("refresh", "refresh = %q: want from %s to %s", d, vocab.MinRefresh, MaxRefresh)
		c.Refresh = def.Refresh
	}
	if !slices.Contains(Sorts, c.Sort) {
		problem("sort", "sort = %q: want one of %s", c.Sort, list(Sorts))
		c.Sort = def.Sort
	}
	if err := c.ValidateTheme(); err != nil {
		l.ThemeErr = asError(withLine(err, data))
		c.Theme = def.Theme
	}
	c.Panes.Order = l.knownPanes(data, "panes.order", c.Panes.Order)
	c.Panes.Hidden = l.knownPanes(data, "panes.hidden", c.Panes.Hidden)
	if allHidden(c.Panes.Hidden) {
		problem("panes.hidden", "panes.hidden: every pane hidden; keep one")
		c.Panes.Hidden = def.Panes.Hidden
	}
	c.Panes = c.Panes.Filled()
}

// knownPanes is panes without the names this version does not know (a
// warning each) and without repeats (a problem each).
func (l *Loaded) knownPanes(data []byte, key string, panes []Pane) []Pane {
	var kept []Pane
	for _, n := range panes {
		switch {
		case !slices.Contains(AllPanes, n):
			l.Warnings = append(l.Warnings, &Error{Line: keyLine(data, key), Key: key, Msg: fmt.Sprintf("%s: unknown pane %q, ignored (this version has %s)", key, n, list(AllPanes))})
		case slices.Contains(kept, n):
			l.Problems = append(l.Problems, &Error{Line: keyLine(data, key), Key: key, Msg: fmt.Sprintf("%s: %q twice", key, n)})
		default:
			kept = append(kept, n)
		}
	}
	if kept == nil && panes != nil {
		kept = []Pane{}
	}
	return kept
}

// All is every fault of the file, problems first, then an unknown theme,
// then warnings: what `config check` and `doctor` list.
func (l Loaded) All() []*Error {
	all := slices.Clone(l.Problems)
	if l.ThemeErr != nil {
		all = append(all, l.ThemeErr)
	}
	return append(all, l.Warnings...)
}
