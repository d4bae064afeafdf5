// Package config reads, checks and writes coworktop's config file: refresh,
// the default sort, pane order and visibility, theme, mouse and notify. It
// is pure: the caller passes the file's bytes and the environment (Env), so
// every rule is testable without a disk or a particular OS.
package config

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// Sort is the Sessions pane's order.
type Sort string

// Sorts, in the order `s` cycles through them.
const (
	SortUrgent  Sort = "urgent" // needs you, at risk soonest first, stalled, then by idle time
	SortRecent  Sort = "recent"
	SortIdle    Sort = "idle"
	SortProject Sort = "project"
	SortStarted Sort = "started"
)

// Sorts lists every Sort, in the order `s` cycles through them.
var Sorts = []Sort{SortUrgent, SortRecent, SortIdle, SortProject, SortStarted}

// Pane names a pane of the live screen.
type Pane string

// Panes.
const (
	PaneSessions    Pane = "sessions"
	PaneRanking     Pane = "ranking"
	PaneEvictions   Pane = "evictions"
	PaneCompetition Pane = "competition"
	PaneTimeline    Pane = "timeline"
	PaneLog         Pane = "log"
)

// AllPanes is the default order: the screen's tab order.
var AllPanes = []Pane{PaneSessions, PaneRanking, PaneLog, PaneEvictions, PaneCompetition, PaneTimeline}

// Theme names a colour theme.
type Theme string

// Themes.
const (
	ThemeAuto         Theme = "auto"          // light or dark, from the terminal's background
	ThemeDark         Theme = "dark"          // for a dark background
	ThemeLight        Theme = "light"         // for a light background
	ThemeHighContrast Theme = "high-contrast" // bold primaries, no dim text
	ThemePlain        Theme = "plain"         // no colour at all (as NO_COLOR)
)

// Themes lists every Theme.
var Themes = []Theme{ThemeAuto, ThemeDark, ThemeLight, ThemeHighContrast, ThemePlain}

// MaxRefresh is the longest refresh interval; the shortest is
// vocab.MinRefresh, the one floor every caller reads.
const MaxRefresh = time.Hour

// Config is the whole file. Every field has a default (Default), so a file
// holds only what the user changed.
type Config struct {
	Refresh Duration `toml:"refresh"`
	Sort    Sort     `toml:"sort"`
	Theme   Theme    `toml:"theme"`
	Mouse   bool     `toml:"mouse"`
	Notify  bool     `toml:"notify"`
	// TerminalSignals: notifications through the terminal, the window
	// title and the pane's status (--terminal-signals).
	TerminalSignals Signals `toml:"terminal_signals"`
	Panes           Panes   `toml:"panes"`
	Journal         Journal `toml:"journal"`
}

// Journal is the bound of coworktop's journal (docs/journal.md): it keeps
// KeepDays days or MaxMB megabytes, whichever comes first.
type Journal struct {
	KeepDays int `toml:"keep_days"`
	MaxMB    int `toml:"max_mb"`
}

// Bounds of the journal's settings.
const (
	MaxJournalDays = 3650
	MaxJournalMB   = 100000
)

// Signals says when the live screen signals through its terminal: auto
// (where the terminal is known to show them), on or off.
type Signals string

// Signals values.
const (
	SignalsAuto Signals = "auto"
	SignalsOn   Signals = "on"
	SignalsOff  Signals = "off"
)

// AllSignals lists every Signals value.
var AllSignals = []Signals{SignalsAuto, SignalsOn, SignalsOff}

// Panes is the live screen's layout: the panes in order (tab order, and the
// order they are laid out in), and those hidden at start.
type Panes struct {
	Order  []Pane `toml:"order"`
	Hidden []Pane `toml:"hidden"`
}

// Default is the configuration with no file.
func Default() Config {
	return Config{
		Refresh: Duration(time.Second),
		Sort:    SortUrgent,
		Theme:   ThemeAuto,
		Mouse:   true,
		// TerminalSignals: auto.
		TerminalSignals: SignalsAuto,
		Panes: Panes{
			Order:  slices.Clone(AllPanes),
			Hidden: []Pane{PaneLog},
		},
		Journal: Journal{KeepDays: 90, MaxMB: 200},
	}
}

// Visible reports whether p is shown at start.
func (p Panes) Visible(pane Pane) bool { return !slices.Contains(p.Hidden, pane) }

// Validate checks every value; the error names the key.
func (c Config) Validate() error {
	if d := time.Duration(c.Refresh); d < vocab.MinRefresh || d > MaxRefresh {
		return keyErr("refresh", "refresh = %q: want from %s to %s", d, vocab.MinRefresh, MaxRefresh)
	}
	if !slices.Contains(Sorts, c.Sort) {
		return keyErr("sort", "sort = %q: want one of %s", c.Sort, list(Sorts))
	}
	if err := c.ValidateTheme(); err != nil {
		return err
	}
	if c.TerminalSignals != "" && !slices.Contains(AllSignals, c.TerminalSignals) { // "": auto
		return keyErr("terminal_signals", "terminal_signals = %q: want one of %s", c.TerminalSignals, list(AllSignals))
	}
	if d := c.Journal.KeepDays; d < 1 || d > MaxJournalDays {
		return keyErr("journal.keep_days", "journal.keep_days = %d: want from 1 to %d", d, MaxJournalDays)
	}
	if m := c.Journal.MaxMB; m < 1 || m > MaxJournalMB {
		return keyErr("journal.max_mb", "journal.max_mb = %d: want from 1 to %d", m, MaxJournalMB)
	}
	return c.Panes.validate()
}

// ValidateTheme checks the theme alone (Validate checks it too).
func (c Config) ValidateTheme() error {
	if !slices.Contains(Themes, c.Theme) {
		return keyErr("theme", "theme = %q: want one of %s", c.Theme, list(Themes))
	}
	return nil
}

func (p Panes) validate() error {
	seen := map[Pane]bool{}
	for _, n := range p.Order {
		if !slices.Contains(AllPanes, n) {
			return keyErr("panes.order", "panes.order: unknown pane %q: want %s", n, list(AllPanes))
		}
		if seen[n] {
			return keyErr("panes.order", "panes.order: %q twice", n)
		}
		seen[n] = true
	}
	for _, n := range p.Hidden {
		if !slices.Contains(AllPanes, n) {
			return keyErr("panes.hidden", "panes.hidden: unknown pane %q: want %s", n, list(AllPanes))
		}
	}
	if allHidden(p.Hidden) {
		return keyErr("panes.hidden", "panes.hidden: every pane hidden; keep one")
	}
	return nil
}

// allHidden says whether hidden names every pane.
func allHidden(hidden []Pane) bool {
	for _, n := range AllPanes {
		if !slices.Contains(hidden, n) {
			return false
		}
	}
	return true
}

// Filled is p with every pane it does not list put in its default place:
// after the nearest pane before it in AllPanes that the order holds (first
// when none), and hidden when it is hidden by default. A file written
// before a pane existed (by config init or the S key, which list every
// pane) so shows the new pane where a new file would.
func (p Panes) Filled() Panes {
	order := slices.Clone(p.Order)
	hidden := slices.Clone(p.Hidden)
	for i, n := range AllPanes {
		if slices.Contains(order, n) {
			continue
		}
		at := 0
		for _, before := range slices.Backward(AllPanes[:i]) {
			if j := slices.Index(order, before); j >= 0 {
				at = j + 1
				break
			}
		}
		order = slices.Insert(order, at, n)
		if !Default().Panes.Visible(n) && !slices.Contains(hidden, n) {
			hidden = append(hidden, n)
		}
	}
	return Panes{Order: order, Hidden: hidden}
}

// keyErr is a Validate error about key; Parse adds the key's line.
func keyErr(key, format string, args ...any) error {
	return &Error{Key: key, Msg: fmt.Sprintf(format, args...)}
}

func list[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

// Duration is a time.Duration written as Go writes one ("1s", "500ms").
type Duration time.Duration

// MarshalText writes d as "1s".
func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

// UnmarshalText reads "1s", "500ms", "2m".
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("%q is not a duration (e.g. 1s, 500ms)", b)
	}
	*d = Duration(v)
	return nil
}
