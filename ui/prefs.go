package ui

import (
	"slices"
	"strings"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/config"
	"github.com/coworktop/coworktop/vocab"
)

// View is what the config file says about the screen, and what `S` saves:
// the Sessions sort, the panes' order and visibility, the theme, the mouse.
type View struct {
	Sort    config.Sort
	Panes   config.Panes
	Theme   config.Theme
	NoMouse bool // leave the mouse to the terminal
}

// viewSavedMsg reports the outcome of `S`.
type viewSavedMsg struct {
	where string
	err   error
}

// applyView sets the screen up as opts.View says; zero fields keep the
// built-in defaults.
func (m *Model) applyView() {
	v := m.opts.View
	if i := slices.Index(config.Sorts, v.Sort); i >= 0 {
		m.sortBy = sessionSort(i)
	}
	if v.Panes.Order == nil {
		v.Panes = config.Default().Panes
	}
	m.order = m.order[:0]
	for _, name := range v.Panes.Order {
		// A pane with a show-and-hide key stays in the order, hidden.
		if id, ok := paneNamed(name); ok && (id.entry().shown != nil || v.Panes.Visible(name)) {
			m.order = append(m.order, id)
		}
	}
	for _, e := range paneTable {
		if e.shown != nil {
			*e.shown(m) = v.Panes.Visible(e.config)
		}
	}
	if panes := m.visiblePanes(); len(panes) > 0 && !slices.Contains(panes, m.focus) {
		m.focus = panes[0]
	}
}

// currentView is the screen as it is now, for `S`: the configured order
// and hidden panes, with the event log as the user left it.
func (m *Model) currentView() View {
	v := m.opts.View
	v.Sort = config.Sorts[m.sortBy]
	if v.Panes.Order == nil {
		v.Panes = config.Default().Panes
	}
	hidden := slices.Clone(v.Panes.Hidden)
	for _, e := range paneTable {
		if e.shown == nil {
			continue
		}
		hidden = slices.DeleteFunc(hidden, func(p config.Pane) bool { return p == e.config })
		if !*e.shown(m) {
			hidden = append(hidden, e.config)
		}
	}
	v.Panes.Hidden = hidden
	v.Panes.Order = slices.Clone(v.Panes.Order)
	if v.Theme == "" {
		v.Theme = config.ThemeAuto
	}
	return v
}

// saveView runs Options.SaveView off the program's goroutine.
func (m *Model) saveView() tea.Cmd {
	save := m.opts.SaveView
	if save == nil {
		m.notice = "S: no config file to save to"
		return nil
	}
	v := m.currentView()
	return func() tea.Msg {
		where, err := save(v)
		return viewSavedMsg{where: where, err: err}
	}
}

func (m *Model) viewSaved(msg viewSavedMsg) {
	// A path and an OS error are untrusted text like any other: one line,
	// no control characters.
	if msg.err != nil {
		m.notice = "S: not saved: " + vocab.SanitizeStringWith(firstLine(msg.err.Error()), vocab.PathText)
	} else {
		m.notice = "view saved to " + vocab.SanitizeStringWith(msg.where, vocab.PathText)
	}
	m.dirty = true
}

// firstLine keeps the first line of s.
func firstLine(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		return s[:i]
	}
	return s
}
