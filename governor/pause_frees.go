package governor

import "github.com/coworktop/coworktop/vocab"

// What pausing an idle session would free: its own processes' memory
// (session_memory.go). It is coworktop's estimate: pages a process shares
// with others are not freed, and the app may start the session again.

// PauseFreesLabel labels the figure in every output.
const PauseFreesLabel = "coworktop's estimate"

// PauseEstimate is what pausing one session would free.
type PauseEstimate struct {
	Session string  `json:"session"`
	Name    string  `json:"name"`
	IdleS   float64 `json:"idle_s"`
	Bytes   uint64  `json:"bytes"`
	Source  string  `json:"source"`
	Label   string  `json:"label"`
	Text    string  `json:"text"`
}

// PauseFreesText is the estimate in words, the same in every output:
// "pausing checkout-api (idle 16m) would free about 1.2 GiB (its
// processes)"; "" when the session's memory is not known.
func PauseFreesText(v SessionView) string {
	if v.Memory == nil {
		return ""
	}
	return "pausing " + SessionName(v) + " (idle " + vocab.ShortDuration(v.Idle) + ") would free about " + vocab.FormatBytes(v.Memory.Bytes) + " (its processes)"
}

// pauseEstimate is the estimate for v, nil when its memory is unknown.
func pauseEstimate(v *SessionView) *PauseEstimate {
	if v == nil || v.Memory == nil {
		return nil
	}
	return &PauseEstimate{Session: v.ID, Name: SessionName(*v), IdleS: v.Idle.Seconds(), Bytes: v.Memory.Bytes,
		Source: v.Memory.Source, Label: PauseFreesLabel, Text: PauseFreesText(*v)}
}
