// Package machine samples the machine coworktop runs on: host memory, swap
// and the OS's memory-pressure level (sysctl on macOS without cgo,
// /proc/meminfo on Linux, the Win32 memory status on Windows, gopsutil as the
// fallback), and the process table, grouped by the signature table in
// signatures.go into the Claude app, its sessions, the Cowork VM and the VM
// engines competing with it for memory (Docker Desktop, OrbStack, colima,
// UTM, Parallels…). Each grouped process is kept as a member (members.go:
// its parent, its memory in the OS's own terms, a hash of its command line,
// its role) for the splits the model makes in the same pass: memory per
// session, the app's processes by role, the Hyper-V VM that is Cowork's.
//
// OS-specific code sits behind build tags, and every reader is an injected
// function or interface so tests run on fakes. What it delivers is host's
// types (below the model: it does not import governor, which places and
// splits the samples); it never reads the Claude logs (that is sources/),
// parses no log text and renders nothing.
package machine
