package machine

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/coworktop/coworktop/host"
)

// Windows process tables as public reports show them (platforms audit W2,
// W3, U3, U6). The desktop app is claude.exe or Claude.exe under
// WindowsApps (anthropics/claude-code#49099: ...\WindowsApps\Claude_1.2581.0.0_x64__pzs8sxrjxfjjc\app\claude.exe;
// #74890: ten Claude.exe from Claude_1.30096.5.0_x64__pzs8sxrjxfjjc, then
// vmwp.exe (parent vmcompute) and vmmem holding a 4,104 MB commit with a
// 13 MB working set); the service is cowork-svc.exe, an auto-start service
// (#66535); the bundled CLI runs from the app's data folder
// (...\LocalCache\Roaming\Claude\claude-code\<version>\claude.exe, #49099's
// session folder); #77459 mixes the app's claude.exe with a user's CLIs.

const (
	msixApp     = `C:\Program Files\WindowsApps\Claude_1.30096.5.0_x64__pzs8sxrjxfjjc\app\`
	bundledCLI  = `C:\Users\ffwd\AppData\Local\Packages\Claude_pzs8sxrjxfjjc\LocalCache\Roaming\Claude\claude-code\2.1.284\claude.exe`
	roamingCLI  = `C:\Users\ffwd\AppData\Roaming\Claude\claude-code\2.1.284\claude.exe`
	userCLI     = `C:\Users\ffwd\.local\bin\claude.exe`
	vscodeCLI   = `C:\Users\ffwd\.vscode\extensions\anthropic.claude-code-2.1.284-win32-x64\resources\native-binary\claude.exe`
	squirrelApp = `C:\Users\ffwd\AppData\Local\AnthropicClaude\app-1.2581.0\claude.exe`
)

func winProc(pid, ppid int, name, exe string, created int64, base ProcInfo) ProcInfo {
	base.PID, base.PPID, base.Name, base.Exe, base.CreateTime = pid, ppid, name, exe, created
	if exe != "" {
		base.Args = []string{exe}
	}
	return base
}

// windowsTable: the app (appName is its image name, in the case a report
// showed), one desktop session with an MCP server, a terminal CLI, a VS
// Code CLI, the service and the Hyper-V VM. Creation times in seconds.
func windowsTable(appName string, withService bool) []ProcInfo {
	commit := func(ws, commit uint64) ProcInfo {
		return ProcInfo{RSS: ws, RSSKnown: true, Footprint: commit, FootprintKnown: true, CPUKnown: true}
	}
	t := []ProcInfo{
		winProc(4, 0, "System", "", 1, ProcInfo{}),
		winProc(700, 4, "services.exe", "", 2, ProcInfo{}),
		winProc(1200, 700, "vmcompute.exe", `C:\Windows\System32\vmcompute.exe`, 3, commit(20*mib, 30*mib)),
		winProc(3000, 2900, "explorer.exe", `C:\Windows\explorer.exe`, 10, commit(90*mib, 80*mib)),
		winProc(5000, 3000, "WindowsTerminal.exe", `C:\Program Files\WindowsApps\Microsoft.WindowsTerminal_1.21\WindowsTerminal.exe`, 20, commit(60*mib, 50*mib)),
		winProc(5010, 5000, "pwsh.exe", `C:\Program Files\PowerShell\7\pwsh.exe`, 21, commit(70*mib, 60*mib)),
		winProc(5020, 5010, "claude.exe", userCLI, 30, commit(180*mib, 200*mib)),
		winProc(6000, 3000, "Code.exe", `C:\Users\ffwd\AppData\Local\Programs\Microsoft VS Code\Code.exe`, 40, commit(300*mib, 250*mib)),
		winProc(6010, 6000, "claude.exe", vscodeCLI, 41, commit(160*mib, 170*mib)),
		winProc(7000, 3000, appName, msixApp+appName, 100, commit(250*mib, 200*mib)),
		winProc(7001, 7000, appName, msixApp+appName, 101, commit(150*mib, 120*mib)),
		winProc(7002, 7000, appName, msixApp+appName, 101, commit(120*mib, 100*mib)),
		winProc(7003, 7000, appName, msixApp+appName, 102, commit(80*mib, 60*mib)),
		winProc(7100, 7000, "claude.exe", bundledCLI, 200, commit(140*mib, 150*mib)),
		winProc(7110, 7100, "node.exe", `C:\Program Files\nodejs\node.exe`, 201, commit(60*mib, 50*mib)),
		// PID reuse (U3): python.exe's parent, pid 7200, died; a session
		// created later reuses 7200. The python is not that session's child.
		winProc(7200, 7000, "claude.exe", roamingCLI, 300, commit(100*mib, 110*mib)),
		winProc(7300, 7200, "python.exe", `C:\Python312\python.exe`, 250, commit(40*mib, 30*mib)),
		winProc(8000, 1200, "vmwp.exe", `C:\Windows\System32\vmwp.exe`, 114, commit(30*mib, 40*mib)),
		winProc(8001, 8000, "vmmem", "", 115, commit(13*mib, 4104*mib)),
	}
	if withService {
		t = append(t, winProc(900, 700, "cowork-svc.exe", `C:\Program Files\Claude\cowork-svc.exe`, 5, commit(25*mib, 20*mib)))
	}
	return t
}

type groupRow struct {
	key       string
	pids      []int
	footprint uint64
	guest     uint64
}

func scanRows(t *testing.T, table []ProcInfo) ([]host.ProcessGroup, []groupRow) {
	t.Helper()
	groups, err := NewScanner(&fakeLister{procs: table}).Scan(context.Background(), time.Unix(1000, 0))
	if err != nil {
		t.Fatal(err)
	}
	var rows []groupRow
	for _, g := range groups {
		rows = append(rows, groupRow{g.Key, g.PIDs, g.Footprint.Value, g.GuestMemory.Value})
	}
	return groups, rows
}

func TestScanWindowsAsReported(t *testing.T) {
	for _, app := range []string{"claude.exe", "Claude.exe"} {
		t.Run(app, func(t *testing.T) {
			groups, rows := scanRows(t, windowsTable(app, true))
			want := []groupRow{
				// The VM by its commit, not its 13 MB working set (U2);
				// whose it is, the model says (W3, cowork_vm_windows_test.go).
				{"hyperv", []int{8000, 8001}, 4144 * mib, 0},
				{"claude-app", []int{7000, 7001, 7002, 7003}, 480 * mib, 0},
				{"claude-cli", []int{5020, 6010}, 370 * mib, 0},
				{"sessions", []int{7100, 7110, 7200}, 310 * mib, 0},
				{"cowork-service", []int{900}, 20 * mib, 0},
			}
			if !reflect.DeepEqual(rows, want) {
				t.Errorf("groups:\n got %+v\nwant %+v", rows, want)
			}
			if kinds := fmt.Sprint(kindsOf(groups)); kinds != "[competitor claude-app cli sessions cowork-service]" {
				t.Errorf("kinds %s", kinds)
			}
		})
	}
}

func kindsOf(groups []host.ProcessGroup) []host.GroupKind {
	var out []host.GroupKind
	for _, g := range groups {
		out = append(out, g.Kind)
	}
	return out
}

// Without the Cowork service the Hyper-V VM is someone else's: a
// competitor, not Cowork, and nothing is "the VM after quit".
func TestScanWindowsHyperVWithoutService(t *testing.T) {
	_, rows := scanRows(t, windowsTable("claude.exe", false))
	if rows[0].key != "hyperv" || !reflect.DeepEqual(rows[0].pids, []int{8000, 8001}) {
		t.Errorf("groups %+v", rows)
	}
	for _, r := range rows {
		if r.key == "cowork" {
			t.Errorf("no service, yet a Cowork VM: %+v", rows)
		}
	}
}

func TestMatchWindowsPaths(t *testing.T) {
	for _, tt := range []struct {
		exe, want string
	}{
		{msixApp + "claude.exe", "claude-app"},
		{msixApp + "Claude.exe", "claude-app"},
		{`c:\program files\windowsapps\claude_1.2581.0.0_x64__pzs8sxrjxfjjc\app\CLAUDE.EXE`, "claude-app"},
		{`C:\Program Files\WindowsApps\AnthropicPBC.Claude_2.1.0.0_x64__abc\app\claude.exe`, "claude-app"},
		{squirrelApp, "claude-app"},
		{bundledCLI, "sessions"},
		{roamingCLI, "sessions"},
		{userCLI, "claude-cli"},
		{vscodeCLI, "claude-cli"},
		// #83932: the desktop app's twelve processes.
		{`C:\Program Files\WindowsApps\Claude_1.37937.3.0_x64__pzs8sxrjxfjjc\app\Claude.exe`, "claude-app"},
		// #68504: the npm CLI's native binary.
		{`C:\Users\william\AppData\Roaming\npm\node_modules\@anthropic-ai\claude-code\bin\claude.exe`, "claude-cli"},
	} {
		name := tt.exe[len(tt.exe)-len("claude.exe"):]
		if got, _, ok := MatchProcess(ProcInfo{Name: name, Exe: tt.exe}); !ok || got != tt.want {
			t.Errorf("%s: %q, want %q", tt.exe, got, tt.want)
		}
	}
}
