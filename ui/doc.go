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
// governor.Sanitize and is width-truncated here before display.
package ui
