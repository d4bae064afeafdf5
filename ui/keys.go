package ui

import "charm.land/bubbles/v2/key"

// KeyMap is every binding of the screen, in one place. The footer shows
// ShortHelp, `?` shows FullHelp.
type KeyMap struct {
	Quit      key.Binding
	Help      key.Binding
	NextPane  key.Binding
	PrevPane  key.Binding
	Up        key.Binding
	Down      key.Binding
	PageUp    key.Binding
	PageDown  key.Binding
	Top       key.Binding
	Bottom    key.Binding
	Filter    key.Binding
	Clear     key.Binding
	Pause     key.Binding
	Sort      key.Binding
	Save      key.Binding
	Details   key.Binding
	Open      key.Binding
	EventLog  key.Binding
	Zoom      key.Binding
	Theme     key.Binding
	Faster    key.Binding
	Slower    key.Binding
	Speed     key.Binding // + and - together, for the footer; never matched
	MouseHint key.Binding // documents the wheel; never matched against keys
	ClickHint key.Binding // documents a click; never matched against keys
}

// DefaultKeyMap returns the bindings. replay enables the speed keys.
func DefaultKeyMap(replay bool) KeyMap {
	b := key.NewBinding
	k, h := key.WithKeys, key.WithHelp
	km := KeyMap{
		Quit:      b(k("q", "ctrl+c", "f10"), h("q/F10", "quit")),
		Help:      b(k("?", "f1"), h("?/F1", "help")),
		NextPane:  b(k("tab"), h("tab", "next pane")),
		PrevPane:  b(k("shift+tab"), h("shift+tab", "previous pane")),
		Up:        b(k("up", "k"), h("↑/k", "up")),
		Down:      b(k("down", "j"), h("↓/j", "down")),
		PageUp:    b(k("pgup"), h("pgup", "page up")),
		PageDown:  b(k("pgdown"), h("pgdn", "page down")),
		Top:       b(k("home", "g"), h("home/g", "top")),
		Bottom:    b(k("end", "G"), h("end/G", "bottom")),
		Filter:    b(k("/"), h("/", "filter pane")),
		Clear:     b(k("esc"), h("esc", "clear / close")),
		Pause:     b(k("space"), h("space", "pause display")),
		Sort:      b(k("s"), h("s", "cycle sort")),
		Save:      b(k("S"), h("S", "save view to config")),
		Details:   b(k("enter"), h("enter", "open row")),
		Open:      b(k("o"), h("o", "open in the app")),
		EventLog:  b(k("l"), h("l", "event log")),
		Zoom:      b(k("z"), h("z", "zoom pane")),
		Theme:     b(k("T"), h("T", "next colour theme")),
		Faster:    b(k("+", "="), h("+", "replay faster")),
		Slower:    b(k("-", "_"), h("-", "replay slower")),
		Speed:     b(k("+", "-"), h("+/-", "speed")),
		MouseHint: b(k("wheel"), h("wheel", "scroll the pane under the pointer")), // no key press is named "wheel"
		ClickHint: b(k("click"), h("click", "select a row (--no-mouse: off)")),
	}
	if !replay {
		km.Faster.SetEnabled(false)
		km.Slower.SetEnabled(false)
		km.Speed.SetEnabled(false)
	}
	return km
}

// ShortHelp is every key the footer names, most wanted first: when the
// screen is too narrow for all, the footer keeps those that fit, in this
// order, and `?` lists everything.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Help, k.NextPane, k.Filter, k.Sort, k.Zoom, k.Details, k.Open, k.Pause, k.Quit, k.Speed, k.EventLog, k.Save}
}

// footerWords are the footer's shorter names for bindings whose help text
// is a phrase (the full help keeps the phrase).
var footerWords = map[string]string{
	"next pane": "pane", "filter pane": "filter", "pause display": "pause", "cycle sort": "sort",
	"save view to config": "save", "session details": "open", "open row": "open", "zoom pane": "zoom", "event log": "log",
	"open in the app": "in app",
}

// FullHelp is the `?` screen, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.NextPane, k.PrevPane, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.MouseHint, k.ClickHint},
		{k.Filter, k.Clear, k.Sort, k.Details, k.Open, k.EventLog, k.Zoom, k.Theme, k.Save},
		{k.Pause, k.Faster, k.Slower, k.Help, k.Quit},
	}
}
