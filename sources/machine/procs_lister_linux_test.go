package machine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestParseProcStat(t *testing.T) {
	p, ok := parseProcStat(42, []byte("42 (Claude Helper (Renderer)) S 7 42 42 0 -1 4194560 ..."), 4096)
	if !ok || p.Name != "Claude Helper (Renderer)" || p.PPID != 7 || p.PID != 42 {
		t.Fatalf("got %+v %v", p, ok)
	}
	if _, ok := parseProcStat(1, []byte("garbage"), 4096); ok {
		t.Fatal("garbage parsed")
	}
}

func TestLinuxListerSeesItself(t *testing.T) {
	procs, err := (&linuxLister{}).List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range procs {
		if p.PID == os.Getpid() && p.PPID == os.Getppid() && p.Name != "" {
			return
		}
	}
	t.Fatalf("own process not listed among %d", len(procs))
}

// TestLinuxListerReadsTimesAndMemory: the listing itself gives CPU time,
// memory and the start of each process (no second read per candidate).
func TestLinuxListerReadsTimesAndMemory(t *testing.T) {
	procs, err := (&linuxLister{}).List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range procs {
		if p.PID == os.Getpid() {
			if !p.CPUKnown || !p.RSSKnown || p.RSS == 0 || p.CreateTime <= 0 {
				t.Fatalf("own process listed without CPU, memory or start: %+v", p)
			}
			return
		}
	}
	t.Fatal("own process not listed")
}

// startZombie starts a child that exits at once and is not waited for,
// and returns its pid once /proc says it is a zombie.
func startZombie(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil {
		t.Skipf("no true to run: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Wait() })
	pid := cmd.Process.Pid
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err == nil && bytes.Contains(b, []byte(") Z ")) {
			return pid
		}
	}
	t.Fatal("the child never became a zombie")
	return 0
}

// TestZombieIsNotListed: a process that exited but whose status its parent
// has not collected is gone (issue 53 R12).
func TestZombieIsNotListed(t *testing.T) {
	pid := startZombie(t)
	procs, err := (&linuxLister{}).List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range procs {
		if p.PID == pid {
			t.Fatalf("zombie %d listed: %+v", pid, p)
		}
	}
}

// TestCommandLineReadOnlyAsFarAsNeeded: a process with 100 KB of
// arguments costs a read of procCmdlineMax bytes, not of all of them
// (issue 53 R9).
func TestCommandLineReadOnlyAsFarAsNeeded(t *testing.T) {
	long := strings.Repeat("x", 100<<10)
	// sh waits in its own `read`, not in a child: a child (a sleep) would
	// outlive the kill below, and CI counts what the tests leave running.
	cmd := exec.Command("sh", "-c", "read x", "coworktop-test", "--resume", "abc", long)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("no sh to run: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = stdin.Close(); _ = cmd.Wait() })
	// Start returns once the child forked, maybe before its exec: wait
	// until its command line is sh's (it was read empty on a busy host).
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", cmd.Process.Pid)); bytes.Contains(b, []byte("coworktop-test")) || time.Now().After(deadline) {
			break
		}
	}
	p := ProcInfo{PID: cmd.Process.Pid}
	if err := readIdentity(&p, make([]byte, procCmdlineMax)); err != nil {
		t.Fatal(err)
	}
	total := len(p.Args) - 1 // the NULs between them
	for _, a := range p.Args {
		total += len(a)
	}
	if total > procCmdlineMax || len(p.Args) != 7 || p.Args[5] != "abc" {
		t.Fatalf("read %d bytes of arguments (at most %d), args %d: %.80q", total, procCmdlineMax, len(p.Args), p.Args)
	}
}

// TestDetailKeepsIdentityWhileStartHolds: a candidate's exe and arguments
// are read once and kept while its start is the same; a new start (a
// reused pid) reads them again.
func TestDetailKeepsIdentityWhileStartHolds(t *testing.T) {
	l := &linuxLister{}
	procs, err := l.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var self ProcInfo
	for _, p := range procs {
		if p.PID == os.Getpid() {
			self = p
		}
	}
	first := []ProcInfo{self}
	if err := l.Detail(context.Background(), first); err != nil || len(first[0].Args) == 0 {
		t.Fatalf("detail: %v %+v", err, first[0])
	}
	// Mark what was kept: a second detail at the same start must give the
	// kept arguments, not read them again.
	id := l.known[self.PID]
	id.args = []string{"kept"}
	l.known[self.PID] = id
	again := []ProcInfo{self}
	if err := l.Detail(context.Background(), again); err != nil || len(again[0].Args) != 1 || again[0].Args[0] != "kept" {
		t.Fatalf("same start: args %q, want the kept ones", again[0].Args)
	}
	reused := self
	reused.CreateTime++
	fresh := []ProcInfo{reused}
	if err := l.Detail(context.Background(), fresh); err != nil || len(fresh[0].Args) == 0 || fresh[0].Args[0] == "kept" {
		t.Fatalf("new start: args %q, want them read again", fresh[0].Args)
	}
}
