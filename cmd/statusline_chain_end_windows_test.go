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

// withoutSh leaves PATH with the system folder only, so no sh is found:
// a Windows without Git Bash.
func withoutSh(t *testing.T) {
	t.Helper()
	sys, err := windows.GetSystemDirectory()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", sys)
	if _, err := exec.LookPath("sh"); err == nil {
		t.Skip("sh is in the system folder")
	}
}

// TestChainWithoutShQuotesAsCmd (issue 52 item 8, audit P11): without sh,
// the command string goes to cmd.exe unparsed, as Claude Code's Node
// would give it: Go's quoting for CommandLineToArgvW made `echo "a b"`
// print `\"a b\"`. A script in a folder with a space, quoted, with a
// quoted argument, runs.
func TestChainWithoutShQuotesAsCmd(t *testing.T) {
	withoutSh(t)
	dir := filepath.Join(testfs.TempDir(t), "my scripts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "say it.cmd")
	if err := os.WriteFile(script, []byte("@echo off\r\necho [%~1] [%2]\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ command, want string }{
		{`echo "a b"`, `"a b"`},
		{`"` + script + `" "x y" "z"`, `[x y] ["z"]`},
		{`echo one && echo "two  three"`, "one \r\n\"two  three\""}, // cmd keeps the space before &&
	} {
		var errb bytes.Buffer
		out := runChained(context.Background(), tc.command, nil, &errb, defaultChainLimits)
		if got := strings.TrimRight(string(out), "\r\n "); got != tc.want {
			t.Errorf("--chain %s printed %q, want %q (stderr %q)", tc.command, got, tc.want, errb.String())
		}
	}
}

// TestIsPowerShellScript: a command naming a .ps1 script first runs under
// PowerShell; any other goes to cmd.
func TestIsPowerShellScript(t *testing.T) {
	for cmd, want := range map[string]bool{
		`C:\Users\me\.claude\statusline.ps1`:              true,
		`"C:\Users\me\my dir\Status.PS1" -Compact`:        true,
		`powershell -NoProfile -File C:\x\statusline.ps1`: false,
		`echo "a.ps1"`:        false,
		`C:\x\statusline.cmd`: false,
	} {
		if got := isPowerShellScript(cmd); got != want {
			t.Errorf("isPowerShellScript(%q) = %v, want %v", cmd, got, want)
		}
	}
}

// TestChainRunnerProcess is the status line of TestChainedJobKilledOnClose:
// with COWORKTOP_CHAIN_RUNNER set it runs a chained command that starts a
// hanging child (TestChainHelperProcess as "parent"), and is then killed.
func TestChainRunnerProcess(t *testing.T) {
	if os.Getenv("COWORKTOP_CHAIN_RUNNER") == "" {
		t.Skip("the helper of TestChainedJobKilledOnClose")
	}
	exe, _ := os.Executable()
	lim := chainLimits{maxOut: statuslineMaxChain, within: time.Minute}
	runChained(context.Background(), exe+" -test.run=^TestChainHelperProcess$", nil, os.Stderr, lim)
}

// TestChainedJobKilledOnClose (issue 52 item 4, audit P26): when coworktop
// itself is ended (here TerminateProcess, as kill -9), its job's kill on
// close ends the chained command's processes; before, `cmd /C ping` was
// still alive 7 s after.
func TestChainedJobKilledOnClose(t *testing.T) {
	pidFile := filepath.Join(testfs.TempDir(t), "pid")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	runner := exec.Command(exe, "-test.run=^TestChainRunnerProcess$")
	runner.Env = append(os.Environ(), "COWORKTOP_CHAIN_RUNNER=1", chainHelperEnv+"=parent", "COWORKTOP_CHAIN_PID="+pidFile)
	if err := runner.Start(); err != nil {
		t.Fatal(err)
	}
	var pid int
	for deadline := time.Now().Add(30 * time.Second); pid == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			_ = runner.Process.Kill()
			t.Fatal("the chained command wrote no pid")
		}
		if b, err := os.ReadFile(pidFile); err == nil {
			pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		}
	}
	_ = runner.Process.Kill()
	_ = runner.Wait()
	h, err := windows.OpenProcess(windows.SYNCHRONIZE|windows.PROCESS_TERMINATE, false, uint32(pid))
	if err != nil {
		return // gone
	}
	defer windows.CloseHandle(h)
	if ev, _ := windows.WaitForSingleObject(h, 3000); ev != windows.WAIT_OBJECT_0 {
		_ = windows.TerminateProcess(h, 1)
		t.Fatalf("the chained command's child (pid %d) outlived coworktop", pid)
	}
}
