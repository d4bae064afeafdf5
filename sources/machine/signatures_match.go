package machine

import (
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
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
}

func newMatcher(sigs []Signature) *matcher {
	m := &matcher{sigs: sigs, byKey: map[string]int{}, exact: map[string]bool{}, rollup: map[string]bool{}}
	for i, s := range sigs {
		m.byKey[s.Key] = i
		for _, r := range s.Rules {
			for _, n := range r.Names {
				if p, ok := strings.CutSuffix(n, "*"); ok {
					m.prefixes = append(m.prefixes, p)
					m.all = append(m.all, p)
				} else {
					m.exact[n] = true
					m.all = append(m.all, n)
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
	i, g, _, ok := m.match(&p)
	if !ok {
		return "", 0, false
	}
	return m.sigs[i].Key, g, true
}

// candidate reports whether a bare process name (before exe and argv are
// read) could match any rule, and whether its group takes descendants.
func (m *matcher) candidate(name string) (match, rollup bool) {
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
// guest memory that rule reads, and where that figure came from.
func (m *matcher) match(p *ProcInfo) (sig int, guest uint64, guestSrc string, ok bool) {
	name := trimExe(p.Name)
	exeBase := ""
	if p.Exe != "" {
		exeBase = trimExe(path.Base(strings.ReplaceAll(p.Exe, `\`, "/")))
	}
	for i := range m.sigs {
		for j := range m.sigs[i].Rules {
			r := &m.sigs[i].Rules[j]
			if !nameMatches(r.Names, name) && (exeBase == "" || !nameMatches(r.Names, exeBase)) {
				continue
			}
			if !r.matchRest(p) {
				continue
			}
			if m.sigs[i].AdoptByOwner && p.Owner != "" {
				if k, found := m.byKey[p.Owner]; found {
					i = k
				}
			}
			g, src := r.Guest.read(p.Args)
			return i, g, src, true
		}
	}
	return 0, 0, "", false
}

func (r *Rule) matchRest(p *ProcInfo) bool {
	var args []string
	if len(p.Args) > 1 {
		args = p.Args[1:]
	}
	if len(r.ExeHas) > 0 && !anyContains(strings.ReplaceAll(p.Exe, `\`, "/"), r.ExeHas) {
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

func anyFile(files, subs []string) bool {
	for _, f := range files {
		if anyContains(f, subs) {
			return true
		}
	}
	return false
}
