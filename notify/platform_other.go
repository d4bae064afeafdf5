//go:build !darwin && !linux

package notify

// platformCommand: no notifier on Windows or elsewhere; --notify says so.
func platformCommand() (Command, error) { return nil, ErrUnsupported }
