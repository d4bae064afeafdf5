package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 35's list of public log text, each read as a user would, through
// report: one row per line (or lines), the source it is from, what the
// report must say and what it must not.
func TestPublicTextOfSection78(t *testing.T) {
	const startWin = "2026-11-02 10:00:00 [info] Starting app {\n  appVersion: '1.52386.0',\n  isPackaged: true,\n  platform: 'win32',\n  arch: 'x64',\n  nodeVersion: '24.18.1'\n}\n"
	cases := []struct {
		source string
		files  map[string]string
		want   []string
		not    []string
	}{
		{"#84349: the daemon upgrade line with full paths keeps its versions",
			map[string]string{"daemon.log": "[2026-08-05T23:58:34.350Z] [supervisor] ─── daemon start ─── version=2.1.222 pid=3569272 origin=transient\n" +
				"[2026-08-05T23:59:34.000Z] [supervisor] binary at ~/.local/bin/claude changed (/home/dev/.local/share/claude/versions/2.1.222 → /home/dev/.local/share/claude/versions/2.1.223) — self-restarting for upgrade\n"},
			[]string{"1 upgrade (last 2.1.222 → 2.1.223)"}, nil},
		{"#75037: bg settled (killed) is no proof of a loss",
			map[string]string{"daemon.log": "[2026-08-05T23:58:34.350Z] [supervisor] ─── daemon start ─── version=2.1.222 pid=3569272 origin=transient\n" +
				"[2026-08-05T23:59:00.000Z] [bg] bg spawned 5f2c9a1e (shell)\n[2026-08-05T23:59:30.000Z] [bg] bg settled 5f2c9a1e (killed)\n"},
			[]string{"1 worker killed (a stop or a signal; the daemon does not say which)", "lost sessions (0)"}, []string{"cause not logged"}},
		{"#94691, #92196: an update restart whose count is not logged says so, never 0",
			map[string]string{"main.log": "2026-09-12 02:30:00 [info] [updater] Auto-restarting app after update pending for 101 hours\n" +
				"2026-09-12 02:30:01 [info] beforeQuitForUpdate handler fired, going down for update\n"},
			[]string{"1 update restart (sessions stopped: not logged)"}, []string{"0 sessions stopped"}},
		{"#93385: three Startup failed on three days, no boot line: three failures of three attempts",
			map[string]string{"cowork_vm_node.log": "2026-10-01 09:00:00 [info] [VM:start] Startup failed: VM failed to start: session disk not found\n" +
				"2026-10-02 09:00:00 [info] [VM:start] Startup failed: VM failed to start: session disk not found\n" +
				"2026-10-03 09:00:00 [info] [VM:start] Startup failed: VM failed to start: session disk not found\n"},
			[]string{"3 boot attempts, 3 failed", "the Cowork VM failed 3 of 3 boot attempts"}, []string{"of 0 boot attempts", "failed 1 of"}},
		{"#93385: [deleteVMBundle] Deleted rootfs.vhdx is data loss",
			map[string]string{"cowork_vm_node.log": "2026-10-03 09:00:05 [info] [deleteVMBundle] Deleted rootfs.vhdx\n"},
			[]string{"the app deleted the Cowork VM's disk (data on it is lost): Deleted rootfs.vhdx"}, []string{"no Cowork VM lines"}},
		{"#87556: the VM service's older recovery warning",
			map[string]string{"cowork-service.log": "2026/08/18 09:12:40.118734 Claude VM Service starting...\n2026/08/18 09:12:40.218734 Warning: failed to open service for recovery config: Access is denied.\n"},
			[]string{"recovery actions not configured: a crashed service stays down until reboot"}, nil},
		{"#78283: the Linux VM layer's lines",
			map[string]string{"main.log": "2026-07-01 10:00:00 [info] [startVM] VM already connected\n2026-07-01 10:00:01 [info] [postConnect] Installing SDK: 0.2.1\n2026-07-01 10:00:02 [info] [Keepalive] Already running\n"},
			[]string{"last state running"}, []string{"no Cowork VM lines"}},
		{"#81698, #84980, #85934, #89264: a GPU crash on Windows takes the app down with every session",
			map[string]string{"main.log": startWin +
				"2026-11-02 10:01:00 [info] [CCD] Starting local session local_0a235fb9-a681-41bd-89cd-98453ef18aa1 in C:\\Users\\dev\\src\\billing-api\n" +
				"2026-11-02 10:02:00 [info] [CCD] Starting local session local_5e7d2c10-3b4f-4a8e-9c61-7f2d8e0b1c23 in C:\\Users\\dev\\src\\web-frontend\n" +
				"2026-11-02 10:14:55 [error] GPU process gone: { type: 'GPU', reason: 'crashed', exitCode: 101457950 }\n"},
			[]string{"1 GPU crash: the app went down with its GPU process (Windows)", "2 sessions are lost and not back (2 process crashed)",
				"billing-api (0a235fb9)", "the app went down with its GPU process (Windows)  main.log:10"}, []string{"no evictions, yields or memory pressure in these logs."}},
	}
	for _, c := range cases {
		dir := t.TempDir()
		for name, text := range c.files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		out := reportText(t, dir)
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: report lacks %q:\n%s", c.source, w, out)
			}
		}
		for _, n := range c.not {
			if strings.Contains(out, n) {
				t.Errorf("%s: report says %q:\n%s", c.source, n, out)
			}
		}
	}
}
