package machine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"sync"
	"syscall"
)

// linuxLister lists processes with one small read per process:
// /proc/PID/stat holds the name, the parent, the state, the CPU times, the
// start and the resident set, so the listing is the whole of what the
// scan needs but the executable and the arguments. Those two it reads for
// the few candidates only, and keeps while the process's start stays the
// same (a pid reused by a new process starts later). The scan is the
// largest part of the live view's idle cost.
type linuxLister struct {
	mu    sync.Mutex
	known map[int]procIdentity // candidates' exe and args, by pid
}

// procIdentity is what a process's exe and arguments were read as, and
// the start (clock ticks since boot) of the process they were read from.
type procIdentity struct {
	start int64
	exe   string
	args  []string
}

func newSystemLister() ProcLister { return &linuxLister{} }

// Bounds of the reads of one process: its stat line, and as much of its
// command line as the join needs (flags such as --resume, --type and the
// guest's options come early; a process with 100 KB of arguments once
// made a snapshot read 100 MB, issue 53 R9).
const (
	procStatMax    = 1024
	procCmdlineMax = 4 << 10
)

// clockTicks is the unit of /proc/PID/stat's times: USER_HZ, which Linux
// exports as 100 on every architecture whatever the kernel's own HZ.
const clockTicks = 100

func (*linuxLister) List(ctx context.Context) ([]ProcInfo, error) {
	dir, err := os.Open("/proc")
	if err != nil {
		return nil, fmt.Errorf("listing processes: %w", err)
	}
	names, err := dir.Readdirnames(-1)
	dir.Close()
	if err != nil {
		return nil, fmt.Errorf("listing processes: %w", err)
	}
	out := make([]ProcInfo, 0, len(names))
	buf := make([]byte, procStatMax)
	page := uint64(os.Getpagesize())
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil {
			continue // not a process folder
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		p, ok := readProcStat(pid, buf, page)
		if ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// readProcStat reads one process's stat line; ok is false for a process
// that is gone, a zombie included (it has exited: only its parent has not
// collected its status, issue 53 R12).
//
// It uses plain system calls: os.Open's non-blocking setup and finalizer
// cost more than the read itself, a few hundred times per scan.
func readProcStat(pid int, buf []byte, page uint64) (ProcInfo, bool) {
	n, ok := readSmall("/proc/"+strconv.Itoa(pid)+"/stat", buf)
	if !ok {
		return ProcInfo{}, false // exited between the listing and now
	}
	return parseProcStat(pid, buf[:n], page)
}

// readSmall reads at most len(buf) bytes of path with plain system calls.
func readSmall(path string, buf []byte) (int, bool) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return 0, false
	}
	defer syscall.Close(fd)
	total := 0
	for total < len(buf) {
		n, err := syscall.Read(fd, buf[total:])
		if err != nil || n <= 0 {
			break
		}
		total += n
	}
	return total, total > 0
}

// Fields of /proc/PID/stat counted from the state (field 3), which follows
// the command name's closing parenthesis.
const (
	statState = 0  // 3: R, S, D, Z, …
	statPPID  = 1  // 4
	statUtime = 11 // 14, clock ticks
	statStime = 12 // 15, clock ticks
	statStart = 19 // 22, clock ticks since boot
	statRSS   = 21 // 24, pages
)

// parseProcStat reads "PID (COMM) STATE PPID …". COMM may itself hold
// spaces and parentheses, so it ends at the last ')'. A line cut before
// the resident set (older kernels, or a short read) still gives the name
// and the parent, with CPU and memory unknown.
func parseProcStat(pid int, b []byte, page uint64) (ProcInfo, bool) {
	open := bytes.IndexByte(b, '(')
	end := bytes.LastIndexByte(b, ')')
	if open < 0 || end < open {
		return ProcInfo{}, false
	}
	var f [statRSS + 1][]byte
	n := 0
	for rest := b[end+1:]; n < len(f); n++ {
		rest = bytes.TrimLeft(rest, " ")
		i := bytes.IndexAny(rest, " \n")
		if i < 0 {
			i = len(rest)
		}
		if i == 0 {
			break
		}
		f[n], rest = rest[:i], rest[i:]
	}
	if n <= statPPID || string(f[statState]) == "Z" {
		return ProcInfo{}, false
	}
	ppid, err := strconv.Atoi(string(f[statPPID]))
	if err != nil {
		return ProcInfo{}, false
	}
	p := ProcInfo{PID: pid, PPID: ppid, Name: string(b[open+1 : end])}
	if n > statRSS {
		ut, e1 := strconv.ParseUint(string(f[statUtime]), 10, 64)
		st, e2 := strconv.ParseUint(string(f[statStime]), 10, 64)
		start, e3 := strconv.ParseInt(string(f[statStart]), 10, 64)
		rss, e4 := strconv.ParseInt(string(f[statRSS]), 10, 64)
		if e1 == nil && e2 == nil {
			p.CPU, p.CPUKnown = float64(ut+st)/clockTicks, true
		}
		if e3 == nil {
			p.CreateTime = start
		}
		if e4 == nil && rss >= 0 {
			p.RSS, p.RSSKnown = uint64(rss)*page, true
		}
	}
	return p, true
}

// Detail fills each candidate's exe and arguments, from what was read
// before while its start is unchanged. CPU time and memory came with the
// listing.
func (l *linuxLister) Detail(ctx context.Context, procs []ProcInfo) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	prev := l.known
	l.known = make(map[int]procIdentity, len(procs))
	buf := make([]byte, procCmdlineMax)
	return detailAll(ctx, procs, func(_ context.Context, p *ProcInfo) error {
		if id, ok := prev[p.PID]; ok && id.start == p.CreateTime && p.CreateTime != 0 {
			p.Exe, p.Args = id.exe, id.args
			l.known[p.PID] = id
			return nil
		}
		err := readIdentity(p, buf)
		if err == nil {
			l.known[p.PID] = procIdentity{start: p.CreateTime, exe: p.Exe, args: p.Args}
		}
		return err
	})
}

// readIdentity reads p's executable and at most procCmdlineMax bytes of
// its command line (a last argument cut there is kept cut). Either may be
// unreadable (another user's process): it stays unknown, and only when
// both are is that an error.
func readIdentity(p *ProcInfo, buf []byte) error {
	dir := "/proc/" + strconv.Itoa(p.PID)
	exe, exeErr := os.Readlink(dir + "/exe")
	if exeErr == nil {
		p.Exe = exe
	}
	if _, err := os.Stat(dir); err != nil {
		return fmt.Errorf("pid %d: %w", p.PID, err) // gone
	}
	n, ok := readSmall(dir+"/cmdline", buf)
	if ok {
		p.Args = splitCmdline(buf[:n])
	}
	if exeErr != nil && !ok {
		return fmt.Errorf("pid %d: %w", p.PID, exeErr)
	}
	return nil
}

// splitCmdline splits a NUL-separated command line; nil when empty (a
// kernel thread).
func splitCmdline(b []byte) []string {
	b = bytes.TrimRight(b, "\x00")
	if len(b) == 0 {
		return nil
	}
	parts := bytes.Split(b, []byte{0})
	out := make([]string, len(parts))
	for i, a := range parts {
		out[i] = string(a)
	}
	return out
}
