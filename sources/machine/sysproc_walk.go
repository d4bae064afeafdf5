package machine

import (
	"encoding/binary"
	"fmt"
	"time"
	"unicode/utf16"
)

// The Windows process table from one NtQuerySystemInformation
// (SystemProcessInformation) call: names, parents, creation times, CPU
// times and memory of every process, without opening any. That is how Task
// Manager shows vmmem unelevated, where OpenProcess is refused (platforms
// audit U2). The walker is plain Go over the bytes, in a file without a
// build tag, so it is tested on a synthetic buffer on any OS.

// Offsets in a 64-bit SYSTEM_PROCESS_INFORMATION (x/sys/windows's
// struct; procs_windows_test.go checks them against it under Wine).
const (
	spiNext        = 0   // NextEntryOffset uint32
	spiPrivateWS   = 8   // WorkingSetPrivateSize int64
	spiCreateTime  = 32  // CreateTime int64, 100 ns since 1601
	spiUserTime    = 40  // UserTime int64, 100 ns
	spiKernelTime  = 48  // KernelTime int64, 100 ns
	spiNameLength  = 56  // ImageName.Length uint16, bytes
	spiNameBuffer  = 64  // ImageName.Buffer pointer
	spiPID         = 80  // UniqueProcessID
	spiPPID        = 88  // InheritedFromUniqueProcessID
	spiWorkingSet  = 144 // WorkingSetSize
	spiPagefile    = 184 // PagefileUsage: private bytes too
	spiPrivateUse  = 200 // PrivatePageCount: private bytes (commit), despite its name
	spiRecordBytes = 256
)

// ticksPerSecond: Windows times are in 100 ns ticks.
const ticksPerSecond = 1e7

// maxProcRecords bounds a walk over a corrupt chain.
const maxProcRecords = 1 << 16

// walkProcessInfo parses the records in buf, which the kernel filled at
// address base (the image names point into buf by address). Memory is the
// private working set (Task Manager's "Memory") as RSS and the private
// bytes (commit) as the footprint: a Hyper-V VM's vmmem holds its guest as
// commit while its working set may be paged out (#74890: 4,104 MB commit,
// 13 MB working set).
func walkProcessInfo(buf []byte, base uint64) ([]ProcInfo, error) {
	var out []ProcInfo
	le := binary.LittleEndian
	for off, n := 0, 0; ; n++ {
		if n >= maxProcRecords || off < 0 || off+spiRecordBytes > len(buf) {
			return out, fmt.Errorf("process information: record %d at byte %d runs past the %d-byte buffer", n, off, len(buf))
		}
		r := buf[off : off+spiRecordBytes]
		name, err := imageName(buf, base, uint64(le.Uint16(r[spiNameLength:])), le.Uint64(r[spiNameBuffer:]))
		if err != nil {
			return out, fmt.Errorf("process information: record %d: %w", n, err)
		}
		out = append(out, ProcInfo{
			PID:        int(le.Uint64(r[spiPID:])),
			PPID:       int(le.Uint64(r[spiPPID:])),
			Name:       name,
			CreateTime: int64(le.Uint64(r[spiCreateTime:])),
			Started:    filetimeTime(int64(le.Uint64(r[spiCreateTime:]))),
			CPU:        float64(le.Uint64(r[spiUserTime:])+le.Uint64(r[spiKernelTime:])) / ticksPerSecond,
			CPUKnown:   true,
			RSS:        orElse(le.Uint64(r[spiPrivateWS:]), le.Uint64(r[spiWorkingSet:])), RSSKnown: true,
			Footprint: orElse(le.Uint64(r[spiPrivateUse:]), le.Uint64(r[spiPagefile:])), FootprintKnown: true,
		})
		next := int(le.Uint32(r[spiNext:]))
		if next == 0 {
			return out, nil
		}
		off += next
	}
}

// orElse is v, or when the kernel left it 0 (Wine fills only the classic
// counters) the older counter.
func orElse(v, older uint64) uint64 {
	if v == 0 {
		return older
	}
	return v
}

// imageName decodes the UTF-16 name at address ptr (length in bytes).
// The idle process has none.
func imageName(buf []byte, base, length, ptr uint64) (string, error) {
	if length == 0 || ptr == 0 {
		return "", nil
	}
	if ptr < base || length%2 != 0 || ptr-base+length > uint64(len(buf)) {
		return "", fmt.Errorf("image name (%d bytes at %#x) outside the buffer at %#x", length, ptr, base)
	}
	b := buf[ptr-base : ptr-base+length]
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return string(utf16.Decode(u)), nil
}

// filetimeEpoch is 1970-01-01 in FILETIME ticks (100 ns since 1601).
const filetimeEpoch = 116444736000000000

// filetimeTime is a FILETIME as a time; zero for zero (the idle process).
func filetimeTime(ft int64) time.Time {
	if ft <= filetimeEpoch {
		return time.Time{}
	}
	return time.Unix(0, (ft-filetimeEpoch)*100).UTC()
}
