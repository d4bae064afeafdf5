package machine

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// fakeLister serves a fixed table the way a real lister does: List gives
// only pid, ppid and name; Detail fills the rest for what it is asked.
type fakeLister struct {
	procs    []ProcInfo
	detailed []int // pids passed to Detail, last scan
	listErr  error
}

func (f *fakeLister) List(context.Context) ([]ProcInfo, error) {
	if f.listErr != nil {
		return nil, f.listErr
	}
	out := make([]ProcInfo, len(f.procs))
	for i, p := range f.procs {
		out[i] = ProcInfo{PID: p.PID, PPID: p.PPID, Name: p.Name, CreateTime: p.CreateTime}
	}
	return out, nil
}

func (f *fakeLister) Detail(_ context.Context, procs []ProcInfo) error {
	f.detailed = f.detailed[:0]
	byPID := make(map[int]*ProcInfo, len(f.procs))
	for i := range f.procs {
		byPID[f.procs[i].PID] = &f.procs[i]
	}
	for i := range procs {
		f.detailed = append(f.detailed, procs[i].PID)
		if full, ok := byPID[procs[i].PID]; ok {
			procs[i] = *full
		}
	}
	return nil
}

func rssOf(rss uint64) ProcInfo { return ProcInfo{RSS: rss, RSSKnown: true, CPUKnown: true} }

func proc(pid, ppid int, name string, args []string, base ProcInfo) ProcInfo {
	base.PID, base.PPID, base.Name, base.Args = pid, ppid, name, args
	return base
}

func sampleTable() []ProcInfo {
	vz := "/System/Library/Frameworks/Virtualization.framework/Versions/A/XPCServices/com.apple.Virtualization.VirtualMachine.xpc/Contents/MacOS/com.apple.Virtualization.VirtualMachine"
	withFootprint := func(p ProcInfo, fp uint64) ProcInfo { p.Footprint, p.FootprintKnown = fp, true; return p }
	cowork := proc(300, 1, "com.apple.Virtua", []string{vz}, withFootprint(rssOf(1800*mib), 3900*mib))
	cowork.ResponsiblePID = 100
	limaVZ := proc(301, 1, "com.apple.Virtua", []string{vz}, rssOf(900*mib))
	limaVZ.ResponsiblePID = 400
	orphanVZ := proc(302, 1, "com.apple.Virtua", []string{vz}, ProcInfo{}) // root-owned: nothing readable
	return []ProcInfo{
		proc(1, 0, "launchd", nil, rssOf(10*mib)),
		proc(50, 1, "zsh", []string{"-zsh"}, rssOf(5*mib)),
		proc(100, 1, "Claude", []string{"/Applications/Claude.app/Contents/MacOS/Claude"}, rssOf(400*mib)),
		proc(101, 100, "Claude Helper (R", nil, rssOf(200*mib)),
		proc(102, 100, "disclaimer", nil, rssOf(1*mib)), // no exe known: rolled up as the app's child
		proc(110, 102, "claude", []string{"claude", "--output-format", "stream-json"}, rssOf(150*mib)),
		proc(111, 110, "node", []string{"node", "mcp-server.js"}, rssOf(60*mib)),
		proc(112, 111, "python3", []string{"python3", "-m", "mcp_tool"}, rssOf(40*mib)),
		proc(120, 50, "claude", []string{"claude"}, rssOf(120*mib)),
		cowork, limaVZ, orphanVZ,
		proc(400, 1, "limactl", []string{"limactl", "hostagent", "--pidfile", "/Users/u/.lima/default/ha.pid", "default"}, rssOf(30*mib)),
		proc(401, 400, "qemu-system-aar", []string{"qemu-system-aarch64", "-m", "2048", "-name", "lima-qemu"}, rssOf(700*mib)),
		proc(500, 1, "vfkit", []string{"vfkit", "--memory", "2048", "--device", "virtio-blk,path=/Users/u/.local/share/containers/podman/machine/applehv/m.raw"}, rssOf(1200*mib)),
		proc(501, 1, "gvproxy", []string{"gvproxy", "-listen-vfkit", "unixgram:///tmp/podman/gvproxy.sock"}, ProcInfo{}),
		proc(600, 50, "python3", []string{"python3", "app.py"}, rssOf(80*mib)),
	}
}

func TestScanGroups(t *testing.T) {
	f := &fakeLister{procs: sampleTable()}
	s := NewScanner(f)
	groups, err := s.Scan(context.Background(), time.Unix(1000, 0))
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		key         string
		n           int
		rss         uint64
		rssKnown    bool
		unreadable  int
		guest       uint64
		guestKnown  bool
		pids        []int
		footprintOK bool
	}
	var got []row
	for _, g := range groups {
		got = append(got, row{g.Key, g.Processes, g.RSS.Value, g.RSS.Known, g.Unreadable, g.GuestMemory.Value, g.GuestMemory.Known, g.PIDs, g.Footprint.Known})
	}
	want := []row{
		{"cowork", 1, 1800 * mib, true, 0, 4 * gib, true, []int{300}, true}, // sorted by footprint 3900 MiB
		{"lima", 3, 1630 * mib, true, 0, 2048 * mib, true, []int{301, 400, 401}, false},
		{"podman", 2, 1200 * mib, true, 1, 2048 * mib, true, []int{500, 501}, false},
		{"claude-app", 3, 601 * mib, true, 0, 0, false, []int{100, 101, 102}, false},
		// The app's claude (under disclaimer) is a desktop session; the
		// one zsh started is another CLI (platforms audit U6).
		{"sessions", 3, 250 * mib, true, 0, 0, false, []int{110, 111, 112}, false},
		{"claude-cli", 1, 120 * mib, true, 0, 0, false, []int{120}, false},
		{"vz-unknown", 1, 0, false, 1, 0, false, []int{302}, false},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("groups:\n got %+v\nwant %+v", got, want)
	}
	if g := groups[len(groups)-1]; g.Note == "" || g.RSS.Source != "" {
		t.Errorf("unknown VZ group: note %q, rss source %q", g.Note, g.RSS.Source)
	}
	// Filter first: the shell, launchd and the unrelated python never reach Detail.
	for _, pid := range f.detailed {
		if pid == 1 || pid == 50 || pid == 600 {
			t.Errorf("pid %d was detailed; only candidates should be", pid)
		}
	}
}

func TestScanCPUPercent(t *testing.T) {
	f := &fakeLister{procs: []ProcInfo{proc(10, 1, "vmware-vmx", nil, rssOf(mib))}}
	s := NewScanner(f)
	t0 := time.Unix(1000, 0)
	f.procs[0].CPU = 10
	g, err := s.Scan(context.Background(), t0)
	if err != nil || len(g) != 1 || g[0].CPUPercent != 0 {
		t.Fatalf("first scan: %+v %v", g, err)
	}
	f.procs[0].CPU = 13 // 3 s of CPU in 4 s of wall time
	g, _ = s.Scan(context.Background(), t0.Add(4*time.Second))
	if g[0].CPUPercent != 75 {
		t.Errorf("cpu = %v, want 75", g[0].CPUPercent)
	}
	// A reused pid with another name must not produce a delta.
	f.procs[0].Name, f.procs[0].CPU = "VBoxHeadless", 20
	g, _ = s.Scan(context.Background(), t0.Add(8*time.Second))
	if g[0].Key != "virtualbox" || g[0].CPUPercent != 0 {
		t.Errorf("reused pid: %+v", g[0])
	}
}

func TestScanErrors(t *testing.T) {
	boom := errors.New("boom")
	s := NewScanner(&fakeLister{listErr: boom})
	if _, err := s.Scan(context.Background(), time.Now()); !errors.Is(err, boom) {
		t.Errorf("err = %v, want wrapped boom", err)
	}
	g, err := NewScanner(&fakeLister{procs: []ProcInfo{proc(2, 1, "zsh", nil, rssOf(1))}}).Scan(context.Background(), time.Now())
	if err != nil || len(g) != 0 {
		t.Errorf("no candidates: %v %v", g, err)
	}
}

// realisticTable builds n processes shaped like a busy developer Mac: mostly
// unrelated apps and helpers, a few engines, a deep tree under claude.
func realisticTable(n int) []ProcInfo {
	base := sampleTable()
	names := []string{"zsh", "node", "Google Chrome He", "Code Helper (Ren", "mdworker_shared", "com.apple.WebKit", "python3", "Slack Helper (Re", "cfprefsd", "trustd", "Finder", "git", "ssh-agent", "distnoted"}
	out := append([]ProcInfo(nil), base...)
	for pid := 1000; len(out) < n; pid++ {
		name := names[pid%len(names)]
		ppid := 1
		if pid%7 == 0 {
			ppid = pid - 1
		}
		out = append(out, proc(pid, ppid, name, []string{name, "--type=renderer", fmt.Sprintf("--id=%d", pid)}, rssOf(uint64(pid)*kib)))
	}
	return out
}

func BenchmarkScan1000(b *testing.B) {
	f := &fakeLister{procs: realisticTable(1000)}
	s := NewScanner(f)
	ctx := context.Background()
	now := time.Unix(0, 0)
	b.ReportAllocs()
	for b.Loop() {
		now = now.Add(3 * time.Second)
		if _, err := s.Scan(ctx, now); err != nil {
			b.Fatal(err)
		}
	}
}

// The real process table of the machine running the benchmark.
func BenchmarkScanSystem(b *testing.B) {
	s := NewSystemScanner()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Scan(ctx, time.Now()); err != nil {
			b.Fatal(err)
		}
	}
}

// U1: a Hypervisor.framework VMM's footprint can exceed physical memory
// (docker/for-mac#7749: com.docker.krun at 45 GB "Memory", 7.2 GB real);
// the group shows physical memory at most, and says why.
func TestScanFootprintCappedAtRAM(t *testing.T) {
	krun := proc(10, 1, "com.docker.krun", []string{"com.docker.krun", "--memory", "8192"},
		ProcInfo{RSS: 7200 * mib, RSSKnown: true, Footprint: 45 * gib, FootprintKnown: true, CPUKnown: true})
	s := NewScanner(&fakeLister{procs: []ProcInfo{krun}})
	s.SetRAM(16 * gib)
	g, err := s.Scan(context.Background(), time.Unix(1000, 0))
	if err != nil || len(g) != 1 {
		t.Fatal(g, err)
	}
	if g[0].Footprint.Value != 16*gib || !strings.Contains(g[0].Note, "over-counted") || !strings.Contains(g[0].Footprint.Source, "capped") {
		t.Errorf("capped: %+v", g[0])
	}
	s.SetRAM(64 * gib)
	if g, _ = s.Scan(context.Background(), time.Unix(1005, 0)); g[0].Footprint.Value != 45*gib || g[0].Note != "" {
		t.Errorf("below RAM, as read: %+v", g[0])
	}
}
