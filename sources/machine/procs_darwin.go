//go:build darwin

package machine

import (
	"context"
	"fmt"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
	"golang.org/x/sys/unix"
)

// darwinLister follows reference §2.3/§2.4: one kern.proc.all sysctl for the
// whole table, then libproc calls only for the candidates. Untested on real
// macOS: the struct layouts below are taken from the xnu headers, and every
// call degrades to "unknown" when it fails.
type darwinLister struct {
	once sync.Once
	lib  libproc
}

// libproc holds the libSystem functions, resolved once and never closed:
// closing purego handles caused the SIGBUS crashes gopsutil fixed in v4.26.3.
type libproc struct {
	rusage      func(pid int32, flavor int32, buf unsafe.Pointer) int32
	pidinfo     func(pid, flavor int32, arg uint64, buf unsafe.Pointer, size int32) int32
	pidfdinfo   func(pid, fd, flavor int32, buf unsafe.Pointer, size int32) int32
	responsible func(pid int32) int32 // private SPI; nil when absent
}

func newSystemLister() ProcLister { return &darwinLister{} }

func (l *darwinLister) load() {
	l.once.Do(func() {
		h, err := purego.Dlopen("/usr/lib/libSystem.B.dylib", purego.RTLD_LAZY|purego.RTLD_GLOBAL)
		if err != nil {
			return
		}
		// Dlsym first: RegisterLibFunc panics on a missing symbol, and the
		// responsibility SPI is private, so it may vanish in a macOS release.
		bind := func(fptr any, name string) {
			if addr, err := purego.Dlsym(h, name); err == nil && addr != 0 {
				purego.RegisterFunc(fptr, addr)
			}
		}
		bind(&l.lib.rusage, "proc_pid_rusage")
		bind(&l.lib.pidinfo, "proc_pidinfo")
		bind(&l.lib.pidfdinfo, "proc_pidfdinfo")
		bind(&l.lib.responsible, "responsibility_get_pid_responsible_for_pid")
	})
}

func (l *darwinLister) List(context.Context) ([]ProcInfo, error) {
	kps, err := unix.SysctlKinfoProcSlice("kern.proc.all")
	if err != nil {
		return nil, fmt.Errorf("sysctl kern.proc.all: %w", err)
	}
	out := make([]ProcInfo, 0, len(kps))
	for i := range kps {
		k := &kps[i]
		if k.Proc.P_pid <= 0 {
			continue
		}
		out = append(out, ProcInfo{
			PID:  int(k.Proc.P_pid),
			PPID: int(k.Eproc.Ppid),
			Name: unix.ByteSliceToString(k.Proc.P_comm[:]),
		})
	}
	return out, nil
}

func (l *darwinLister) Detail(ctx context.Context, procs []ProcInfo) error {
	l.load()
	calls := darwinCalls{gopsutil: func(ctx context.Context, p *ProcInfo) error {
		// Exe (proc_pidpath), argv (kern.procargs2) and CPU times through
		// gopsutil; its RSS is skipped because it reads 0 on EPERM.
		return detailGopsutil(ctx, p, true, false)
	}}
	if l.lib.rusage != nil {
		calls.rusage = l.memory
	}
	return detailAll(ctx, procs, func(ctx context.Context, p *ProcInfo) error {
		err := calls.detail(ctx, p)
		if l.lib.responsible != nil {
			if r := l.lib.responsible(int32(p.PID)); r > 0 && int(r) != p.PID {
				p.ResponsiblePID = int(r)
			}
		}
		if nameMatches([]string{vzXPC}, p.Name) {
			p.OpenFiles = l.openFiles(int32(p.PID))
		}
		return err
	})
}

// rusageInfoV2 is struct rusage_info_v2 from <sys/resource.h>.
type rusageInfoV2 struct {
	UUID                                               [16]byte
	UserTime, SystemTime, PkgIdleWkups, InterruptWkups uint64
	Pageins, WiredSize, ResidentSize, PhysFootprint    uint64
	ProcStartAbstime, ProcExitAbstime                  uint64
	ChildUserTime, ChildSystemTime                     uint64
	ChildPkgIdleWkups, ChildInterruptWkups             uint64
	ChildPageins, ChildElapsedAbstime                  uint64
	DiskIOBytesRead, DiskIOBytesWritten                uint64
}

const rusageInfoV2Flavor = 2

// memory reads RSS and phys_footprint in one call; for processes of other
// users it fails (EPERM) and both stay unknown rather than 0.
func (l *darwinLister) memory(pid int) (rss, footprint uint64, ok bool) {
	var ri rusageInfoV2
	if l.lib.rusage(int32(pid), rusageInfoV2Flavor, unsafe.Pointer(&ri)) != 0 {
		return 0, 0, false
	}
	return ri.ResidentSize, ri.PhysFootprint, true
}

// From <sys/proc_info.h>.
const (
	procPidListFDs         = 1
	proxFDTypeVnode        = 1
	procPidFDVnodePathInfo = 2
	// struct vnode_fdinfowithpath: proc_fileinfo (24 bytes), vnode_info
	// (152 bytes), then char vip_path[MAXPATHLEN].
	vnodeFDInfoWithPathSize = 1200
	vnodePathOffset         = 24 + 152
	maxFDs                  = 4096
)

// openFiles lists the vnode paths a VM process holds, to tell whose disk
// images it runs (reference §1.1). Only for processes of our own user.
func (l *darwinLister) openFiles(pid int32) []string {
	if l.lib.pidinfo == nil || l.lib.pidfdinfo == nil {
		return nil
	}
	size := l.lib.pidinfo(pid, procPidListFDs, 0, nil, 0)
	if size <= 0 {
		return nil
	}
	type procFDInfo struct {
		FD     int32
		FDType uint32
	}
	n := min(int(size)/int(unsafe.Sizeof(procFDInfo{}))+16, maxFDs)
	fds := make([]procFDInfo, n)
	got := l.lib.pidinfo(pid, procPidListFDs, 0, unsafe.Pointer(&fds[0]), int32(n*int(unsafe.Sizeof(procFDInfo{}))))
	if got <= 0 {
		return nil
	}
	fds = fds[:min(n, int(got)/int(unsafe.Sizeof(procFDInfo{})))]
	var paths []string
	buf := make([]byte, vnodeFDInfoWithPathSize)
	for _, fd := range fds {
		if fd.FDType != proxFDTypeVnode {
			continue
		}
		if l.lib.pidfdinfo(pid, fd.FD, procPidFDVnodePathInfo, unsafe.Pointer(&buf[0]), vnodeFDInfoWithPathSize) != vnodeFDInfoWithPathSize {
			continue
		}
		if path := unix.ByteSliceToString(buf[vnodePathOffset:]); path != "" {
			paths = append(paths, path)
		}
	}
	return paths
}
