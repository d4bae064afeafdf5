//go:build !linux

package sources

// startTicks: only Linux writes procStart as clock ticks.
func startTicks(int) (string, bool) { return "", false }
