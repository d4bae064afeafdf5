package ingest

import (
	"bytes"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// cowork-service.log, the Windows VM service's own log (claude-logs.md
// §7.6): "2026/04/15 10:52:22.537323 [Tag] text", tags [VM], [HCS],
// [Server] and more, some lines with no tag. On Windows it is the only
// place the VM's size is written, in the JSON document that follows
// "[HCS] Config JSON:".

// parseService reads one cowork-service.log body.
func parseService(e *entry, out []event.Event) []event.Event {
	b := e.Body
	if rest, ok := cut(b, "[Server] "); ok { // newer builds tag the ready line (#93633)
		b = trimSpaces(rest)
	}
	switch {
	case bytes.HasPrefix(b, []byte("Claude VM Service starting")):
		return append(out, event.Event{Kind: event.KindServiceStart})
	case bytes.HasPrefix(b, []byte("Service ready.")):
		return append(out, event.Event{Kind: event.KindServiceReady})
	case bytes.HasPrefix(b, []byte("Service stopped")):
		return append(out, event.Event{Kind: event.KindServiceStop})
	case bytes.HasPrefix(b, []byte("Warning: failed to configure recovery actions")),
		// the older wording, April to mid-August 2026 (#87556)
		bytes.HasPrefix(b, []byte("Warning: failed to open service for recovery config")):
		// a crashed service will stay down until reboot (#93633)
		return append(out, event.Event{Kind: event.KindServiceWarning, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
	case bytes.HasPrefix(b, []byte("[VM] VM started successfully")):
		return append(out, event.Event{Kind: event.KindVMReady})
	}
	return out
}

// isVMConfig: the body opens the HCS compute-system document.
func isVMConfig(body []byte) bool { return bytes.HasPrefix(body, []byte("[HCS] Config JSON:")) }

// scanVMConfig reads "SizeInMB":N and "Processor":{"Count":N} from one line
// of the document (the first of each counts), as it goes by: the document
// is one long line or many, and never kept.
func scanVMConfig(line []byte, e *entry) {
	if e.cfgMB == 0 {
		e.cfgMB = jsonInt(line, `"SizeInMB"`)
	}
	if e.cfgCPU == 0 {
		if i := bytes.Index(line, []byte(`"Processor"`)); i >= 0 {
			e.cfgCPU = jsonInt(line[i:], `"Count"`)
		}
	}
}

// jsonInt is the number after key and a colon, 0 if none.
func jsonInt(b []byte, key string) int {
	i := bytes.Index(b, []byte(key))
	if i < 0 {
		return 0
	}
	rest := bytes.TrimLeft(b[i+len(key):], " ")
	rest, ok := cut(rest, ":")
	if !ok {
		return 0
	}
	n, _, _ := num(bytes.TrimLeft(rest, " "))
	return n
}

// vmConfigEvents: the document gives the VM's size. It is written whenever
// the service prepares a VM, so it is a configuration, not a boot
// (claude-logs.md §7.9): the VM's state follows its own boot lines.
func vmConfigEvents(e *entry) []event.Event {
	return []event.Event{{Kind: event.KindVMConfig, Detail: &event.EventDetail{MemoryMB: e.cfgMB, CPUs: e.cfgCPU}}}
}
