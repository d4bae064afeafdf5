//go:build linux

package cmd

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal pair of 120×40 (Linux's /dev/ptmx): the
// screen draws on the other end, the test reads every byte it writes.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(m.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlSetWinsize(int(s.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 40, Col: 120}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close(); s.Close() })
	return m, s
}

// ptyRun is the live screen running on a pseudo-terminal, and what it
// wrote so far.
type ptyRun struct {
	master *os.File
	mu     sync.Mutex
	out    bytes.Buffer
	done   chan struct{}
}

func (r *ptyRun) output() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.out.String()
}

// startScreen runs coworktop's live screen over the records fixture (a
// desktop session waiting 12 minutes on a permission prompt) in a
// pseudo-terminal whose environment names the terminal (env).
func startScreen(t *testing.T, env []string, args ...string) *ptyRun {
	t.Helper()
	logs, records := recordsFixture(t)
	master, slave := openPTY(t)
	home := t.TempDir()
	cmd := exec.Command(buildCoworktop(t), append([]string{"--log-dir", logs, "--records-dir", records, "--notify-waiting", "1m"}, args...)...)
	cmd.Env = append([]string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "cfg"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache"),
		"PATH=" + t.TempDir(), "LANG=C.UTF-8"}, env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := &ptyRun{master: master, done: make(chan struct{})}
	go func() {
		defer close(r.done)
		buf := make([]byte, 32<<10)
		for {
			n, err := master.Read(buf)
			r.mu.Lock()
			r.out.Write(buf[:n])
			r.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		_, _ = master.Write([]byte("q"))
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
	})
	return r
}

// waitFor polls the output until it holds want, or fails.
func (r *ptyRun) waitFor(t *testing.T, want string, timeout time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if strings.Contains(r.output(), want) {
			return
		}
	}
	t.Fatalf("the screen never wrote %q; it wrote:\n%q", want, tail(r.output(), 3000))
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

const waitingNote = "coworktop: waiting for you"

// Under a pseudo-terminal whose environment says Ghostty, the waiting
// session's notification goes out as OSC 777, once; the title counts it;
// and once the terminal answers the OSC 7501 query, the pane's status is
// blocked.
func TestTerminalSignalsUnderPTY(t *testing.T) {
	t.Parallel()
	r := startScreen(t, []string{"TERM=xterm-ghostty", "TERM_PROGRAM=ghostty"})
	// Its words are notify's, the at-risk form when the wait puts it at risk.
	r.waitFor(t, "\x1b]777;notify;"+waitingNote+";API gateway: rate limits has waited 12m for you (approve Bash)", 20*time.Second)
	if !regexp.MustCompile("\x1b\\]777;notify;[^\x1b\a]*\a").MatchString(r.output()) {
		t.Fatalf("the notification is not one whole sequence:\n%q", tail(r.output(), 2000))
	}
	r.waitFor(t, "coworktop · needs you 1", 5*time.Second)
	r.waitFor(t, "\x1b]7501;?", 5*time.Second)
	if strings.Contains(r.output(), "\x1b]7501;state=") {
		t.Fatal("a status was reported before the terminal answered the query")
	}
	_, _ = r.master.Write([]byte("\x1b]7501;?\x1b\\")) // the terminal takes reports
	r.waitFor(t, "\x1b]7501;state=blocked:app=coworktop:msg=", 5*time.Second)
	time.Sleep(2500 * time.Millisecond) // more refreshes: the same wait is not told again
	if n := strings.Count(r.output(), waitingNote); n != 1 {
		t.Fatalf("the wait was told %d times", n)
	}
	_, _ = r.master.Write([]byte("q")) // quitting leaves no blocked status behind
	r.waitFor(t, "\x1b]7501;state=clear", 5*time.Second)
}

// kitty inside tmux: OSC 99, wrapped for tmux's passthrough.
func TestTerminalSignalsKittyInTmux(t *testing.T) {
	t.Parallel()
	r := startScreen(t, []string{"TERM=tmux-256color", "TERM_PROGRAM=tmux", "TMUX=/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID=3"})
	r.waitFor(t, ":d=0;"+waitingNote+"\x1b\x1b\\\x1b\x1b]99;i=coworktop-", 20*time.Second)
	if !regexp.MustCompile("\x1bPtmux;\x1b\x1b\\]99;i=(coworktop-[0-9a-f]{8}):d=0;coworktop: waiting for you\x1b\x1b\\\\\x1b\x1b\\]99;i=(coworktop-[0-9a-f]{8}):p=body;API gateway[^\x1b]*\x1b\x1b\\\\\x1b\\\\").MatchString(r.output()) {
		t.Fatalf("not one wrapped OSC 99 pair:\n%q", tail(r.output(), 2000))
	}
}

// A terminal not known to show them gets no notification and keeps its
// title under auto; --terminal-signals on sends OSC 777 all the same.
func TestTerminalSignalsAutoAndOn(t *testing.T) {
	t.Parallel()
	quiet := startScreen(t, []string{"TERM=xterm-256color"})
	on := startScreen(t, []string{"TERM=xterm-256color"}, "--terminal-signals", "on")
	on.waitFor(t, "\x1b]777;notify;"+waitingNote, 20*time.Second)
	quiet.waitFor(t, "needs you 1", 5*time.Second) // its screen shows the wait
	time.Sleep(time.Second)
	if out := quiet.output(); strings.Contains(out, waitingNote) || strings.Contains(out, "coworktop · needs you") || strings.Contains(out, "7501") {
		t.Fatalf("auto on an unknown terminal signalled:\n%q", tail(out, 2000))
	}
}

// notify --test in a pseudo-terminal whose environment says WezTerm, with
// a stand-in notify-send: both paths send, and it says so.
func TestNotifyTestSendsByEachPath(t *testing.T) {
	t.Parallel()
	master, slave := openPTY(t)
	bin, calls := t.TempDir(), filepath.Join(t.TempDir(), "calls")
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done >> '" + calls + "'\n"
	if err := os.WriteFile(filepath.Join(bin, "notify-send"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	cmd := exec.Command(buildCoworktop(t), "notify", "--test")
	cmd.Env = []string{"HOME=" + home, "XDG_CONFIG_HOME=" + home, "PATH=" + bin, "TERM=xterm-256color", "TERM_PROGRAM=WezTerm"}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	var out bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			out.Write(buf[:n])
			if err != nil || bytes.Contains(out.Bytes(), []byte("terminal (--terminal-signals): ")) && bytes.Count(out.Bytes(), []byte("\n")) >= 3 {
				return
			}
		}
	}()
	if err := cmd.Run(); err != nil {
		t.Fatalf("notify --test: %v", err)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	got := out.String()
	for _, want := range []string{"\x1b]777;notify;coworktop: test notification;If you see this, coworktop can reach you this way.\a",
		"desktop notifier (--notify): sent by notify-send", "terminal (--terminal-signals): sent as OSC 777 to this terminal (WezTerm, from TERM_PROGRAM=WezTerm)"} {
		if !strings.Contains(got, want) {
			t.Errorf("notify --test lacks %q:\n%q", want, got)
		}
	}
	if b, _ := os.ReadFile(calls); !strings.Contains(string(b), "coworktop: test notification") {
		t.Errorf("notify-send got %q", b)
	}
}
