package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/config"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/notify"
	"github.com/coworktop/coworktop/ui"
)

// terminalSignals are the live screen's signals through its terminal
// (--terminal-signals): the notifications notify words for --notify, the
// ones SignalKinds names framed for this terminal, plus the window title
// and the pane's status. With --notify too, one notifier words every note
// once and both paths deliver it.
type terminalSignals struct {
	term notify.Terminal
	n    *notify.Notifier
	os   *noteSender // --notify: every note also goes to the OS notifier
}

// addSignalsFlag registers --terminal-signals.
func addSignalsFlag(cmd *cobra.Command, mode *string) {
	cmd.Flags().StringVar(mode, "terminal-signals", "", "signal through the terminal: a notification (OSC 9/777/99, through tmux too) when a session starts waiting for you or its wait puts it at risk, before an update restart and at an eviction; the window title; the pane's status (OSC 7501): auto (where the terminal is known to show them), on or off (default: the config's terminal_signals, auto)")
}

// signalsMode is the flag's value, else the config file's; auto when
// neither says.
func signalsMode(flag string, g *globalOptions) (config.Signals, error) {
	m := config.Signals(flag)
	if flag == "" {
		m = g.cfg.TerminalSignals
	}
	if m == "" {
		m = config.SignalsAuto
	}
	for _, ok := range config.AllSignals {
		if m == ok {
			return m, nil
		}
	}
	return "", usageError("--terminal-signals %q: want auto, on or off", string(m))
}

// newTerminalSignals is the signals for this terminal, or nil when mode
// (auto on a terminal not known to show them, or off) says none. on for a
// terminal not known gets OSC 777, the most widely shown.
func newTerminalSignals(mode config.Signals, getenv func(string) string, waitingAfter time.Duration) *terminalSignals {
	t := notify.DetectTerminal(getenv)
	switch {
	case mode == config.SignalsOff, mode == config.SignalsAuto && !t.Known():
		return nil
	case !t.Known():
		t.OSC = notify.OSC777
	}
	n := notify.NewWith(nil, nil)
	n.IgnoreBefore(productNow()) // the screen cannot tell backfill from live updates
	n.SetWaitingAfter(waitingAfter)
	return &terminalSignals{term: t, n: n}
}

// notes words what changed (once per event), hands every note to the OS
// notifier with --notify, and returns the terminal's sequences.
func (s *terminalSignals) notes(snap governor.Snapshot) []string {
	notes := s.n.Changes(snap, false)
	if s.os != nil {
		s.os.send(notes)
	}
	var seqs []string
	for _, note := range notes {
		if !notify.SignalKinds(note.Kind) {
			continue
		}
		if seq := s.term.Sequence(note); seq != "" {
			seqs = append(seqs, seq)
		}
	}
	return seqs
}

// ui is the screen's side of the signals.
func (s *terminalSignals) ui() *ui.Signals {
	return &ui.Signals{Notes: s.notes, Title: true, Status: true}
}

// liveSignals resolves the mode and builds the signals; nil when off.
func liveSignals(flag string, g *globalOptions) (*terminalSignals, error) {
	mode, err := signalsMode(flag, g)
	if err != nil {
		return nil, err
	}
	return newTerminalSignals(mode, os.Getenv, g.notifyWaiting), nil
}

// printSignals is doctor's line on the terminal signals: what auto does in
// this terminal, and by which sequence.
func printSignals(w io.Writer, mode config.Signals, t notify.Terminal) {
	label := "terminal signals (--terminal-signals " + string(mode) + "): "
	switch {
	case mode == config.SignalsOff:
		fmt.Fprintln(w, label+"off")
	case !t.Known() && mode == config.SignalsAuto:
		fmt.Fprintln(w, label+"off: this terminal ("+terminalName(t)+") is not known to show notifications; --terminal-signals on sends OSC 777")
	default:
		if !t.Known() {
			t.OSC = notify.OSC777
		}
		via := ""
		if t.Mux != "" {
			via = ", through " + t.Mux + "'s passthrough"
		}
		fmt.Fprintf(w, "%son: notifications as %s to this terminal (%s)%s, the window title, OSC 7501 where the terminal answers\n", label, t.OSC, terminalName(t), via)
	}
}

// printDoctorActing is doctor's lines on acting: the terminal signals the
// live screen would send here, and the CLI `o` would run.
func printDoctorActing(ctx context.Context, g *globalOptions) {
	mode, err := signalsMode("", g)
	if err != nil {
		mode = config.SignalsAuto
	}
	printSignals(g.stdout, mode, notify.DetectTerminal(os.Getenv))
	printOpenCLI(ctx, g.stdout, recordDirs(g))
}
