//go:build linux

package cmd

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// simGODEBUG makes a process report its own Go heap and goroutines on its
// standard error, without a debug endpoint in the product: every GC its
// live heap (gctrace), and every period a scheduler dump that lists each
// goroutine (schedtrace with scheddetail).
func simGODEBUG(period time.Duration) string {
	return fmt.Sprintf("GODEBUG=gctrace=1,schedtrace=%d,scheddetail=1", max(1000, period.Milliseconds()))
}

// runtimeTail reads what simGODEBUG makes a process print, from where the
// last read stopped: the live heap after the latest GC and the goroutines
// of the latest complete scheduler dump (the runtime's list: its own
// goroutines included, dead ones not).
type runtimeTail struct {
	path       string
	off        int64
	rest       []byte
	heapMB     int
	goroutines int
	inDump     bool
	dumpGs     int
}

var gcLive = regexp.MustCompile(`^gc \d+ @.* (\d+)->(\d+)->(\d+) MB`)

func (r *runtimeTail) read() {
	f, err := os.Open(r.path)
	if err != nil {
		return
	}
	defer f.Close()
	if _, err := f.Seek(r.off, 0); err != nil {
		return
	}
	var buf bytes.Buffer
	n, _ := buf.ReadFrom(f)
	r.off += n
	data := append(r.rest, buf.Bytes()...)
	i := bytes.LastIndexByte(data, '\n')
	if i < 0 {
		r.rest = data
		return
	}
	r.rest = append([]byte(nil), data[i+1:]...)
	for _, l := range strings.Split(string(data[:i]), "\n") {
		r.line(l)
	}
}

func (r *runtimeTail) line(l string) {
	switch {
	case strings.HasPrefix(l, "SCHED "):
		if r.inDump {
			r.goroutines = r.dumpGs
		}
		r.inDump, r.dumpGs = true, 0
	case strings.HasPrefix(l, "  G"):
		if !strings.Contains(l, "status=6") {
			r.dumpGs++
		}
	case strings.HasPrefix(l, "  P"), strings.HasPrefix(l, "  M"):
	default:
		if r.inDump && r.dumpGs > 0 {
			r.goroutines, r.inDump = r.dumpGs, false
		}
		if m := gcLive.FindStringSubmatch(l); m != nil {
			r.heapMB, _ = strconv.Atoi(m[3])
		}
	}
}

// simTUI is the live view in tmux, a third process beside serve and
// events --follow; nil without tmux.
type simTUI struct {
	tmux []string
	pid  int
	rt   *runtimeTail
}

func startSimTUI(t *testing.T, bin, logs, recs string, env []string, stderr string) *simTUI {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Log("RELIABILITY simday: no tmux, the live view is not run")
		return nil
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "live.sh")
	var sb strings.Builder
	sb.WriteString("#!/bin/sh\n")
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k != "COWORKTOP_CPUPROFILE" && k != "COWORKTOP_MEMPROFILE" && regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`).MatchString(k) {
			fmt.Fprintf(&sb, "export %s=%s\n", k, shQuote(v))
		}
	}
	if prof := os.Getenv("COWORKTOP_SIMDAY_LIVE_PROFILE"); prof != "" { // the live view's CPU profile, written at q
		fmt.Fprintf(&sb, "export COWORKTOP_CPUPROFILE=%s\n", shQuote(prof))
	}
	if prof := os.Getenv("COWORKTOP_SIMDAY_LIVE_MEMPROFILE"); prof != "" { // its heap profile, written at q
		fmt.Fprintf(&sb, "export COWORKTOP_MEMPROFILE=%s\n", shQuote(prof))
	}
	fmt.Fprintf(&sb, "export TERM=xterm-256color\nexec %s --log-dir %s --records-dir %s 2>%s\n", shQuote(bin), shQuote(logs), shQuote(recs), shQuote(stderr))
	if err := os.WriteFile(script, []byte(sb.String()), 0o700); err != nil {
		t.Fatal(err)
	}
	s := &simTUI{tmux: []string{"-f", "/dev/null", "-S", filepath.Join(dir, "tmux.sock")}, rt: &runtimeTail{path: stderr}}
	if out, err := exec.Command("tmux", append(s.tmux, "new-session", "-d", "-x", "120", "-y", "40", script)...).CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v\n%s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("tmux", append(s.tmux, "kill-server")...).Run() })
	out, err := exec.Command("tmux", append(s.tmux, "list-panes", "-F", "#{pane_pid}")...).Output()
	if err != nil {
		t.Fatal(err)
	}
	if s.pid, err = strconv.Atoi(strings.TrimSpace(string(out))); err != nil {
		t.Fatalf("pane pid %q: %v", out, err)
	}
	return s
}

var tuiLinesRe = regexp.MustCompile(`main\.log [a-z]+ \((\d+) lines`)

// lines is what the live view's status line says it has read, -1 if it
// says nothing.
func (s *simTUI) lines() int {
	out, err := exec.Command("tmux", append(s.tmux, "capture-pane", "-p")...).Output()
	if err != nil {
		return -1
	}
	m := tuiLinesRe.FindSubmatch(out)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

func (s *simTUI) quit() {
	_ = exec.Command("tmux", append(s.tmux, "send-keys", "q")...).Run()
}

func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
