package machine

import (
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ProcInfo is what the scanner knows about one process. A lister fills PID,
// PPID and Name for every process, and the rest only for candidates.
type ProcInfo struct {
	PID, PPID int
	Name      string   // p_comm (macOS: 16 chars, Linux: 15), or the image name on Windows
	Exe       string   // executable path; "" when unreadable
	Args      []string // full argv, argv[0] included; nil when unreadable

	RSS, Footprint           uint64
	RSSKnown, FootprintKnown bool

	// CPU is cumulative user+system CPU time in seconds, not a percentage:
	// the scanner turns the delta between two scans into CPU %.
	CPU      float64
	CPUKnown bool

	// CreateTime orders a process against its parent, in the lister's own
	// ticks (Windows: 100 ns since 1601); 0 = unknown. Windows keeps a dead
	// parent's pid as the ppid and reuses pids, so a "parent" created after
	// its child is another process (platforms audit U3).
	CreateTime int64
	// Started is the creation time as a time, where the lister reads it as
	// one (Windows); zero elsewhere. The model matches a Hyper-V worker to
	// the Cowork service's VM start by it (platforms audit W3).
	Started time.Time

	// ResponsiblePID is the macOS responsible process (0 = unknown); the
	// scanner resolves it to Owner, the key of that process's group.
	ResponsiblePID int
	Owner          string
	OpenFiles      []string // macOS: vnode paths, read only for VM processes
}

// truncatedNameLen is the shortest length at which a kernel process name may
// have been cut (Linux keeps 15 bytes, macOS p_comm 16).
const truncatedNameLen = 15

// matcher is the signature table compiled for lookups by name.
type matcher struct {
	sigs     []Signature
	byKey    map[string]int
	exact    map[string]bool
	prefixes []string
	all      []string // every name pattern without "*", for truncated names
	rollup   map[string]bool
	// conditions: the group keys some rule's IfGroup names.
	conditions map[string]bool
	folded     map[string]string // lower-cased exact name -> the name
}

func newMatcher(sigs []Signature) *matcher {
	m := &matcher{sigs: sigs, byKey: map[string]int{}, exact: map[string]bool{}, rollup: map[string]bool{}, conditions: map[string]bool{}, folded: map[string]string{}}
	for i, s := range sigs {
		m.byKey[s.Key] = i
		for _, r := range s.Rules {
			if r.IfGroup != "" {
				m.conditions[r.IfGroup] = true
			}
			for _, n := range r.Names {
				if p, ok := strings.CutSuffix(n, "*"); ok {
					m.prefixes = append(m.prefixes, p)
					m.all = append(m.all, p)
				} else {
					m.exact[n] = true
					m.all = append(m.all, n)
					m.folded[strings.ToLower(n)] = n
				}
				if s.Descendants {
					m.rollup[n] = true
				}
			}
		}
	}
	return m
}

// defaultMatcher compiles the table once; the result is never mutated.
var defaultMatcher = sync.OnceValue(func() *matcher { return newMatcher(Signatures()) })

// MatchProcess says which group a process belongs to by its own name,
// executable, arguments, open files and owner (roll-up of descendants is the
// scanner's job), and the configured guest memory in bytes when its argv or
// the table says it (0 when unknown).
func MatchProcess(p ProcInfo) (key string, guestBytes uint64, ok bool) {
	m := defaultMatcher()
	i, g, _, _, ok := m.match(&p, nil)
	if !ok {
		return "", 0, false
	}
	return m.sigs[i].Key, g, true
}

// candidate reports whether a bare process name (before exe and argv are
// read) could match any rule, and whether its group takes descendants.
func (m *matcher) candidate(name string) (match, rollup bool) {
	if trimmed := trimExe(name); trimmed != name && !m.exact[trimmed] {
		// A Windows image name, in any case (CLAUDE.EXE): worth reading
		// its path, which the rules then judge.
		if orig, ok := m.folded[strings.ToLower(trimmed)]; ok {
			return true, m.rollup[orig]
		}
	}
	name = trimExe(name)
	if m.exact[name] {
		return true, m.rollup[name]
	}
	for _, p := range m.prefixes {
		if strings.HasPrefix(name, p) {
			return true, m.rollup[p+"*"]
		}
	}
	if len(name) >= truncatedNameLen {
		for _, n := range m.all {
			if strings.HasPrefix(n, name) {
				return true, m.rollup[n] || m.rollup[n+"*"]
			}
		}
	}
	return false, false
}

// match returns the index of the first signature with a matching rule, the
// guest memory that rule reads, where that figure came from, and the
// rule's note. present
// holds the keys of the groups the scan found so far (for Rule.IfGroup;
// nil: none).
func (m *matcher) match(p *ProcInfo, present map[string]bool) (sig int, guest uint64, guestSrc, note string, ok bool) {
	name := trimExe(p.Name)
	exeBase := ""
	if p.Exe != "" {
		exeBase = trimExe(path.Base(strings.ReplaceAll(p.Exe, `\`, "/")))
	}
	for i := range m.sigs {
		for j := range m.sigs[i].Rules {
			r := &m.sigs[i].Rules[j]
			if !r.nameMatches(name, exeBase) {
				continue
			}
			if !r.matchRest(p) || (r.IfGroup != "" && !present[r.IfGroup]) {
				continue
			}
			if m.sigs[i].AdoptByOwner && p.Owner != "" {
				if k, found := m.byKey[p.Owner]; found {
					i = k
				}
			}
			g, src := r.Guest.read(p.Args)
			return i, g, src, r.Note, true
		}
	}
	return 0, 0, "", "", false
}

// nameMatches checks the process name or its executable's base name. A
// rule that also checks the executable's folder (ExeHas) ignores case: on
// Windows the folder, not the case of claude.exe, tells the app from a CLI.
// Name-only rules keep the case, so claude.exe of an unknown folder is
// never taken for the app named Claude.
func (r *Rule) nameMatches(name, exeBase string) bool {
	if nameMatches(r.Names, name) || (exeBase != "" && nameMatches(r.Names, exeBase)) {
		return true
	}
	if len(r.ExeHas) == 0 || exeBase == "" {
		return false
	}
	for _, n := range r.Names {
		if p, ok := strings.CutSuffix(n, "*"); ok && len(exeBase) >= len(p) && strings.EqualFold(exeBase[:len(p)], p) || strings.EqualFold(n, exeBase) {
			return true
		}
	}
	return false
}

func (r *Rule) matchRest(p *ProcInfo) bool {
	var args []string
	if len(p.Args) > 1 {
		args = p.Args[1:]
	}
	if len(r.ExeHas) > 0 && !anyContainsFold(strings.ReplaceAll(p.Exe, `\`, "/"), r.ExeHas) {
		return false
	}
	for _, want := range r.ArgsHave {
		if !anyArg(args, want) {
			return false
		}
	}
	if len(r.ArgsMention) > 0 && !anyContains(strings.Join(p.Args, " "), r.ArgsMention) {
		return false
	}
	if r.Flag != "" {
		v, ok := flagValue(args, r.Flag)
		if !ok || !patternMatches(r.FlagValue, v) {
			return false
		}
	}
	if r.LastArg != "" && (len(args) == 0 || !patternMatches(r.LastArg, args[len(args)-1])) {
		return false
	}
	if len(r.Files) > 0 && !anyFile(p.OpenFiles, r.Files) {
		return false
	}
	if len(r.Owners) > 0 && !slices.Contains(r.Owners, p.Owner) {
		return false
	}
	return true
}

// read returns the configured guest size from argv, else the fixed size.
func (g GuestRule) read(argv []string) (uint64, string) {
	if len(argv) > 1 {
		for _, f := range g.Flags {
			if v, ok := flagValue(argv[1:], f); ok {
				if n, ok := parseGuestSize(v, g.Unit); ok {
					return n, "argv " + f
				}
			}
		}
	}
	if g.Fixed > 0 {
		return g.Fixed, "fixed size"
	}
	return 0, ""
}

// parseGuestSize reads a memory argument: "4096" (in unit), "4096M", "4G",
// "4GiB", or qemu's "size=4G,slots=…,maxmem=…".
func parseGuestSize(v string, unit uint64) (uint64, bool) {
	if i := strings.Index(v, "size="); i >= 0 {
		v = v[i+len("size="):]
	}
	if i := strings.IndexByte(v, ','); i >= 0 {
		v = v[:i]
	}
	v = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(v), "B"), "i")
	mult := unit
	if v != "" {
		if m := sizeSuffix(v[len(v)-1]); m > 0 {
			mult, v = m, v[:len(v)-1]
		}
	}
	f, err := strconv.ParseFloat(v, 64)
	// ParseFloat accepts "NaN", "Inf" and 1e300, whose conversion to uint64
	// is undefined (9.2 EB on amd64): anything not a positive size below
	// maxGuestBytes is no reading.
	if err != nil || !(f > 0) || mult == 0 || f*float64(mult) >= maxGuestBytes {
		return 0, false
	}
	return uint64(f * float64(mult)), true
}

// maxGuestBytes (8 PiB) is far beyond any machine's memory; a larger
// configured guest size is a malformed argument, not a reading.
const maxGuestBytes = 1 << 53

func sizeSuffix(b byte) uint64 {
	switch b {
	case 'k', 'K':
		return kib
	case 'm', 'M':
		return mib
	case 'g', 'G':
		return gib
	case 't', 'T':
		return 1024 * gib
	}
	return 0
}

// flagValue finds "flag value" or "flag=value" in args.
func flagValue(args []string, flag string) (string, bool) {
	for i, a := range args {
		if a == flag && i+1 < len(args) {
			return args[i+1], true
		}
		if v, ok := strings.CutPrefix(a, flag+"="); ok {
			return v, true
		}
	}
	return "", false
}

func trimExe(name string) string {
	if len(name) > 4 && strings.EqualFold(name[len(name)-4:], ".exe") {
		return name[:len(name)-4]
	}
	return name
}

// nameMatches allows a kernel-truncated name to match the pattern it was
// cut from ("com.apple.Virtua" for the VZ XPC service).
func nameMatches(patterns []string, name string) bool {
	for _, p := range patterns {
		if patternMatches(p, name) {
			return true
		}
		if len(name) >= truncatedNameLen && strings.HasPrefix(strings.TrimSuffix(p, "*"), name) {
			return true
		}
	}
	return false
}

func patternMatches(pattern, s string) bool {
	if p, ok := strings.CutSuffix(pattern, "*"); ok {
		return strings.HasPrefix(s, p)
	}
	return s == pattern
}

func anyArg(args []string, pattern string) bool {
	for _, a := range args {
		if patternMatches(pattern, a) {
			return true
		}
	}
	return false
}

func anyContains(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// anyContainsFold ignores case: Windows and macOS paths do.
func anyContainsFold(s string, subs []string) bool {
	s = strings.ToLower(s)
	for _, sub := range subs {
		if strings.Contains(s, strings.ToLower(sub)) {
			return true
		}
	}
	return false
}

func anyFile(files, subs []string) bool {
	for _, f := range files {
		if anyContains(f, subs) {
			return true
		}
	}
	return false
}
