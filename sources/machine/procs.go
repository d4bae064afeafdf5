package machine

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/coworktop/coworktop/host"
)

// ProcLister reads the process table in two steps, so that on macOS (where
// per-process calls are costly, reference §2.3) only the few processes whose
// name matches a signature are ever queried.
type ProcLister interface {
	// List returns every process with PID, PPID and Name, in one cheap pass
	// (on Windows also its creation time, CPU time and memory, which come
	// with the same call).
	List(ctx context.Context) ([]ProcInfo, error)
	// Detail fills Exe, Args, memory, CPU time and, on macOS,
	// ResponsiblePID and OpenFiles, for the given candidates in place.
	// A field that cannot be read stays unknown; Detail errors only when
	// nothing could be done at all.
	Detail(ctx context.Context, procs []ProcInfo) error
}

// Scanner groups the process table by the signature table. It keeps the
// previous scan's CPU times to report CPU %, so one Scanner serves one
// caller, sequentially. Scan costs a full process listing: call it every
// 3–5 s (RunMachine's scanEvery), not every frame.
type Scanner struct {
	lister ProcLister
	m      *matcher
	prev   map[int]cpuMark
	prevAt time.Time

	rssLabel, footprintLabel string
	// byRSS: the OS's own per-process figure is the RSS field (Windows:
	// the private working set Task Manager shows), not the footprint.
	byRSS bool
	ram   uint64 // physical memory, 0 = unknown
}

// SetRAM gives the scanner the host's physical memory, the most a group
// can really hold.
func (s *Scanner) SetRAM(total uint64) { s.ram = total }

// overCounted is the note of a group whose footprint was above physical
// memory: Hypervisor.framework VMMs (com.docker.krun, qemu, OrbStack) can
// count guest pages twice (docker/for-mac#7749: 45 GB "Memory" against
// 7.2 GB "Real Memory"; platforms audit U1).
const overCounted = "footprint over-counted (above physical memory), shown at physical memory"

type cpuMark struct {
	name string
	cpu  float64
}

// NewScanner returns a scanner over lister with the built-in signature table.
func NewScanner(lister ProcLister) *Scanner {
	s := &Scanner{lister: lister, m: newMatcher(Signatures()), rssLabel: "process RSS", footprintLabel: "phys_footprint"}
	if l, ok := lister.(memoryLabeler); ok {
		s.rssLabel, s.footprintLabel = l.MemoryLabels()
		s.byRSS = true
	}
	return s
}

// memoryLabeler is a lister whose memory figures are not RSS and macOS's
// phys_footprint (Windows: private working set and commit).
type memoryLabeler interface {
	MemoryLabels() (rss, footprint string)
}

// NewSystemScanner returns a scanner over this machine's process table.
func NewSystemScanner() *Scanner { return NewScanner(newSystemLister()) }

// maxDepth bounds ancestor walks, in case a racy listing shows a ppid cycle.
const maxDepth = 64

// Scan lists the processes, recognises them and returns one group per
// signature that has processes, largest memory first. CPU % is the CPU time
// used since the previous Scan divided by wall time; on the first scan it
// is 0.
func (s *Scanner) Scan(ctx context.Context, now time.Time) ([]host.ProcessGroup, error) {
	all, err := s.lister.List(ctx)
	if err != nil {
		return nil, fmt.Errorf("list processes: %w", err)
	}
	cands := s.candidates(all)
	if len(cands) == 0 {
		s.remember(nil, now)
		return nil, nil
	}
	if err := s.lister.Detail(ctx, cands); err != nil {
		return nil, fmt.Errorf("read %d candidate processes: %w", len(cands), err)
	}

	byPID := make(map[int]int, len(cands))
	for i := range cands {
		byPID[cands[i].PID] = i
	}
	hits := s.classify(cands, byPID)

	dt := now.Sub(s.prevAt).Seconds()
	groups := map[int]*host.ProcessGroup{}
	for i := range cands {
		if !hits[i].ok {
			continue
		}
		p := &cands[i]
		g := groups[hits[i].sig]
		if g == nil {
			sig := &s.m.sigs[hits[i].sig]
			g = &host.ProcessGroup{Key: sig.Key, Name: sig.Name, Kind: sig.Kind, Note: sig.Note}
			g.RSS.Source, g.Footprint.Source = s.rssLabel, s.footprintLabel
			groups[hits[i].sig] = g
		}
		if n := hits[i].note; n != "" && !strings.Contains(g.Note, n) {
			g.Note = strings.TrimPrefix(g.Note+"; "+n, "; ")
		}
		g.Processes++
		g.PIDs = append(g.PIDs, p.PID)
		parentPID := 0
		if j := parent(cands, byPID, i); j >= 0 {
			parentPID = cands[j].PID
		}
		mem := s.member(p, parentPID, &s.m.sigs[hits[i].sig], !hits[i].rolled)
		g.Members = append(g.Members, mem)
		if _, known, label := s.memberFigure(p); known && g.MemberSource == "" {
			g.MemberSource = label
		}
		g.AddMemberMemory(mem)
		if hits[i].guest > 0 {
			g.GuestMemory.Value += hits[i].guest
			g.GuestMemory.Known = true
			g.GuestMemory.Source = hits[i].src
		}
		if !p.CPUKnown {
			g.CPUUnreadable++
		}
		if prev, ok := s.prev[p.PID]; ok && p.CPUKnown && prev.name == p.Name && dt > 0 && p.CPU >= prev.cpu {
			cpu := (p.CPU - prev.cpu) / dt * 100
			g.CPUPercent += cpu
			g.Members[len(g.Members)-1].CPUPercent = cpu
		}
	}
	s.remember(cands, now)

	out := make([]host.ProcessGroup, 0, len(groups))
	for _, g := range groups {
		sort.Ints(g.PIDs)
		if !g.RSS.Known {
			g.RSS.Source = ""
		}
		if !g.Footprint.Known {
			g.Footprint.Source = ""
		}
		if s.ram > 0 && g.Footprint.Known && g.Footprint.Value > s.ram {
			g.Footprint.Value = s.ram
			g.Footprint.Source += ", capped at physical memory"
			g.Note = strings.TrimPrefix(g.Note+"; "+overCounted, "; ")
		}
		out = append(out, *g)
	}
	sort.Slice(out, func(i, j int) bool {
		mi, mj := groupMemory(out[i]), groupMemory(out[j])
		if mi != mj {
			return mi > mj
		}
		return out[i].Key < out[j].Key
	})
	return out, nil
}

// hit is the signature a candidate matched.
type hit struct {
	sig   int
	guest uint64
	src   string
	note  string // the matching rule's note
	ok    bool
	// rolled: it joined the group as a descendant of one of its
	// processes, matching no rule of its own (an MCP server).
	rolled bool
}

// classify matches every candidate to its group.
func (s *Scanner) classify(cands []ProcInfo, byPID map[int]int) []hit {
	hits := make([]hit, len(cands))
	var present map[string]bool
	matchAll := func() {
		for i := range cands {
			sig, g, src, note, ok := s.m.match(&cands[i], present)
			hits[i] = hit{sig: sig, guest: g, src: src, note: note, ok: ok}
		}
	}
	matchAll()
	// Rules that hold only beside another group (Rule.IfGroup) are
	// matched again once the groups present are known.
	present = map[string]bool{}
	again := false
	for _, h := range hits {
		if key := s.m.sigs[h.sig].Key; h.ok && !present[key] {
			present[key] = true
			again = again || s.m.conditions[key]
		}
	}
	if again {
		matchAll()
	}
	// A VM process's owner is known only once its responsible process has
	// been matched, hence a second pass for those.
	for i := range cands {
		rp := cands[i].ResponsiblePID
		if rp <= 0 || rp == cands[i].PID {
			continue
		}
		if j, ok := byPID[rp]; ok && hits[j].ok {
			cands[i].Owner = s.m.sigs[hits[j].sig].Key
			sig, g, src, note, ok := s.m.match(&cands[i], present)
			hits[i] = hit{sig: sig, guest: g, src: src, note: note, ok: ok}
		}
	}
	// A process of a group with Inside that descends from that group's
	// processes joins the group Joins (a claude the app started).
	for i := range cands {
		if !hits[i].ok {
			continue
		}
		sig := &s.m.sigs[hits[i].sig]
		if sig.Inside == "" {
			continue
		}
		if k, ok := s.m.byKey[sig.Joins]; ok && s.descends(cands, byPID, hits, i, sig.Inside) {
			hits[i] = hit{sig: k, ok: true}
		}
	}
	// Unmatched descendants join their nearest matched ancestor's group
	// when that group takes descendants (MCP servers under a session).
	for i := range cands {
		if hits[i].ok {
			continue
		}
		for j, d := parent(cands, byPID, i), 0; j >= 0 && d < maxDepth; j, d = parent(cands, byPID, j), d+1 {
			if hits[j].ok {
				if s.m.sigs[hits[j].sig].Descendants {
					hits[i] = hit{sig: hits[j].sig, ok: true, rolled: true}
				}
				break
			}
		}
	}
	return hits
}

// descends reports whether candidate i has an ancestor in group key.
func (s *Scanner) descends(cands []ProcInfo, byPID map[int]int, hits []hit, i int, key string) bool {
	for j, d := parent(cands, byPID, i), 0; j >= 0 && d < maxDepth; j, d = parent(cands, byPID, j), d+1 {
		if hits[j].ok && s.m.sigs[hits[j].sig].Key == key {
			return true
		}
	}
	return false
}

// parent is the index of candidate i's parent among the candidates, or -1:
// none, pid 1, or a process younger than i that reuses its parent's pid.
func parent(cands []ProcInfo, byPID map[int]int, i int) int {
	pid := cands[i].PPID
	if pid <= 1 || pid == cands[i].PID {
		return -1
	}
	j, ok := byPID[pid]
	if !ok || !bornBefore(&cands[j], &cands[i]) {
		return -1
	}
	return j
}

// bornBefore reports whether parent may be child's parent: not created
// after it (platforms audit U3). Unknown creation times do not rule it out.
func bornBefore(parent, child *ProcInfo) bool {
	return parent.CreateTime == 0 || child.CreateTime == 0 || parent.CreateTime <= child.CreateTime
}

// groupMemory is what a group holds for sorting: the footprint when known
// (it includes compressed and swapped guest pages), else RSS.
func groupMemory(g host.ProcessGroup) uint64 {
	if g.Footprint.Known {
		return max(g.Footprint.Value, g.RSS.Value)
	}
	return g.RSS.Value
}

func (s *Scanner) remember(cands []ProcInfo, now time.Time) {
	next := make(map[int]cpuMark, len(cands))
	for i := range cands {
		if cands[i].CPUKnown {
			next[cands[i].PID] = cpuMark{name: cands[i].Name, cpu: cands[i].CPU}
		}
	}
	s.prev, s.prevAt = next, now
}

// candidates returns copies of the processes worth a Detail call: those
// whose name may match a rule, and the descendants of those whose group
// takes descendants.
func (s *Scanner) candidates(all []ProcInfo) []ProcInfo {
	idx := make(map[int]int, len(all))
	named := make([]bool, len(all))
	rollup := make(map[int]bool)
	for i := range all {
		idx[all[i].PID] = i
		ok, r := s.m.candidate(all[i].Name)
		named[i] = ok
		if r {
			rollup[all[i].PID] = true
		}
	}
	// under[pid]: 1 = has an ancestor that takes descendants, 2 = has not.
	under := make(map[int]uint8)
	var isUnder func(pid, depth int) bool
	isUnder = func(pid, depth int) bool {
		if v := under[pid]; v != 0 {
			return v == 1
		}
		i, ok := idx[pid]
		if !ok || depth > maxDepth || pid <= 1 || all[i].PPID == pid {
			return false
		}
		parent := all[i].PPID
		if j, ok := idx[parent]; ok && !bornBefore(&all[j], &all[i]) {
			return false // the pid was reused by a younger process
		}
		res := rollup[parent] || isUnder(parent, depth+1)
		under[pid] = 2
		if res {
			under[pid] = 1
		}
		return res
	}
	var out []ProcInfo
	for i := range all {
		if named[i] || (len(rollup) > 0 && isUnder(all[i].PID, 0)) {
			out = append(out, all[i])
		}
	}
	return out
}
