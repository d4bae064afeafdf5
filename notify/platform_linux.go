//go:build linux

package notify

import (
	"fmt"
	"os/exec"
)

// platformCommand: Linux notifies through notify-send (libnotify).
func platformCommand() (Command, error) {
	if _, err := exec.LookPath("notify-send"); err != nil {
		return nil, fmt.Errorf("notify: notify-send not found (install libnotify-bin): %w", err)
	}
	return NotifySendCommand, nil
}
