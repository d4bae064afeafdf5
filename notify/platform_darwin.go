//go:build darwin

package notify

import (
	"fmt"
	"os/exec"
)

// platformCommand: macOS notifies through osascript, present on every Mac.
func platformCommand() (Command, error) {
	if _, err := exec.LookPath("osascript"); err != nil {
		return nil, fmt.Errorf("notify: osascript not found: %w", err)
	}
	return OsascriptCommand, nil
}
