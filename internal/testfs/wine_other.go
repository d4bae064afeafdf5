//go:build !windows

package testfs

// wineLoaded is false off Windows: Wine runs Windows binaries only.
func wineLoaded() bool { return false }
