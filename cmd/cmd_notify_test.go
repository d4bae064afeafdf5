package cmd

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/config"
	"github.com/coworktop/coworktop/notify"
)

// notify --test says what came of each path, and works out whether any
// did.
func TestNotifyTestPaths(t *testing.T) {
	b := notify.Backend{Name: "notify-send", Path: "/usr/bin/notify-send", Command: notify.NotifySendCommand, Allow: "allow it"}
	var ran [][]string
	okRun := func(_ context.Context, argv []string) error { ran = append(ran, argv); return nil }
	failRun := func(context.Context, []string) error { return errors.New("notify: notify-send: exit status 1") }
	ghostty := notify.Terminal{Name: "Ghostty", OSC: notify.OSC777, Why: "TERM_PROGRAM=ghostty"}
	for _, c := range []struct {
		name   string
		berr   error
		run    notify.Exec
		mode   config.Signals
		term   notify.Terminal
		tty    bool
		ok     bool
		wants  []string
		absent []string
	}{
		{"both", nil, okRun, config.SignalsAuto, ghostty, true, true,
			[]string{"sent by notify-send (/usr/bin/notify-send)", "\x1b]777;notify;coworktop: test notification;", "sent as OSC 777 to this terminal (Ghostty, from TERM_PROGRAM=ghostty)"}, nil},
		{"not a terminal", nil, okRun, config.SignalsAuto, ghostty, false, true,
			[]string{"sent by notify-send", "not sent: standard output is not a terminal"}, []string{"\x1b]"}},
		{"notifier fails, terminal unknown", nil, failRun, config.SignalsAuto, notify.Terminal{}, true, false,
			[]string{"notify-send failed: notify: notify-send: exit status 1", "is not known to show notifications"}, []string{"\x1b]"}},
		{"no notifier, forced on", notify.ErrUnsupported, okRun, config.SignalsOn, notify.Terminal{Mux: "tmux"}, true, true,
			[]string{"not sent: desktop notifications are not supported", "\x1bPtmux;\x1b\x1b]777;notify;", "through tmux's passthrough (tmux needs: set -g allow-passthrough all, tmux 3.4 or later; on passes it only from a visible pane)"}, nil},
		{"off", notify.ErrUnsupported, okRun, config.SignalsOff, ghostty, true, false, []string{"not sent: --terminal-signals is off"}, []string{"\x1b]"}},
	} {
		var w strings.Builder
		if ok := testNotify(context.Background(), &w, b, c.berr, c.run, c.mode, c.term, c.tty); ok != c.ok {
			t.Errorf("%s: worked %v, want %v:\n%s", c.name, ok, c.ok, w.String())
		}
		for _, want := range c.wants {
			if !strings.Contains(w.String(), want) {
				t.Errorf("%s: lacks %q:\n%q", c.name, want, w.String())
			}
		}
		for _, bad := range c.absent {
			if strings.Contains(w.String(), bad) {
				t.Errorf("%s: has %q:\n%q", c.name, bad, w.String())
			}
		}
	}
	if len(ran) != 2 || ran[0][0] != "notify-send" {
		t.Errorf("the notifier ran %q", ran)
	}
	if _, _, code := runCLI(t, "notify"); code != 2 {
		t.Errorf("notify without --test: exit %d, want 2", code)
	}
}
