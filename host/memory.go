package host

import (
	"encoding/json"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// HostMemory is one sample of the host's memory, taken by sources/machine.
// Byte figures are bytes.
type HostMemory struct {
	At        time.Time    `json:"-"`
	Total     vocab.Figure `json:"total"`
	Available vocab.Figure `json:"available"`
	Free      vocab.Figure `json:"free"`
	Used      vocab.Figure `json:"used"`
	Cached    vocab.Figure `json:"cached"`
	SwapTotal vocab.Figure `json:"swap_total"`
	SwapUsed  vocab.Figure `json:"swap_used"`

	// Pressure is the host's own pressure level: on macOS the kernel's
	// kern.memorystatus_vm_pressure_level; on Windows and Linux the app's
	// governor rule applied to AppFreeRatio (warning < 5 %, critical < 2 %).
	Pressure       PressureLevel `json:"pressure"`
	PressureSource string        `json:"pressure_source,omitempty"`

	// AppFreeRatio is free/total as the app's governor computes it
	// (Electron's getSystemMemoryInfo): ullAvailPhys on Windows, MemFree on
	// Linux. Zero with an empty source where it does not apply (macOS).
	AppFreeRatio       float64 `json:"app_free_ratio,omitempty"`
	AppFreeRatioSource string  `json:"app_free_ratio_source,omitempty"`

	// AvailableRatio is MemAvailable/total on Linux, shown beside the app's
	// ratio because the app's ratio misfires there.
	AvailableRatio float64 `json:"available_ratio,omitempty"`

	// MemorystatusLevel is macOS kern.memorystatus_level (0–100, the kernel's
	// "free %"); -1 where it does not apply.
	MemorystatusLevel int `json:"memorystatus_level"`

	// KernelGoverned: on this host (macOS) the app's governor follows the
	// kernel's pressure events, not a free/total ratio, so no 5 %/2 % line
	// is projected from free memory and swap is judged by Pressure, not by
	// used/total (macOS adds swap files as it needs them).
	KernelGoverned bool `json:"kernel_governed,omitempty"`
}

// AnyKnown reports whether the sample read anything at all. A sample with
// one unreadable figure still carries the others (each says if it was read);
// only an empty one is worth dropping.
func (h HostMemory) AnyKnown() bool {
	return h.Total.Known || h.Available.Known || h.Free.Known || h.SwapTotal.Known || h.Pressure != PressureUnknown
}

type plainHost HostMemory

// wire is the sample with its time in the outputs' logged-time form.
func (h *HostMemory) wire() any {
	return &struct {
		*plainHost
		At vocab.TimeRef `json:"at,omitzero"`
	}{(*plainHost)(h), vocab.TimeRef{T: &h.At}}
}

// MarshalJSON writes a host sample.
func (h HostMemory) MarshalJSON() ([]byte, error) { return json.Marshal(h.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (h *HostMemory) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, h.wire()) }
