package ui

import (
	"time"

	"github.com/coworktop/coworktop/third_party/bubbles/help"
	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/config"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// Mode says where the data comes from; it changes labels and which memory
// series the timeline draws.
type Mode string

// Modes.
const (
	ModeLive   Mode = "live"
	ModeDemo   Mode = "demo"
	ModeReplay Mode = "replay"
)

// Playback is the replay clock the screen can steer (space, +, -). Live and
// demo runs have none.
type Playback interface {
	Now() time.Time
	SetPaused(paused bool)
	Faster()
	Slower()
	Speed() float64
	Ended() bool
}

// Options configure a Model.
type Options struct {
	Mode     Mode
	Updates  <-chan governor.Update // nil: no feed (tests send UpdatesMsg)
	Clock    func() time.Time       // nil: time.Now; replay passes Playback.Now
	Playback Playback               // replay only
	Color    bool
	Bell     bool   // ring the terminal bell on each eviction
	Version  string // coworktop's own version, for the title line
	Refresh  time.Duration
	// Heartbeat says the feed delivers at least once per Refresh (the live
	// pipeline's machine sample), so each delivery is the redraw that makes
	// idle times climb and the screen keeps no clock of its own: a second
	// timer would wake an idle process twice a second instead of once. A
	// watchdog still redraws if deliveries stop.
	Heartbeat bool
	Limits    governor.Limits // zero: governor.DefaultLimits()
	// StallAfter and WaitLongAfter: when a busy session's silence is a
	// stall, and a wait is long (zero: the governor's defaults).
	StallAfter, WaitLongAfter time.Duration
	// Observe, when set, is called with every new snapshot (also while the
	// display is paused), on the program's goroutine: the hook for a metrics
	// exporter running beside the screen.
	Observe func(governor.Snapshot)
	// Source names where the logs come from (a folder's base name, "demo
	// scenario"), shown in the title line. Never a full path.
	Source string
	// View is the config file's sort, panes, theme and mouse; SaveView,
	// when set, writes the current one back (`S`) and says where.
	View     View
	SaveView func(View) (string, error)
	// Warning is shown in the footer at start, until the first key.
	Warning string
	// Open, when set, opens a session in the desktop app (the `o` key):
	// the command package's launcher. It runs off the program's
	// goroutine and prepares the command (OpenResult.Exec), which the
	// program runs on the terminal. Nil: `o` shows the command to run
	// instead.
	Open func(OpenRequest) OpenResult
	// Signals, when set, are the terminal signals (signals.go).
	Signals *Signals
}

// UpdatesMsg carries pipeline deliveries into Update. The feed bridge sends
// it; tests send it directly.
type UpdatesMsg []governor.Update

// FeedClosedMsg says the pipeline's channel was closed.
type FeedClosedMsg struct{}

// TickMsg is the once-a-second redraw that makes idle times climb.
type TickMsg time.Time

// applyMoreMsg asks Update to apply the next chunk of a large delivery.
type applyMoreMsg struct{}

// Model is the root of the program. It owns the governor State.
type Model struct {
	opts  Options
	state *governor.State
	clock func() time.Time
	theme Theme
	keys  KeyMap
	// quotaShown is the text the Quota meter drew last (header_quota.go):
	// the facts beside it name the windows it had no room for.
	quotaShown string
	help       help.Model
	// footerKey/footerText cache the short help line: it changes only with
	// the width or a binding being switched, not every second.
	footerKey, footerText string

	width, height int

	snap        governor.Snapshot // what the screen shows
	frozen      bool              // space: display paused, data still applied
	frame       string            // cached rendering of snap at width×height
	refreshedAt time.Time         // wall time of the last snapshot
	dirty       bool
	feedDone    bool
	watchdog    *time.Timer // Heartbeat only: fires when deliveries stop
	evictions   int         // Counts.Evictions at the last bell check

	// pending holds deliveries not applied yet; a burst is applied in chunks
	// so input stays responsive.
	pending   []governor.Update
	pendingAt int // events of pending[0] already applied

	focus    paneID
	panes    []paneState // by paneID: one per entry of paneTable
	showLog  bool
	zoomed   bool
	showHelp bool
	// hits are the panes of the last frame, where the mouse finds them;
	// frameContent caches each pane's content while one frame is drawn.
	hits         []paneHit
	frameContent map[string]content
	// helpOffset is the first help line shown (the help scrolls).
	helpOffset int
	details    string // session id whose history is open, or ""
	filterOn   bool   // typing a filter for the focused pane
	sortBy     sessionSort
	sorted     sortCache // the Sessions pane's order of the snapshot shown (pane_sessions.go)
	// laidOut is the Sessions pane's layout of the snapshot shown
	// (sessions_layout_cache.go).
	laidOut layoutCache
	// timelineMarks are the memory timeline's marks of the outcomes
	// shown (timeline_marks.go).
	timelineMarks markList
	// loggedSeries is the timeline's series of the app's memory samples
	// shown (timeline_logged.go).
	loggedSeries loggedSeries
	// nextWords are the NEXT cells of the snapshot shown (next_text.go).
	nextWords nextMemo
	// evOthers counts the Evictions pane's outcome rows of the outcomes
	// shown (pane_evictions.go).
	evOthers evShownCount
	// logIndex is the Event log pane's lines shown of the event log
	// shown (eventlog_shown.go).
	logIndex logIndex
	order    []paneID // the configured pane order (hidden ones left out)
	notice   string   // one-off footer message (`S`), until the next key
	// names maps session ids to their names (sessionName), for the
	// snapshots of namesOf's list of sessions (names.go).
	names   map[string]string
	namesOf namesKey
	// dupNames counts the sessions of each name (rowName), for the
	// snapshots of dupOf's list.
	dupNames map[string]int
	dupOf    namesKey
	// happened is what just happened (the line under the meters), of the
	// snapshot shown; onHappened: the cursor is on that line (↑ from a
	// pane's top row), so enter opens its details.
	happened   *words.Happening
	onHappened bool
	// openText is the full text of the row opened with enter (openRow),
	// scrolled to openOffset; nil when none is open.
	openText   []string
	openOffset int
	// opening: an o is finding or running the CLI; another waits.
	opening bool
	// outbox holds terminal notifications for the program to write;
	// statusOK: the terminal answered the OSC 7501 query; quitting: the
	// last view clears the status.
	outbox   []string
	statusOK bool
	quitting bool
}

// New returns a model ready to run.
func New(opts Options) *Model {
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.Refresh <= 0 {
		opts.Refresh = time.Second
	}
	if opts.Limits == (governor.Limits{}) {
		opts.Limits = governor.DefaultLimits()
	}
	if opts.Mode == "" {
		opts.Mode = ModeLive
	}
	m := &Model{
		opts:  opts,
		state: newState(opts),
		clock: opts.Clock,
		theme: NewTheme(false),
		keys:  DefaultKeyMap(opts.Playback != nil),
		help:  help.New(),
		dirty: true,
		panes: make([]paneState, len(paneTable)),
	}
	if opts.Color {
		name := opts.View.Theme
		if name == "" {
			name = config.ThemeAuto
		}
		m.theme = ThemeNamed(name, true)
	}
	m.help.Styles = helpStyles(m.theme)
	m.applyView()
	m.notice = opts.Warning
	m.snap = m.state.Snapshot(m.clock())
	return m
}

// Init starts the tick and the feed.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.tick(), waitForUpdates(m.opts.Updates)}
	if m.theme.adapts() {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	if c := m.signalsInit(); c != nil {
		cmds = append(cmds, c)
	}
	return tea.Batch(cmds...)
}

// State exposes the model's governor state (read-only use, for tests).
func (m *Model) State() *governor.State { return m.state }

func (m *Model) tick() tea.Cmd {
	if m.opts.Heartbeat {
		return m.armWatchdog()
	}
	d := m.opts.Refresh
	// Align to the clock's second so idle figures change together.
	now := time.Now()
	wait := d - time.Duration(now.UnixNano())%d
	if wait < d/10 {
		wait += d
	}
	return tea.Tick(wait, func(t time.Time) tea.Msg { return TickMsg(t) })
}

// Update applies one message, and hands the program the terminal
// notifications it brought.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := m.update(msg)
	if out := m.takeOutbox(); out != nil {
		return m, tea.Batch(cmd, out)
	}
	return m, cmd
}

func (m *Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.ProgramStatusSupportMsg:
		m.statusOK = true
		return m, nil
	case tea.ResumeMsg:
		m.dirty = true // back from ctrl+z: draw the whole screen again
		return m, nil
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.SetWidth(msg.Width)
		m.dirty = true
		return m, nil
	case TickMsg:
		// A delivery (the pipeline's host sample) may have just redrawn; one
		// redraw per refresh interval is enough.
		if time.Since(m.refreshedAt) >= m.opts.Refresh/2 {
			m.refresh()
		}
		return m, m.tick()
	case UpdatesMsg:
		m.pending = append(m.pending, msg...)
		return m, m.applyPending()
	case applyMoreMsg:
		return m, m.applyPending()
	case FeedClosedMsg:
		m.feedDone = true
		m.refresh()
		return m, nil
	case tea.KeyPressMsg:
		return m, m.handleKey(msg)
	case tea.BackgroundColorMsg:
		m.setBackground(msg.IsDark())
		return m, nil
	case viewSavedMsg:
		m.viewSaved(msg)
		return m, nil
	case openedMsg:
		return m, m.opened(msg)
	case tea.MouseWheelMsg:
		m.handleWheel(msg)
		return m, nil
	case tea.MouseClickMsg:
		m.handleClick(msg)
		return m, nil
	}
	return m, nil
}

// armWatchdog (re)starts the Heartbeat watchdog and returns the command
// that waits for it. Only one command waits at a time: later redraws just
// push the timer back (refresh), which wakes nobody.
func (m *Model) armWatchdog() tea.Cmd {
	if m.watchdog == nil {
		m.watchdog = time.NewTimer(m.watchdogAfter())
	} else {
		m.watchdog.Reset(m.watchdogAfter())
	}
	c := m.watchdog.C
	return func() tea.Msg { return TickMsg(<-c) }
}

// watchdogAfter leaves the heartbeat a quarter interval of jitter before the
// screen redraws on its own.
func (m *Model) watchdogAfter() time.Duration { return m.opts.Refresh + m.opts.Refresh/4 }

// refresh takes a new snapshot unless the display is paused.
func (m *Model) refresh() {
	if m.watchdog != nil {
		m.watchdog.Reset(m.watchdogAfter())
	}
	if m.frozen && m.opts.Observe == nil && m.opts.Signals == nil {
		return
	}
	m.refreshedAt = time.Now()
	snap := m.state.Snapshot(m.clock())
	if m.opts.Observe != nil {
		m.opts.Observe(snap)
	}
	if s := m.opts.Signals; s != nil && s.Notes != nil {
		m.outbox = append(m.outbox, s.Notes(snap)...)
	}
	if !m.frozen {
		m.snap = snap
		m.happened = words.JustHappened(&m.snap) // once a snapshot, not once a frame
		m.dirty = true
	}
}

// View renders the screen (cached between changes).
func (m *Model) View() tea.View {
	if m.dirty || m.frame == "" {
		m.frame = m.render()
		m.dirty = false
	}
	v := tea.NewView(m.frame)
	v.AltScreen = true
	if !m.opts.View.NoMouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	v.WindowTitle = "coworktop"
	m.signalView(&v)
	return v
}

// newState is the model's State with the options' thresholds.
func newState(opts Options) *governor.State {
	st := governor.New(opts.Limits)
	st.SetStallThresholds(opts.StallAfter, opts.WaitLongAfter)
	return st
}
