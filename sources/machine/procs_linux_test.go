//go:build linux

package machine

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coworktop/coworktop/host"
)

// A copy of this test binary, started with standInEnv set, becomes a
// stand-in process: it ignores its arguments and sleeps, so the kernel
// shows it under the copy's name with whatever argv the test chose. It
// can start one child of its own (standInChildEnv: path and args, joined by
// "\x1f"), to prove the roll-up through real ppids.
const (
	standInEnv      = "COWORKTOP_STANDIN"
	standInChildEnv = "COWORKTOP_STANDIN_CHILD"
)

func init() {
	if os.Getenv(standInEnv) != "1" {
		return
	}
	// Exit when the test that started us goes away, whatever happens to
	// it: the parent is read before anything else can take time, so a
	// parent killed early is still seen to go.
	parent := os.Getppid()
	if child := os.Getenv(standInChildEnv); child != "" {
		argv := strings.Split(child, "\x1f")
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env = []string{standInEnv + "=1"}
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		_ = cmd.Start()
	}
	go func() {
		for os.Getppid() == parent {
			time.Sleep(200 * time.Millisecond)
		}
		os.Exit(0)
	}()
	time.Sleep(10 * time.Minute)
	os.Exit(0)
}

func copyExe(t *testing.T, dir, name string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.Open(self)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst := filepath.Join(dir, name)
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, src); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return dst
}

func startStandIn(t *testing.T, exe string, args []string, child []string) int {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env = []string{standInEnv + "=1"}
	if child != nil {
		cmd.Env = append(cmd.Env, standInChildEnv+"="+strings.Join(child, "\x1f"))
	}
	// Its own process group, so that the clean-up ends its child too (a
	// `node mcp-server.js` once outlived a run by minutes), and a kill
	// when this test process dies.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
	})
	return cmd.Process.Pid
}

func TestScanRealProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	var seen []int // every process the scan showed, checked gone at the end
	t.Cleanup(func() { checkAllGone(t, seen) })
	dir := t.TempDir()
	inst := filepath.Join(dir, ".lima", "default")
	podmanDisk := filepath.Join(dir, ".local/share/containers/podman/machine/applehv/podman-machine-default-arm64.raw")

	qemu := startStandIn(t, copyExe(t, dir, "qemu-system-aarch64"),
		[]string{"-m", "4096", "-cpu", "host", "-name", "lima-default", "-pidfile", filepath.Join(inst, "qemu.pid")}, nil)
	hostagent := startStandIn(t, copyExe(t, dir, "limactl"),
		[]string{"hostagent", "--pidfile", filepath.Join(inst, "ha.pid"), "--socket", filepath.Join(inst, "ha.sock"), "default"}, nil)
	colima := startStandIn(t, filepath.Join(dir, "limactl"),
		[]string{"hostagent", "--pidfile", filepath.Join(dir, ".colima/_lima/colima/ha.pid"), "colima"}, nil)
	vfkit := startStandIn(t, copyExe(t, dir, "vfkit"),
		[]string{"--cpus", "2", "--memory", "2048", "--device", "virtio-blk,path=" + podmanDisk}, nil)
	node := copyExe(t, dir, "node")
	claude := startStandIn(t, copyExe(t, dir, "claude"),
		[]string{"--output-format", "stream-json"}, []string{node, "mcp-server.js"})

	// The real process table, but only this test's own processes: a
	// Lima, Docker or claude running on the machine is none of its business.
	s := NewScanner(ownProcesses{newSystemLister()})
	ctx := context.Background()
	byKey := map[string]int{}
	// The MCP child starts a moment after its parent; poll briefly.
	deadline := time.Now().Add(10 * time.Second)
	for {
		groups, err := s.Scan(ctx, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range groups {
			byKey[g.Key] = i
			seen = append(seen, g.PIDs...)
		}
		ses, ok := byKey["claude-cli"]
		if ok && groups[ses].Processes >= 2 || time.Now().After(deadline) {
			check(t, groups, byKey, qemu, hostagent, colima, vfkit, claude)
			return
		}
		clear(byKey)
		time.Sleep(100 * time.Millisecond)
	}
}

func check(t *testing.T, groups []host.ProcessGroup, byKey map[string]int, qemu, hostagent, colima, vfkit, claude int) {
	t.Helper()
	get := func(key string) host.ProcessGroup {
		i, ok := byKey[key]
		if !ok {
			t.Fatalf("no %q group in %+v", key, groups)
		}
		return groups[i]
	}
	lima := get("lima")
	if lima.Processes != 2 || !slices.Equal(lima.PIDs, sorted(qemu, hostagent)) || lima.GuestMemory.Value != 4096*mib || !lima.GuestMemory.Known {
		t.Errorf("lima: %+v", lima)
	}
	col := get("colima")
	if col.Processes != 1 || col.PIDs[0] != colima || col.GuestMemory.Known {
		t.Errorf("colima: %+v", col)
	}
	pod := get("podman")
	if pod.Processes != 1 || pod.PIDs[0] != vfkit || pod.GuestMemory.Value != 2048*mib {
		t.Errorf("podman: %+v", pod)
	}
	for _, g := range []host.ProcessGroup{lima, col, pod} {
		if !g.RSS.Known || g.RSS.Value == 0 || g.Unreadable != 0 {
			t.Errorf("%s: our own processes' memory must be readable: %+v", g.Key, g)
		}
	}
	// Started by this test, not by the desktop app: another CLI, not a
	// desktop session (platforms audit U6).
	if _, ok := byKey["sessions"]; ok {
		t.Errorf("a claude the app did not start counted as a desktop session: %+v", groups)
	}
	ses := get("claude-cli")
	if ses.Processes != 2 || ses.PIDs[0] != claude {
		t.Errorf("other CLIs (claude and its MCP child): %+v", ses)
	}
}

// checkAllGone fails the test if a process it started outlives its
// clean-up (the MCP child of the stand-in claude once ran on for minutes).
func checkAllGone(t *testing.T, pids []int) {
	deadline := time.Now().Add(3 * time.Second)
	for _, pid := range pids {
		for {
			stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
			// Gone, or a zombie waiting for init to reap it.
			if err != nil || strings.Contains(string(stat), ") Z ") {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("process %d outlived the test: %s", pid, stat)
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// ownProcesses lists only this test process's descendants.
type ownProcesses struct{ ProcLister }

func (l ownProcesses) List(ctx context.Context) ([]ProcInfo, error) {
	all, err := l.ProcLister.List(ctx)
	if err != nil {
		return nil, err
	}
	parent := make(map[int]int, len(all))
	for _, p := range all {
		parent[p.PID] = p.PPID
	}
	self := os.Getpid()
	return slices.DeleteFunc(all, func(p ProcInfo) bool {
		pid := p.PID
		for range maxDepth {
			if pid = parent[pid]; pid == self {
				return false
			} else if pid <= 1 {
				break
			}
		}
		return true
	}), nil
}

func sorted(pids ...int) []int {
	slices.Sort(pids)
	return pids
}
