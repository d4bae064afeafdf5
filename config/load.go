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
	// ignores: unknown keys, unknown pane names, and a sort or theme this
	// version does not know (the default is in effect). They are no reason
	// to stop; `coworktop config check` counts them as errors (a typo looks
	// the same).
	Warnings []*Error
	// Problems are every other fault, each naming its key and line: syntax,
	// a value of the wrong kind, a value out of range. Those keys keep
	// their defaults in Config.
	Problems []*Error
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
		l.Problems = []*Error{w.syntaxError()}
		return l
	}
	l.Problems = append(l.Problems, w.bad...)
	for _, u := range w.unknown {
		l.Warnings = append(l.Warnings, &Error{Line: u.line, Key: u.key, Msg: fmt.Sprintf("unknown key %q, ignored", u.key)})
	}
	if w.moreKeys > 0 {
		l.Warnings = append(l.Warnings, &Error{Msg: fmt.Sprintf("and %d more unknown keys, ignored", w.moreKeys)})
	}
	c, err := decodeKept(w.kept.Bytes())
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

// decodeKept decodes kept (the file's known keys of the right kind, each
// on its own line, from walkKeys) over the defaults.
func decodeKept(kept []byte) (Config, error) {
	c := Default()
	if err := toml.NewDecoder(bytes.NewReader(kept)).Decode(&c); err != nil {
		return Default(), decodeError(err)
	}
	return c, nil
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
	// Sorts and themes are lists a newer version grows (its S key saves
	// its own sort): a value this version does not know is a warning, and
	// the default is in effect.
	if !slices.Contains(Sorts, c.Sort) {
		l.unknownValue(data, "sort", string(c.Sort), string(def.Sort), list(Sorts))
		c.Sort = def.Sort
	}
	if !slices.Contains(Themes, c.Theme) {
		l.unknownValue(data, "theme", string(c.Theme), string(def.Theme), list(Themes))
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

// unknownValue warns of a value this version does not know, of a key whose
// values a newer version may add to.
func (l *Loaded) unknownValue(data []byte, key, value, def, known string) {
	l.Warnings = append(l.Warnings, &Error{Line: keyLine(data, key), Key: key,
		Msg: fmt.Sprintf("%s = %q: unknown, ignored: the default %q is in effect (this version has %s)", key, truncate(value, 40), def, known)})
}

// knownPanes is panes without the names this version does not know (a
// warning each) and without repeats (a problem each).
func (l *Loaded) knownPanes(data []byte, key string, panes []Pane) []Pane {
	var kept []Pane
	at := 0 // the key's line, found once: a list may hold many names
	lineOf := func() int {
		if at == 0 {
			at = max(keyLine(data, key), -1)
		}
		return max(at, 0)
	}
	unknown, repeats := 0, 0
	for _, n := range panes {
		switch {
		case !slices.Contains(AllPanes, n):
			if unknown++; unknown <= MaxUnknownKeys {
				l.Warnings = append(l.Warnings, &Error{Line: lineOf(), Key: key, Msg: fmt.Sprintf("%s: unknown pane %q, ignored (this version has %s)", key, truncate(string(n), 40), list(AllPanes))})
			}
		case slices.Contains(kept, n):
			if repeats++; repeats <= MaxUnknownKeys {
				l.Problems = append(l.Problems, &Error{Line: lineOf(), Key: key, Msg: fmt.Sprintf("%s: %q twice", key, n)})
			}
		default:
			kept = append(kept, n)
		}
	}
	if unknown > MaxUnknownKeys {
		l.Warnings = append(l.Warnings, &Error{Line: lineOf(), Key: key, Msg: fmt.Sprintf("%s: and %d more unknown panes, ignored", key, unknown-MaxUnknownKeys)})
	}
	if kept == nil && panes != nil {
		kept = []Pane{}
	}
	return kept
}

// All is every fault of the file, problems first, then warnings: what
// `config check` and `doctor` list.
func (l Loaded) All() []*Error {
	return append(slices.Clone(l.Problems), l.Warnings...)
}
