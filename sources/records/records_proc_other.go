//go:build !linux

package records

// startTicks: only Linux writes procStart as clock ticks.
func startTicks(int) (string, bool) { return "", false }

// localPidDomain: only Linux's pidDomain names a machine and a namespace.
func localPidDomain() (string, string) { return "", "" }
