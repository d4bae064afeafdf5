package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/config"
	"github.com/coworktop/coworktop/notify"
	"github.com/coworktop/coworktop/sources"
)

// testNote is what `notify --test` sends.
var testNote = notify.Note{Title: "coworktop: test notification", Message: "If you see this, coworktop can reach you this way."}

func newNotifyCmd(g *globalOptions) *cobra.Command {
	var test bool
	var signals string
	cmd := &cobra.Command{
		Use:   "notify --test",
		Short: "Send a test notification by each path and say which worked",
		Long: `notify --test sends one notification by each path coworktop has: the
desktop notifier --notify runs (terminal-notifier or osascript on macOS,
notify-send on Linux), and the terminal this runs in (OSC 9, 777 or 99, chosen
by the terminal; through tmux's passthrough too), as --terminal-signals sends
them. It says, for each, whether it went and what to allow if nothing shows.
It exits 1 when no path worked.`,
		Example: `  coworktop notify --test
  coworktop notify --test --terminal-signals on`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !test {
				return usageError("notify: say --test (it sends a test notification by each path)")
			}
			mode, err := signalsMode(signals, g)
			if err != nil {
				return err
			}
			b, berr := notify.ThisSystem()
			ok := testNotify(contextOf(cmd), g.stdout, b, berr, notify.RunExec, mode, notify.DetectTerminal(os.Getenv), isTerminal(g.stdout))
			if !ok {
				return errors.New("notify --test: no path could send a notification")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&test, "test", false, "send one test notification by each path and say which worked")
	addSignalsFlag(cmd, &signals)
	return cmd
}

// testNotify sends testNote by the OS notifier b (berr: none) and by the
// terminal t (when mode lets it and stdout is one), saying for each what
// came of it; true when at least one went.
func testNotify(ctx context.Context, w io.Writer, b notify.Backend, berr error, run notify.Exec, mode config.Signals, t notify.Terminal, tty bool) bool {
	ok := false
	switch {
	case berr != nil:
		fmt.Fprintf(w, "desktop notifier (--notify): not sent: %s\n", oneLine(berr.Error()))
	default:
		if err := run(ctx, b.Command(testNote)); err != nil {
			fmt.Fprintf(w, "desktop notifier (--notify): %s failed: %s\n", b.Name, sources.CleanText(oneLine(err.Error())))
		} else {
			ok = true
			fmt.Fprintf(w, "desktop notifier (--notify): sent by %s (%s)\n  %s\n", b.Name, sources.CleanText(b.Path), b.Allow)
		}
	}
	ok = testTerminal(w, mode, t, tty) || ok
	return ok
}

// testTerminal is testNotify's terminal path.
func testTerminal(w io.Writer, mode config.Signals, t notify.Terminal, tty bool) bool {
	const label = "terminal (--terminal-signals): "
	which := "this terminal (" + terminalName(t) + ")"
	switch {
	case mode == config.SignalsOff:
		fmt.Fprintln(w, label+"not sent: --terminal-signals is off")
		return false
	case !tty:
		fmt.Fprintln(w, label+"not sent: standard output is not a terminal")
		return false
	case !t.Known() && mode == config.SignalsAuto:
		fmt.Fprintln(w, label+"not sent: "+which+" is not known to show notifications; --terminal-signals on sends OSC 777, which many show")
		return false
	case !t.Known():
		t.OSC = notify.OSC777
	}
	fmt.Fprint(w, t.Sequence(testNote))
	via := ""
	if t.Mux != "" {
		via = ", through " + t.Mux + "'s passthrough"
		if t.Mux == "tmux" {
			via += " (tmux needs: set -g allow-passthrough all, tmux 3.4 or later; on passes it only from a visible pane)"
		}
	}
	fmt.Fprintf(w, "%ssent as %s to %s%s; the terminal shows it unless its notifications are off (a terminal shows none while its window is in front)\n", label, t.OSC, which, via)
	return true
}

// terminalName names the terminal and what said so.
func terminalName(t notify.Terminal) string {
	if t.Name == "" {
		return "TERM=" + sources.CleanText(os.Getenv("TERM"))
	}
	return t.Name + ", from " + t.Why
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	if o, ok := w.(*outWriter); ok {
		w = o.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
