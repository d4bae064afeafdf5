package ingest

import (
	"bytes"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// parseVMNode reads cowork_vm_node.log bodies: "[VM:steps] …", "[VM:start] …",
// "[VM] …" (claude-logs.md §1.5).
func parseVMNode(nm *names, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(b, "[VM:steps] "); ok {
		step, rest := word(rest, " ")
		phase, rest := word(bytes.TrimLeft(rest, " "), " ")
		if string(phase) != "started" && string(phase) != "completed" {
			return out
		}
		ev := event.Event{Kind: event.KindVMStep, Detail: &event.EventDetail{Step: nm.get(step, 40), Phase: string(phase)}}
		if r, ok := cut(rest, " ("); ok {
			ms, _, _ := num(r)
			ev.DurationMs = vocab.CapInt32(int64(ms))
		}
		return append(out, ev)
	}
	if rest, ok := cut(b, "[VM:start] "); ok {
		if r, ok := cut(rest, "memory="); ok {
			gb, _, _ := num(r)
			return append(out, event.Event{Kind: event.KindVMBoot}, event.Event{Kind: event.KindVMConfig, Detail: &event.EventDetail{MemoryGB: gb}})
		}
		if r, ok := cut(rest, "Startup failed: "); ok {
			return append(out, event.Event{Kind: event.KindVMFailed, Text: vocab.Sanitize(r, vocab.MaxTextRunes)})
		}
		if bytes.HasPrefix(rest, []byte("Connection timeout")) {
			return append(out, event.Event{Kind: event.KindVMFailed, Text: vocab.Sanitize(rest, vocab.MaxTextRunes)})
		}
		if ev, ok := vmStartNote(nm, rest); ok {
			return append(out, ev...)
		}
		if r, ok := cut(rest, "Startup complete, total time: "); ok {
			ms, _, _ := num(r)
			return append(out, event.Event{Kind: event.KindVMReady, DurationMs: vocab.CapInt32(int64(ms))})
		}
	}
	return out
}

// vmStartNote reads the [VM:start] lines of a boot attempt (claude-logs.md
// §7.7, #79270): "Beginning startup, bundlePath=…" begins one (also after
// a failure); "Bundle version: <v>", "Still waiting for guest
// connection... 50749ms elapsed, 101 polls" and "Skipping auto-reinstall
// (already attempted once)" say how it goes.
func vmStartNote(nm *names, b []byte) ([]event.Event, bool) {
	switch {
	case bytes.HasPrefix(b, []byte("Beginning startup")):
		return []event.Event{{Kind: event.KindVMBoot}}, true
	case bytes.HasPrefix(b, []byte("Bundle version: ")):
		v, _ := word(b[len("Bundle version: "):], " ")
		return []event.Event{{Kind: event.KindVMNote, Detail: &event.EventDetail{Version: nm.get(v, 40)}, Text: nm.text(event.KindVMNote, b)}}, true
	case bytes.HasPrefix(b, []byte("Still waiting for guest connection")):
		ev := event.Event{Kind: event.KindVMNote, Text: nm.text(event.KindVMNote, b)}
		if ms, _, ok := num(bytes.TrimLeft(b[len("Still waiting for guest connection"):], ". ")); ok {
			ev.DurationMs = vocab.CapInt32(int64(ms))
		}
		return []event.Event{ev}, true
	case bytes.HasPrefix(b, []byte("Skipping auto-reinstall")):
		return []event.Event{{Kind: event.KindVMNote, Text: nm.text(event.KindVMNote, b)}}, true
	}
	return nil, false
}

// parseVMSwift reads cowork_vm_swift.log bodies (the "[VM] " prefix is gone).
func parseVMSwift(nm *names, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(b, "VM startup step: "); ok {
		step, rest := word(rest, " ")
		phase, _ := word(bytes.TrimLeft(rest, " "), " ")
		if string(phase) != "started" && string(phase) != "completed" {
			return out
		}
		return append(out, event.Event{Kind: event.KindVMStep, Detail: &event.EventDetail{Step: nm.get(step, 40), Phase: string(phase)}})
	}
	if t := bytes.TrimLeft(b, " "); len(t) > 2 && t[0] == '-' {
		if r, ok := cut(t, "- CPUs: "); ok {
			n, _, _ := num(r)
			return append(out, event.Event{Kind: event.KindVMConfig, Detail: &event.EventDetail{CPUs: n}})
		}
		if r, ok := cut(t, "- Memory: "); ok {
			n, _, _ := num(r)
			return append(out, event.Event{Kind: event.KindVMConfig, Detail: &event.EventDetail{MemoryGB: n}})
		}
		return out
	}
	if r, ok := cut(b, "startVM called for "); ok {
		ev := event.Event{Kind: event.KindVMConfig}
		if v, ok := field(r, "memoryGB="); ok {
			ev.Detailed().MemoryGB, _, _ = num(v)
		}
		if v, ok := field(r, "cpuCount="); ok {
			ev.Detailed().CPUs, _, _ = num(v) // "auto" leaves it unknown
		}
		return append(out, event.Event{Kind: event.KindVMBoot}, ev)
	}
	if bytes.HasPrefix(b, []byte("Using bundle at ")) {
		return append(out, event.Event{Kind: event.KindVMBoot})
	}
	if bytes.HasPrefix(b, []byte("Linux VM started successfully")) {
		return append(out, event.Event{Kind: event.KindVMReady})
	}
	return out
}

// parseProcessMemory reads a [process-memory] sample (claude-logs.md §1.3):
//
//	trigger=interval tree_rss_sum=554MB tree_footprint_sum=193MB electron(4)=434MB
//	children(2)=121MB top=[…] sys_free=5637MB/32453MB sys_free_raw=5637MB
func parseProcessMemory(nm *names, b []byte) event.Event {
	s := event.MemorySample{}
	// One pass over the space-separated key=value tokens: a sample line is
	// long, and searching it once per figure showed in report's profile.
	// The first of a repeated key wins.
	var seen uint8
	first := func(bit uint8) bool {
		if seen&bit != 0 {
			return false
		}
		seen |= bit
		return true
	}
	for len(b) > 0 {
		// The top=[…] list names processes, not figures of the sample: it is
		// passed over in one search, not token by token.
		if len(b) > len("top=[") && string(b[:len("top=[")]) == "top=[" {
			if end := bytes.IndexByte(b, ']'); end >= 0 {
				b = trimSpaces(b[end+1:])
				continue
			}
		}
		tok := b
		if sp := bytes.IndexByte(b, ' '); sp >= 0 {
			tok, b = b[:sp], trimSpaces(b[sp+1:])
		} else {
			b = nil
		}
		eq := bytes.IndexByte(tok, '=')
		if eq < 0 {
			continue
		}
		key, v := tok[:eq], tok[eq+1:]
		switch string(key) {
		case "trigger":
			if first(1) {
				s.Trigger = nm.get(v, 20)
			}
		case "tree_rss_sum":
			if first(2) {
				s.TreeRSSMB = mb(v)
			}
		case "tree_footprint_sum":
			if first(4) {
				s.TreeFootprintMB = mb(v)
			}
		case "sys_free":
			if first(8) {
				free, rest, _ := num(v)
				s.SysFreeMB = free
				if r, ok := cut(rest, "MB/"); ok {
					s.TotalMB = mb(r)
				}
			}
		case "sys_free_raw":
			if first(16) {
				s.SysFreeRawMB = mb(v)
			}
		default:
			if r, ok := cut(key, "electron("); ok && first(32) {
				s.ElectronCount, s.ElectronMB = countedMB(r, v)
			} else if r, ok := cut(key, "children("); ok && first(64) {
				s.ChildCount, s.ChildrenMB = countedMB(r, v)
			}
		}
	}
	return event.Event{Kind: event.KindMemorySample, Memory: &s}
}

// countedMB reads the "<n>)" of a "<name>(<n>)=<m>MB" key and its value.
func countedMB(key, v []byte) (int, int) {
	n, rest, _ := num(key)
	if string(rest) != ")" {
		return n, 0
	}
	return n, mb(v)
}

// parseVMLayer reads the VM layer's tagged lines that no VM log of its own
// holds (claude-logs.md §7.8): "[deleteVMBundle] Deleted rootfs.vhdx" (the
// VM's disk deleted: data loss), and the Linux build's "[startVM] VM
// already connected" (the VM runs), "[postConnect] …" (it connected: it
// runs) and "[Keepalive] …" (#78283).
func parseVMLayer(e *entry, b []byte, out []event.Event) []event.Event {
	switch {
	case bytes.HasPrefix(b, []byte("[downloadVM] ")): // a VM still being fetched is booting, not stalled (§7.9)
		return append(out, event.Event{Kind: event.KindVMDownload, Text: vocab.Sanitize(trimSpaces(b[len("[downloadVM] "):]), vocab.MaxTextRunes)})
	case bytes.HasPrefix(b, []byte("Reinstall files deleted")):
		return append(out, event.Event{Kind: event.KindVMReinstall, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
	case bytes.HasPrefix(b, []byte("[deleteVMBundle] ")):
		rest := trimSpaces(b[len("[deleteVMBundle] "):])
		if bytes.HasPrefix(rest, []byte("Reinstall files deleted")) { // kept the session data: no data loss (§7.9)
			return append(out, event.Event{Kind: event.KindVMReinstall, Text: vocab.Sanitize(rest, vocab.MaxTextRunes)})
		}
		if !bytes.HasPrefix(rest, []byte("Deleted")) {
			return append(out, event.Event{Kind: event.KindVMNote, Text: e.names.text(event.KindVMNote, b)})
		}
		return append(out, event.Event{Kind: event.KindVMBundleDeleted, Text: vocab.Sanitize(rest, vocab.MaxTextRunes)})
	case bytes.HasPrefix(b, []byte("[startVM] ")):
		if bytes.HasPrefix(trimSpaces(b[len("[startVM] "):]), []byte("VM already connected")) {
			return append(out, event.Event{Kind: event.KindVMReady})
		}
	case bytes.HasPrefix(b, []byte("[postConnect] ")):
		return append(out, event.Event{Kind: event.KindVMReady}, event.Event{Kind: event.KindVMNote, Text: e.names.text(event.KindVMNote, b)})
	}
	return append(out, event.Event{Kind: event.KindVMNote, Text: e.names.text(event.KindVMNote, b)})
}
