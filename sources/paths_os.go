package sources

import (
	"os"
	"sort"
	"strings"
)

// The app's log folders on macOS and Windows (claude-logs.md §3,
// platforms-audit W5). Each is probed; the newest main.log wins, and doctor
// says why each other folder was not used.

// msixPackagePrefix begins the Claude MSIX package's folder name under
// %LOCALAPPDATA%\Packages; msixPackage is the one publicly seen. Folders
// are matched by the prefix, so another publisher hash is found too.
const (
	msixPackagePrefix = "Claude_"
	msixPackage       = "Claude_pzs8sxrjxfjjc"
)

// darwinCandidates: the app's folder, then Cowork on third-party
// platforms' (claude.com/docs/cowork/3p/data-storage).
func darwinCandidates(in DiscoverInput) []Candidate {
	return []Candidate{
		{in.join(in.Home, "Library", "Logs", "Claude"), "macOS default"},
		{in.join(in.Home, "Library", "Logs", "Claude-3p"), "Cowork on 3P (macOS)"},
	}
}

// windowsCandidates: Local (the live folder since the 2026-08-21 move),
// Roaming (stale on upgraded machines), the MSIX package's redirected
// copies of both under LocalCache, and the Cowork-on-3P folders.
func windowsCandidates(in DiscoverInput) []Candidate {
	local, roaming := in.getenv("LOCALAPPDATA"), in.getenv("APPDATA")
	localSrc, roamingSrc := "%LOCALAPPDATA%", "%APPDATA%"
	if local == "" {
		local, localSrc = in.join(in.Home, "AppData", "Local"), "%USERPROFILE%\\AppData\\Local (LOCALAPPDATA unset)"
	}
	if roaming == "" {
		roaming, roamingSrc = in.join(in.Home, "AppData", "Roaming"), "%USERPROFILE%\\AppData\\Roaming (APPDATA unset)"
	}
	out := []Candidate{
		{in.join(local, "Claude", "Logs"), localSrc},
		{in.join(roaming, "Claude", "logs"), roamingSrc},
	}
	for _, pkg := range msixPackages(in, local) {
		cache := in.join(local, "Packages", pkg, "LocalCache")
		src := "MSIX package " + pkg + ", LocalCache\\"
		out = append(out,
			Candidate{in.join(cache, "Roaming", "Claude", "logs"), src + "Roaming (builds before the 2026-08-21 move)"},
			Candidate{in.join(cache, "Local", "Claude", "Logs"), src + "Local"},
			Candidate{in.join(cache, "Local", "Claude-3p", "logs"), src + "Local (Cowork on 3P)"},
		)
	}
	// Cowork on 3P outside the MSIX: public notes name %APPDATA%\Claude-3p;
	// the package's copy sits under LocalCache\Local, so Local is probed too.
	return append(out,
		Candidate{in.join(roaming, "Claude-3p", "logs"), roamingSrc + " (Cowork on 3P)"},
		Candidate{in.join(local, "Claude-3p", "logs"), localSrc + " (Cowork on 3P)"},
	)
}

// msixPackages lists the Claude package folders under local\Packages
// (names beginning Claude_, ignoring case), or the publicly seen one when
// none is there, so that doctor still shows where it looked.
func msixPackages(in DiscoverInput, local string) []string {
	entries, _ := os.ReadDir(in.join(local, "Packages"))
	var out []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() && len(n) > len(msixPackagePrefix) && strings.EqualFold(n[:len(msixPackagePrefix)], msixPackagePrefix) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return []string{msixPackage}
	}
	sort.Strings(out)
	return out
}
