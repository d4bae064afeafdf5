package machine

import (
	"encoding/binary"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// spiRecord is one synthetic SYSTEM_PROCESS_INFORMATION record.
type spiRecord struct {
	pid, ppid          uint64
	name               string
	create, user, kern uint64 // 100 ns ticks
	privateWS, private uint64
}

// spiBuffer lays the records out as the kernel does: each record, then its
// UTF-16 name, NextEntryOffset chaining them, names pointed to by address
// (the buffer is taken to sit at base).
func spiBuffer(base uint64, recs []spiRecord) []byte {
	var buf []byte
	le := binary.LittleEndian
	for i, r := range recs {
		start := len(buf)
		rec := make([]byte, spiRecordBytes)
		le.PutUint64(rec[spiPrivateWS:], r.privateWS)
		le.PutUint64(rec[spiCreateTime:], r.create)
		le.PutUint64(rec[spiUserTime:], r.user)
		le.PutUint64(rec[spiKernelTime:], r.kern)
		le.PutUint64(rec[spiPID:], r.pid)
		le.PutUint64(rec[spiPPID:], r.ppid)
		le.PutUint64(rec[spiPrivateUse:], r.private)
		var name []byte
		for _, u := range utf16.Encode([]rune(r.name)) {
			name = le.AppendUint16(name, u)
		}
		if len(name) > 0 {
			le.PutUint16(rec[spiNameLength:], uint16(len(name)))
			le.PutUint16(rec[spiNameLength+2:], uint16(len(name)+2))
			le.PutUint64(rec[spiNameBuffer:], base+uint64(start+spiRecordBytes))
		}
		buf = append(append(buf, rec...), name...)
		buf = append(buf, 0, 0)
		for len(buf)%8 != 0 {
			buf = append(buf, 0)
		}
		if i < len(recs)-1 {
			le.PutUint32(buf[start+spiNext:], uint32(len(buf)-start))
		}
	}
	return buf
}

func TestWalkProcessInfo(t *testing.T) {
	const base = 0x7ff6_1234_0000
	recs := []spiRecord{
		{pid: 0, ppid: 0, name: ""}, // the idle process has no name
		{pid: 8000, ppid: 1200, name: "vmwp.exe", create: 134_000_000_000_000_000, user: 2e7, kern: 1e7, privateWS: 30 * mib, private: 40 * mib},
		// #74890's VM: 4,104 MB commit, 13 MB working set.
		{pid: 8001, ppid: 8000, name: "vmmem", create: 134_000_000_010_000_000, user: 0, kern: 5e7, privateWS: 13 * mib, private: 4104 * mib},
		{pid: 7000, ppid: 3000, name: "Claude.exe", create: 133_999_999_000_000_000, user: 1e7, kern: 0, privateWS: 250 * mib, private: 200 * mib},
		{pid: 9000, ppid: 7000, name: "Ünïcode ✓.exe"},
	}
	got, err := walkProcessInfo(spiBuffer(base, recs), base)
	if err != nil {
		t.Fatal(err)
	}
	want := []ProcInfo{
		{PID: 0, CPUKnown: true, RSSKnown: true, FootprintKnown: true},
		{PID: 8000, PPID: 1200, Name: "vmwp.exe", CreateTime: 134_000_000_000_000_000, Started: time.Date(2025, 8, 18, 14, 13, 20, 0, time.UTC), CPU: 3, CPUKnown: true, RSS: 30 * mib, RSSKnown: true, Footprint: 40 * mib, FootprintKnown: true},
		{PID: 8001, PPID: 8000, Name: "vmmem", CreateTime: 134_000_000_010_000_000, Started: time.Date(2025, 8, 18, 14, 13, 21, 0, time.UTC), CPU: 5, CPUKnown: true, RSS: 13 * mib, RSSKnown: true, Footprint: 4104 * mib, FootprintKnown: true},
		{PID: 7000, PPID: 3000, Name: "Claude.exe", CreateTime: 133_999_999_000_000_000, Started: time.Date(2025, 8, 18, 14, 11, 40, 0, time.UTC), CPU: 1, CPUKnown: true, RSS: 250 * mib, RSSKnown: true, Footprint: 200 * mib, FootprintKnown: true},
		{PID: 9000, PPID: 7000, Name: "Ünïcode ✓.exe", CPUKnown: true, RSSKnown: true, FootprintKnown: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("walk:\n got %+v\nwant %+v", got, want)
	}

	// Scanned, the VM is a Hyper-V VM by its commit, and its processes
	// carry their creation times for the model to place it (W3).
	svc := spiRecord{pid: 900, ppid: 700, name: "cowork-svc.exe", create: 1, privateWS: mib, private: mib}
	procs, err := walkProcessInfo(spiBuffer(base, append(recs, svc)), base)
	if err != nil {
		t.Fatal(err)
	}
	groups, rows := scanRows(t, procs)
	if rows[0].key != "hyperv" || rows[0].footprint != 4144*mib || groups[0].Members[1].Started != time.Date(2025, 8, 18, 14, 13, 21, 0, time.UTC) {
		t.Errorf("groups %+v", rows)
	}
}

func TestWalkProcessInfoCorrupt(t *testing.T) {
	const base = 0x10000
	good := spiBuffer(base, []spiRecord{{pid: 4, name: "System"}, {pid: 8, name: "smss.exe"}})
	for _, tt := range []struct {
		name string
		buf  []byte
		want string
	}{
		{"truncated record", good[:spiRecordBytes-1], "runs past"},
		{"next past the end", func() []byte {
			b := append([]byte(nil), good...)
			binary.LittleEndian.PutUint32(b[spiNext:], uint32(len(b)))
			return b
		}(), "runs past"},
		{"name outside", func() []byte {
			b := append([]byte(nil), good...)
			binary.LittleEndian.PutUint64(b[spiNameBuffer:], base+uint64(len(b)))
			return b
		}(), "outside the buffer"},
		{"name before the buffer", func() []byte {
			b := append([]byte(nil), good...)
			binary.LittleEndian.PutUint64(b[spiNameBuffer:], base-2)
			return b
		}(), "outside the buffer"},
	} {
		if _, err := walkProcessInfo(tt.buf, base); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
}
