//go:build windows

package cmd

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/windows"

	"github.com/coworktop/coworktop/internal/testfs"
)

const chainHelperEnv = "COWORKTOP_CHAIN_HELPER"

// TestChainHelperProcess is the chained command of TestChainedHangEndsJob:
// as "parent" it starts itself as "child", writes the child's pid to the
// file named by COWORKTOP_CHAIN_PID, and hangs; as "child" it hangs.
func TestChainHelperProcess(t *testing.T) {
	switch os.Getenv(chainHelperEnv) {
	case "parent":
		c := exec.Command(os.Args[0], "-test.run=^TestChainHelperProcess$")
		c.Env = append(os.Environ(), chainHelperEnv+"=child")
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(os.Getenv("COWORKTOP_CHAIN_PID"), []byte(strconv.Itoa(c.Process.Pid)), 0o600); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Minute)
	case "child":
		time.Sleep(2 * time.Minute)
	default:
		t.Skip("the helper of TestChainedHangEndsJob")
	}
}

// A chained command that hangs is ended with every process it started:
// its job object is ended, not only the command.
func TestChainedHangEndsJob(t *testing.T) {
	pidFile := filepath.Join(testfs.TempDir(t), "pid")
	t.Setenv(chainHelperEnv, "parent")
	t.Setenv("COWORKTOP_CHAIN_PID", pidFile)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	lim := chainLimits{maxOut: statuslineMaxChain, within: 3 * time.Second}
	runChained(context.Background(), exe+" -test.run=^TestChainHelperProcess$", nil, &errb, lim)
	if !strings.Contains(errb.String(), "ended it and every process it started") {
		t.Fatalf("stderr %q", errb.String())
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the helper wrote no pid: %v (stderr %q)", err, errb.String())
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	h, err := windows.OpenProcess(windows.SYNCHRONIZE|windows.PROCESS_TERMINATE, false, uint32(pid))
	if err != nil {
		return // gone
	}
	defer windows.CloseHandle(h)
	if ev, _ := windows.WaitForSingleObject(h, 3000); ev != windows.WAIT_OBJECT_0 {
		_ = windows.TerminateProcess(h, 1)
		t.Fatalf("the chained command's child (pid %d) outlived it", pid)
	}
}
