package host

import (
	"reflect"
	"testing"
)

// TestProcTree: two sessions' claudes, each with an MCP server run from
// the same command line and a shell of its own, one wrapped by a claude
// with it as its only child. The subtree stops at another session's
// claude, the wrapper is found, the sums leave out (and count) what could
// not be read, and only the shared server is a duplicate.
func TestProcTree(t *testing.T) {
	const mib = 1 << 20
	ms := []ProcessMember{
		{PID: 1, PPID: 0, Name: "claude", Role: RoleSession, Memory: 10 * mib, MemoryKnown: true},  // 0: the wrapper of 2
		{PID: 2, PPID: 1, Name: "claude", Role: RoleSession, Memory: 300 * mib, MemoryKnown: true}, // 1: session a
		{PID: 3, PPID: 2, Name: "node", Role: RoleChild, Memory: 80 * mib, MemoryKnown: true, CmdKey: 7, Command: "npx mcp-x"},
		{PID: 4, PPID: 2, Name: "zsh", Role: RoleChild, Memory: 5 * mib, MemoryKnown: true, CmdKey: 9, Command: "zsh"},
		{PID: 5, PPID: 2, Name: "claude", Role: RoleSession, Memory: 200 * mib, MemoryKnown: true}, // 4: session b, started from a
		{PID: 6, PPID: 5, Name: "node", Role: RoleChild, Memory: 70 * mib, MemoryKnown: true, CmdKey: 7, Command: "npx mcp-x"},
		{PID: 7, PPID: 5, Name: "zsh", Role: RoleChild, CmdKey: 9, Command: "zsh"}, // memory unread
	}
	tr := NewProcTree(ms)
	roots := []Root{{Idx: 1, Session: "a", By: JoinedByRecord}, {Idx: 4, Session: "b", By: JoinedByCommandLine}}
	isRoot := func(i int) bool { return i == 1 || i == 4 }
	if i, ok := tr.Index(5); !ok || i != 4 {
		t.Errorf("Index(5) = %d, %v", i, ok)
	}
	if _, ok := tr.Index(99); ok {
		t.Error("Index found a pid the tree does not have")
	}
	a := tr.Subtree(1, isRoot)
	if !reflect.DeepEqual(a, []int{1, 2, 3}) {
		t.Errorf("a's subtree %v, want [1 2 3] (not b's claude)", a)
	}
	if w := tr.Wrapper(1, isRoot); w != 0 {
		t.Errorf("a's wrapper %d, want 0", w)
	}
	if w := tr.Wrapper(4, isRoot); w != -1 {
		t.Errorf("b's wrapper %d: its parent is another session's claude", w)
	}
	b := tr.Memory(tr.Subtree(4, isRoot), "process RSS", JoinedByCommandLine, 5)
	want := SessionMemory{Bytes: 270 * mib, Processes: 3, Unreadable: 1, Source: "process RSS", JoinedBy: JoinedByCommandLine, PID: 5,
		Top: []ProcessShare{{PID: 5, Name: "claude", Role: RoleSession, Bytes: 200 * mib}, {PID: 6, Name: "node", Role: RoleChild, Bytes: 70 * mib}}}
	if !reflect.DeepEqual(b, want) {
		t.Errorf("b's memory\n got %+v\nwant %+v", b, want)
	}
	if b.Text() != "270M+" {
		t.Errorf("b's cell %q", b.Text())
	}
	dups := tr.Duplicates(roots, isRoot)
	if len(dups) != 1 || dups[0] != (DuplicateServer{Command: "npx mcp-x", Sessions: 2, Processes: 2, Bytes: 150 * mib}) {
		t.Errorf("duplicates %+v, want only npx mcp-x under 2 sessions", dups)
	}
}
