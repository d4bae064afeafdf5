// Package ui is coworktop's Bubble Tea program: the htop-style screen (header
// meters, sessions, idle ranking, evictions, competition, memory timeline,
// event log), its keymap and help, its colour theme, and the bridge that
// applies governor.Update deliveries from a channel without freezing input.
//
// It owns a *governor.State and renders State.Snapshot(clock()). It may
// import governor, config (pure: the view preferences the `S` key saves and
// the theme names) and the charm libraries (bubbletea, bubbles, lipgloss)
// only: it never reads files, samples the host or parses log text (that is
// sources/ and ingest/), keeps no rule of the model (governor/), and
// everything it prints from a log has already been sanitised by ingest with
// vocab.Sanitize and is width-truncated here before display.
//
// Every figure it shows comes from the snapshot as governor computed it
// (the live count, the governor's logged count and its age, the outlook,
// the wording of estimates and causes), so no two panes can disagree. Panes
// are sized by what they hold (sizing.go), a selection follows its session
// id whatever the order of the rows (pane.go), and the mouse finds a pane
// and a row through where the last frame drew them (mouse.go).
//
// Each pane is one entry of paneTable (panes.go): its title, its name in
// the config file, its priority for room, its place in the wide layout,
// how it sizes, renders and scrolls (a list of rows, or a drawing such as
// the memory timeline) and its keys. The layout, sizing, frames, mouse and
// keys read a pane's particulars there and nowhere else, so a new pane is
// one entry plus the file that builds it (pane_<name>.go), and
// TestPaneTableIsComplete fails when an entry lacks a part.
package ui
