package testfs

import "golang.org/x/sys/windows"

// wineLoaded reports whether ntdll exports wine_get_version, which only
// Wine's ntdll does.
func wineLoaded() bool {
	return windows.NewLazySystemDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
}
