//go:build linux

package machine

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
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
	if child := os.Getenv(standInChildEnv); child != "" {
		argv := strings.Split(child, "\x1f")
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env = []string{standInEnv + "=1"}
		_ = cmd.Start()
	}
	// Exit when the test that started us goes away, whatever happens to it.
	go func() {
		parent := os.Getppid()
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
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	return cmd.Process.Pid
}

func TestScanRealProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
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

	s := NewSystemScanner()
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

func check(t *testing.T, groups []governor.ProcessGroup, byKey map[string]int, qemu, hostagent, colima, vfkit, claude int) {
	t.Helper()
	get := func(key string) governor.ProcessGroup {
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
	for _, g := range []governor.ProcessGroup{lima, col, pod} {
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

func sorted(pids ...int) []int {
	slices.Sort(pids)
	return pids
}
