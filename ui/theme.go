package ui

import (
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/coworktop/coworktop/config"
)

// Ink is a style reduced to the escape sequences lipgloss writes before and
// after a one-line text. Painting with it is a concatenation, which keeps a
// frame of hundreds of cells well under a millisecond; the sequences are
// lipgloss's own, so they are exactly the SGR the theme asks for.
type Ink struct{ pre, post string }

func inkOf(st lipgloss.Style) Ink {
	r := st.Render("x")
	i := strings.IndexByte(r, 'x')
	if i < 0 {
		return Ink{}
	}
	return Ink{pre: r[:i], post: r[i+1:]}
}

// Theme holds every style the screen uses, named by meaning. With colour
// off every style is empty and the screen carries no SGR sequence at all
// (focus and selection are also marked with text, so nothing is lost).
type Theme struct {
	Color bool
	Name  config.Theme // as configured (auto stays auto)
	Dark  bool         // drawn for a dark background

	OK       Ink // normal pressure, healthy figures
	Warn     Ink // warning pressure, near the cap
	Critical Ink // critical pressure, evictions, over the cap
	Idle     Ink // idle sessions and idle bars
	Working  Ink // working sessions
	Evicted  Ink // evicted / paused sessions
	Estimate Ink // coworktop's own estimates (next victim, estimated cap)
	Fact     Ink // figures the app logged
	Muted    Ink // secondary text, empty bar cells
	Title    Ink // pane titles
	Focus    Ink // the focused pane's frame and title
	Selected Ink // the selected row
	Banner   Ink // PAUSED and other banners
	Heading  Ink // column headings

	HelpKey lipgloss.Style // key names in the help bubble
}

// palette is one theme's colours by meaning, each a light/dark pair picked
// with lipgloss.LightDark once the background is known. Colours are ANSI
// indices (0–15 follow the user's terminal palette; 16–255 are fixed), so
// the renderer's profile downsampling always has an exact answer.
type palette struct {
	ok, warn, critical, idle, working, evicted, estimate, muted, focus, bannerFg, bannerBg pair
	bold                                                                                   bool // bold every coloured figure (high contrast)
	mutedDim                                                                               bool // secondary text dimmer than the rest
}

type pair struct{ light, dark string }

var palettes = map[config.Theme]palette{
	// The 16 basic colours on a dark background; on a light one, darker
	// fixed colours where the basic yellow and cyan wash out on white.
	config.ThemeAuto: {
		ok:       pair{"28", "2"},
		warn:     pair{"130", "3"},
		critical: pair{"160", "1"},
		idle:     pair{"30", "6"},
		working:  pair{"28", "2"},
		evicted:  pair{"90", "5"},
		estimate: pair{"25", "4"},
		// A fixed mid grey, not ANSI 8 (SGR 90): bright black is the
		// background itself on some dark palettes (Solarized Dark).
		muted:    pair{"243", "246"},
		focus:    pair{"25", "6"},
		bannerFg: pair{"231", "0"},
		bannerBg: pair{"130", "3"},
		mutedDim: true,
	},
	// Bold bright colours on a dark background, bold standard ones on a
	// light one; secondary text is not dimmed.
	config.ThemeHighContrast: {
		ok:       pair{"2", "10"},
		warn:     pair{"94", "11"},
		critical: pair{"1", "9"},
		idle:     pair{"4", "14"},
		working:  pair{"2", "10"},
		evicted:  pair{"5", "13"},
		estimate: pair{"4", "12"},
		focus:    pair{"0", "15"},
		bannerFg: pair{"15", "0"},
		bannerBg: pair{"0", "15"},
		bold:     true,
	},
}

// NewTheme returns the default theme for a dark background, or the plain
// one when color is false.
func NewTheme(color bool) Theme {
	if !color {
		return Theme{Name: config.ThemePlain}
	}
	return ThemeNamed(config.ThemeAuto, true)
}

// ThemeNamed builds a configured theme for a dark or a light background.
// dark and light are auto pinned to one background; plain is no colour.
func ThemeNamed(name config.Theme, dark bool) Theme {
	switch name {
	case config.ThemePlain:
		return Theme{Name: name, Dark: dark}
	case config.ThemeDark:
		dark = true
	case config.ThemeLight:
		dark = false
	}
	p, ok := palettes[name]
	if !ok {
		p = palettes[config.ThemeAuto]
	}
	t := p.build(lipgloss.LightDark(dark))
	t.Name, t.Dark = name, dark
	return t
}

// adapts says whether the theme follows the terminal's background.
func (t Theme) adapts() bool {
	return t.Color && (t.Name == config.ThemeAuto || t.Name == config.ThemeHighContrast || t.Name == "")
}

func (p palette) build(ld lipgloss.LightDarkFunc) Theme {
	c := func(pr pair) color.Color { return ld(lipgloss.Color(pr.light), lipgloss.Color(pr.dark)) }
	s := lipgloss.NewStyle
	fg := func(pr pair) lipgloss.Style { return s().Foreground(c(pr)).Bold(p.bold) }
	muted := s()
	if p.mutedDim {
		muted = s().Foreground(c(p.muted))
	}
	return Theme{
		Color:    true,
		OK:       inkOf(fg(p.ok)),
		Warn:     inkOf(fg(p.warn)),
		Critical: inkOf(fg(p.critical).Bold(true)),
		Idle:     inkOf(fg(p.idle)),
		Working:  inkOf(fg(p.working)),
		Evicted:  inkOf(fg(p.evicted)),
		Estimate: inkOf(fg(p.estimate).Italic(true)),
		Fact:     inkOf(s().Bold(true)),
		Muted:    inkOf(muted),
		Title:    inkOf(s().Bold(true)),
		Focus:    inkOf(fg(p.focus).Bold(true)),
		Selected: inkOf(s().Reverse(true).Bold(p.bold)),
		Banner:   inkOf(s().Foreground(c(p.bannerFg)).Background(c(p.bannerBg)).Bold(true)),
		Heading:  inkOf(muted.Underline(true).Bold(p.bold)),
		HelpKey:  fg(p.focus).Bold(true),
	}
}

// setBackground redraws an adapting theme for the background the terminal
// reported (tea.BackgroundColorMsg).
func (m *Model) setBackground(dark bool) {
	if !m.theme.adapts() || m.theme.Dark == dark {
		return
	}
	m.theme = ThemeNamed(m.theme.Name, dark)
	m.help.Styles = helpStyles(m.theme)
	m.footerKey = ""
	m.dirty = true
}

// nextTheme is `T`: the next theme of config.Themes, kept for `S`. With
// colour off (NO_COLOR, --no-color, not a terminal) there is none to pick.
func (m *Model) nextTheme() {
	if !m.opts.Color {
		m.notice = "T: colour is off (NO_COLOR, --no-color or TERM=dumb)"
		return
	}
	name := m.theme.Name
	if name == "" {
		name = config.ThemeAuto
	}
	i := 0
	for j, t := range config.Themes {
		if t == name {
			i = j
		}
	}
	next := config.Themes[(i+1)%len(config.Themes)]
	m.theme = ThemeNamed(next, m.theme.Dark)
	m.opts.View.Theme = next
	m.help.Styles = helpStyles(m.theme)
	m.footerKey = ""
	m.notice = "theme " + string(next) + " (S saves it)"
}

// paint renders text in style when colours are on; plain text otherwise.
func (t Theme) paint(st Ink, text string) string {
	if !t.Color || text == "" || st.pre == "" {
		return text
	}
	return st.pre + text + st.post
}
