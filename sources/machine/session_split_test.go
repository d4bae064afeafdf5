package machine

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/vocab"
)

// Memory per session from recorded process tables: the scan's members
// joined to the sessions' records in the model, in each OS's own terms.

const (
	macCLI   = "/Users/u/Library/Application Support/Claude/claude-code/2.1.284/claude.app/Contents/MacOS/claude"
	sessA    = "local_aaaaaaaa-0000-4000-8000-000000000001"
	sessB    = "local_bbbbbbbb-0000-4000-8000-000000000002"
	sessC    = "local_cccccccc-0000-4000-8000-000000000003"
	cliOfC   = "5f1d7c2e-1111-4222-8333-444455556666"
	scanTime = 1000
)

func withFoot(p ProcInfo, rss, foot uint64) ProcInfo {
	p.RSS, p.RSSKnown, p.Footprint, p.FootprintKnown, p.CPUKnown = rss, true, foot, true, true
	return p
}

// macTable: the tree of claude-logs.md §4 (Claude → disclaimer → claude →
// MCP servers), three sessions: A with a github MCP server and a shell, B
// behind a wrapper claude (#92266) with the same github server, C known
// only by --resume in its arguments.
func macTable() []ProcInfo {
	gh := []string{"npx", "-y", "@modelcontextprotocol/server-github"}
	return []ProcInfo{
		withFoot(proc(100, 1, "Claude", []string{"/Applications/Claude.app/Contents/MacOS/Claude"}, ProcInfo{Exe: "/Applications/Claude.app/Contents/MacOS/Claude"}), 300*mib, 400*mib),
		withFoot(proc(101, 100, "Claude Helper (R", []string{"Claude Helper (Renderer)", "--type=renderer"}, ProcInfo{}), 200*mib, 500*mib),
		withFoot(proc(102, 100, "Claude Helper (G", []string{"Claude Helper (GPU)", "--type=gpu-process"}, ProcInfo{}), 80*mib, 90*mib),
		withFoot(proc(103, 100, "Claude Helper", []string{"Claude Helper", "--type=utility", "--utility-sub-type=node.mojom.NodeService"}, ProcInfo{}), 900*mib, 2800*mib),
		withFoot(proc(110, 100, "disclaimer", []string{"disclaimer"}, ProcInfo{Exe: "/Applications/Claude.app/Contents/Helpers/disclaimer"}), mib, mib),
		withFoot(proc(200, 110, "claude", []string{macCLI, "--output-format", "stream-json"}, ProcInfo{Exe: macCLI}), 150*mib, 300*mib),
		withFoot(proc(201, 200, "node", gh, ProcInfo{}), 200*mib, 1000*mib),
		withFoot(proc(202, 200, "zsh", []string{"/bin/zsh", "-c", "source ~/.claude/shell-snapshots/a.sh"}, ProcInfo{}), 5*mib, 6*mib),
		withFoot(proc(300, 110, "claude", []string{macCLI}, ProcInfo{Exe: macCLI}), 20*mib, 30*mib),
		withFoot(proc(301, 300, "claude", []string{macCLI, "--output-format", "stream-json"}, ProcInfo{Exe: macCLI}), 100*mib, 200*mib),
		withFoot(proc(302, 301, "node", gh, ProcInfo{}), 150*mib, 900*mib),
		withFoot(proc(400, 110, "claude", []string{macCLI, "--resume", cliOfC}, ProcInfo{Exe: macCLI}), 90*mib, 250*mib),
		proc(401, 400, "python3", []string{"uvx", "mcp-server-git"}, ProcInfo{}), // another user's: unreadable
	}
}

func splitState(t *testing.T, lister ProcLister, recs record.Reading, log string) governor.Snapshot {
	t.Helper()
	at := time.Unix(scanTime, 0)
	groups, err := NewScanner(lister).Scan(context.Background(), at)
	if err != nil {
		t.Fatal(err)
	}
	st := governor.New(governor.DefaultLimits())
	for i, id := range []string{sessA, sessB, sessC} {
		st.ApplyEvent(&event.Event{Kind: event.KindSessionStart, Session: id, Cwd: "/Users/u/" + log + string(rune('a'+i)), Time: at.Add(-20 * time.Minute)})
	}
	recs.At, recs.Found = at, true
	st.ApplyGroups(at, groups)
	st.ApplyRecords(recs)
	return st.Snapshot(at.Add(time.Second))
}

func memOf(t *testing.T, snap governor.Snapshot, id string) host.SessionMemory {
	t.Helper()
	for _, v := range snap.Sessions {
		if v.ID == id {
			if v.Memory == nil {
				t.Fatalf("%s: no memory", id)
			}
			return *v.Memory
		}
	}
	t.Fatalf("%s: no session", id)
	return host.SessionMemory{}
}

func TestSessionMemoryFromMacTable(t *testing.T) {
	recs := record.Reading{
		Code: []record.Code{{Pid: 200, HostSessionID: sessA}, {Pid: 301, HostSessionID: sessB}},
		App:  []record.App{{SessionID: sessC, CLISessionID: cliOfC}},
	}
	snap := splitState(t, &fakeLister{procs: macTable()}, recs, "proj")
	a, b, c := memOf(t, snap, sessA), memOf(t, snap, sessB), memOf(t, snap, sessC)
	// phys_footprint, what Activity Monitor shows, not RSS.
	if a.Bytes != 1306*mib || a.Processes != 3 || a.Source != "phys_footprint" || a.JoinedBy != host.JoinedByRecord || a.Top[0].PID != 201 {
		t.Errorf("A: %+v", a)
	}
	if b.Bytes != 1130*mib || b.Processes != 3 { // the wrapper 300 counts with 301
		t.Errorf("B (behind a wrapper): %+v", b)
	}
	if c.Bytes != 250*mib || c.Unreadable != 1 || c.JoinedBy != host.JoinedByCommandLine || c.Text() != "250M+" {
		t.Errorf("C (by --resume): %+v", c)
	}
	mv := snap.Memory
	if mv == nil || len(mv.Duplicates) != 1 {
		t.Fatalf("duplicates: %+v", mv)
	}
	if d := mv.Duplicates[0]; d.Command != "npx @modelcontextprotocol/server-github" || d.Sessions != 2 || d.Bytes != 1900*mib ||
		d.Text() != "npx @modelcontextprotocol/server-github runs under 2 sessions, holding 1.9 GiB in 2 processes" {
		t.Errorf("duplicate: %+v", d)
	}
	if mv.UnjoinedProcesses != 0 || mv.Note != governor.CoworkNotSplit {
		t.Errorf("memory view: %+v", mv)
	}
}

func TestSessionMemoryFromWindowsTable(t *testing.T) {
	table := windowsTable("Claude.exe", true)
	recs := record.Reading{Code: []record.Code{{Pid: 7100, HostSessionID: sessA}, {Pid: 5020, HostSessionID: ""}}}
	snap := splitState(t, &windowsFake{fakeLister{procs: table}}, recs, "repo")
	// The private working set, what Task Manager shows (not the commit):
	// claude 140 MiB and its node 60 MiB.
	if a := memOf(t, snap, sessA); a.Bytes != 200*mib || a.Processes != 2 || a.Source != "private working set" {
		t.Errorf("A: %+v", a)
	}
	// 7200 has no record: its 100 MiB is unjoined, and python 7300, born
	// before it (a reused pid), is not its child (U3).
	mv := snap.Memory
	if mv == nil || mv.UnjoinedProcesses != 1 || mv.UnjoinedBytes != 100*mib {
		t.Errorf("unjoined: %+v", mv)
	}
	for _, v := range snap.Sessions {
		if v.ID != sessA && v.Memory != nil {
			t.Errorf("%s has memory without a join: %+v", v.ID, v.Memory)
		}
	}
}

// A scan older than 30 s says nothing about now: no figure at all.
func TestSessionMemoryNeedsAFreshScan(t *testing.T) {
	recs := record.Reading{Code: []record.Code{{Pid: 200, HostSessionID: sessA}}}
	at := time.Unix(scanTime, 0)
	groups, _ := NewScanner(&fakeLister{procs: macTable()}).Scan(context.Background(), at)
	st := governor.New(governor.DefaultLimits())
	st.ApplyEvent(&event.Event{Kind: event.KindSessionStart, Session: sessA, Time: at.Add(-time.Hour)})
	recs.At, recs.Found = at, true
	st.ApplyGroups(at, groups)
	st.ApplyRecords(recs)
	if snap := st.Snapshot(at.Add(time.Minute)); snap.Memory != nil || snap.Sessions[0].Memory != nil {
		t.Errorf("an old scan shown: %+v", snap.Memory)
	}
	if snap := st.Snapshot(at.Add(time.Second)); !strings.HasPrefix(governor.PauseFreesText(snap.Sessions[0]), "pausing ") {
		t.Errorf("pause text: %q", governor.PauseFreesText(snap.Sessions[0]))
	}
}

// windowsFake labels its figures as the Windows lister does.
type windowsFake struct{ fakeLister }

func (*windowsFake) MemoryLabels() (rss, footprint string) {
	return "private working set", "commit (private bytes)"
}

// The app's own processes as rows (item 3): the stats worker (#99363)
// on a row of its own, renderers and the GPU process by role.
func TestAppHelpersFromMacTable(t *testing.T) {
	snap := splitState(t, &fakeLister{procs: macTable()}, record.Reading{}, "proj")
	var got []string
	for _, h := range snap.AppHelpers {
		got = append(got, h.Label()+" "+vocab.FormatBytes(h.Memory)+" "+h.Source)
	}
	want := []string{
		"utility: node.mojom.NodeService (pid 103) 2.7 GiB phys_footprint",
		"renderer 500.0 MiB phys_footprint",
		"main 400.0 MiB phys_footprint",
		"gpu 90.0 MiB phys_footprint",
		"disclaimer 1.0 MiB phys_footprint",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("app helpers:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A server's short name: its program and first operand, through a shell
// wrapper, with no path, query or user before a host.
func TestShortCommand(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"npx", "-y", "@modelcontextprotocol/server-github"}, "npx @modelcontextprotocol/server-github"},
		{[]string{`C:\Windows\System32\cmd.exe`, "/c", "npx", "-y", "@modelcontextprotocol/server-filesystem", `C:\Users\ffwd`}, "npx @modelcontextprotocol/server-filesystem"},
		{[]string{"/bin/sh", "-c", "uvx mcp-server-git --repository /Users/u/repo"}, "uvx mcp-server-git"},
		{[]string{"/usr/local/bin/node", "/Users/u/mcp/dist/index.js", "--token=abc"}, "node index.js"},
		{[]string{"npx", "mcp-remote", "https://user:secret@mcp.example.com/sse?key=abc"}, "npx mcp-remote"},
		{[]string{"mcp-remote", "https://user:secret@mcp.example.com/sse?key=abc"}, "mcp-remote mcp.example.com"},
	} {
		p := ProcInfo{Args: tt.args}
		if got := shortCommand(&p); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.args, got, tt.want)
		}
	}
	// A session's shell is never a server.
	s := NewScanner(&fakeLister{})
	m := s.member(&ProcInfo{PID: 2, Name: "zsh", Args: []string{"/bin/zsh", "-c", "source /Users/u/.claude/shell-snapshots/snapshot-zsh-1.sh && ls"}}, 1, &Signature{Kind: host.GroupSessions}, false)
	if m.CmdKey != 0 {
		t.Errorf("a shell snapshot keyed as a server: %+v", m)
	}
}
