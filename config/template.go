package config

import (
	"fmt"
	"sync"
)

// Template is what `coworktop config init` writes: every key at its default,
// each with a comment saying what it takes. It parses to Default(); the
// panes' lists come from AllPanes and Default. It is made at first use, not
// by an initialiser: every start (the status line's among them) ran it
// (issue 49).
var Template = sync.OnceValue(func() string {
	return fmt.Sprintf(template, quotedList(Default().Panes.Order), quotedList(Default().Panes.Hidden))
})

// quotedList is panes as a TOML list: ["sessions", "log"].
func quotedList(panes []Pane) string {
	return "[" + quoted(panes) + "]"
}

const template = `# coworktop's config file. Every key is optional: a missing one keeps its
# default, shown here. Command-line flags override the file. In the live
# screen, S saves the current sort, panes, theme and mouse setting back here
# (rewriting the file without these comments).

# Screen and sampling refresh interval, from 100ms to 1h (--refresh).
refresh = "1s"

# The Sessions pane's order: urgent (needs you, at risk soonest first,
# stalled, then by idle time), recent, idle, project or started (s cycles).
sort = "urgent"

# Colours: auto (light or dark, from the terminal's background), dark,
# light, high-contrast, or plain (none; NO_COLOR and --no-color do the same).
theme = "auto"

# Mouse: the wheel scrolls the pane under it. false leaves the mouse to the
# terminal (selecting text, for one).
mouse = true

# A desktop notification on an eviction or a pressure level change, in the
# live screen and in serve (--notify).
notify = false

# Signals through the terminal the screen runs in: a notification (OSC 9,
# 777 or 99, through tmux too) when a session starts waiting for you, when a
# wait puts it at risk, before an update restart and at an eviction; the
# window title ("coworktop · needs you 1"); and the pane's status where the
# terminal answers the OSC 7501 query. auto: only where the terminal is
# known to show them; on; off (--terminal-signals).
terminal_signals = "auto"

[journal]
# What coworktop keeps of the logs after they rotate (coworktop journal):
# this many days, or this many megabytes, whichever comes first.
keep_days = 90
max_mb = 200

[panes]
# The panes in tab order; the wide layout fills its rows in this order
# (two side by side, the timeline and the event log across). A pane left
# out takes its default place.
order = %s
# Panes hidden at start (l shows the event log).
hidden = %s
`
