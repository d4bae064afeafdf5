package records

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// TestZombieIsNoLiveProcess: a claude that exited but whose parent has not
// collected its status is gone, not a live session waiting for you (issue
// 53 R12). The same process alive is the same process.
func TestZombieIsNoLiveProcess(t *testing.T) {
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Skipf("no sleep to run: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	pid := cmd.Process.Pid
	ticks, ok := startTicks(pid)
	if !ok {
		t.Fatal("no start for a running child")
	}
	if !SystemProcesses().Same(pid, ticks, time.Time{}) || !SystemProcesses().Same(pid, "", time.Now()) {
		t.Fatal("a running child is not taken as the same process")
	}
	_ = cmd.Process.Kill()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err == nil && bytes.Contains(b, []byte(") Z ")) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the child never became a zombie")
		}
	}
	if SystemProcesses().Same(pid, ticks, time.Time{}) || SystemProcesses().Same(pid, "", time.Time{}) {
		t.Fatal("a zombie is taken as a live process")
	}
}
