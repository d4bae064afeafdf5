package sources

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// LogFile is one log file to read, named and placed in its family.
type LogFile struct {
	Path string // as given, or joined with the folder it was found in
	Name string // base name
	// Family is the log the file belongs to: "main", "cowork_vm_swift",
	// "cowork_vm_node", "cowork-service", "mcp", or "" for a file named on the command line
	// that is not a known Claude log.
	Family string
	// Generation is how many rotations old the file is: 0 for the current
	// file, N for FAMILYN.log (higher is older, as the app numbers them), 1 for
	// FAMILY.old.log (electron-log's own scheme). When both main1.log and
	// main.old.log exist they tie on 1 and .old sorts as the newer.
	Generation int
	old        bool
}

// families lists the known logs in the order a folder is expanded: the app's
// own log first, because it carries the governor; the VM logs after it.
// cowork-service.log is the Windows VM service's log, the only place the
// VM's size is written there.
var families = [...]string{"main", "cowork_vm_swift", "cowork_vm_node", "cowork-service", "mcp", FamilyDaemon}

// FamilyDaemon is the Claude Code daemon's log, ~/.claude/daemon.log. It
// rotates as daemon.log.1 (a number after .log, unlike the app's logs).
const FamilyDaemon = "daemon"

// ClassifyLogName reports the family and generation of a known log file name
// such as "main1.log" or "cowork_vm_node.old.log"; ok is false for any other
// name. Matching ignores case, because the Windows and macOS file systems do.
func ClassifyLogName(name string) (family string, generation int, old, ok bool) {
	lower := strings.ToLower(name)
	if rest, isDaemon := strings.CutPrefix(lower, FamilyDaemon+".log"); isDaemon {
		return classifyDaemon(rest)
	}
	stem, found := strings.CutSuffix(lower, ".log")
	if !found {
		return "", 0, false, false
	}
	if s, isOld := strings.CutSuffix(stem, ".old"); isOld {
		stem, old = s, true
	}
	for _, f := range families {
		rest, has := strings.CutPrefix(stem, f)
		if !has {
			continue
		}
		switch {
		case rest == "" && old:
			return f, 1, true, true
		case rest == "":
			return f, 0, false, true
		case old:
			return "", 0, false, false // main1.old.log is no scheme we know
		}
		n, err := strconv.Atoi(rest)
		if err != nil || n < 1 || rest[0] == '0' {
			return "", 0, false, false
		}
		return f, n, false, true
	}
	return "", 0, false, false
}

// classifyDaemon reads what follows "daemon.log": nothing, or ".N".
func classifyDaemon(rest string) (family string, generation int, old, ok bool) {
	if rest == "" {
		return FamilyDaemon, 0, false, true
	}
	n, err := strconv.Atoi(strings.TrimPrefix(rest, "."))
	if !strings.HasPrefix(rest, ".") || err != nil || n < 1 || rest[1] == '0' {
		return "", 0, false, false
	}
	return FamilyDaemon, n, false, true
}

// ExpandPaths turns command-line PATHs into the files to read, in reading
// order. A file is taken as given (known name or not); a folder means every
// known log in it, each family oldest generation first (main2.log, main1.log,
// main.old.log, main.log), families in a fixed order. Unknown files in a
// folder are ignored. A path given twice is read once. When only files are
// named, known logs are put in the same reading order, so that a shell's
// `main*.log` (main.log before main1.log) is still read oldest first.
func ExpandPaths(paths []string) ([]LogFile, error) {
	var out []LogFile
	folders := 0
	seen := map[string]bool{}
	add := func(lf LogFile) {
		key := filepath.Clean(lf.Path)
		if !seen[key] {
			seen[key] = true
			out = append(out, lf)
		}
	}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("log path %q does not exist: %w", p, err)
			}
			return nil, fmt.Errorf("log path %q: %w", p, err)
		}
		if !fi.IsDir() {
			add(fileEntry(p))
			continue
		}
		folders++
		files, err := folderLogs(p)
		if err != nil {
			return nil, err
		}
		for _, lf := range files {
			add(lf)
		}
	}
	if folders == 0 {
		SortLogFiles(out)
	}
	return out, nil
}

func fileEntry(p string) LogFile {
	name := filepath.Base(p)
	fam, gen, old, _ := ClassifyLogName(name)
	return LogFile{Path: p, Name: name, Family: fam, Generation: gen, old: old}
}

// folderLogs lists the known logs of one folder in reading order.
func folderLogs(dir string) ([]LogFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing log folder %q: %w", dir, err)
	}
	var out []LogFile
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		fam, gen, old, ok := ClassifyLogName(e.Name())
		if !ok {
			continue
		}
		out = append(out, LogFile{Path: filepath.Join(dir, e.Name()), Name: e.Name(), Family: fam, Generation: gen, old: old})
	}
	SortLogFiles(out)
	return out, nil
}

// SortLogFiles orders files for reading: by family, then oldest generation
// first, the current file last.
func SortLogFiles(files []LogFile) {
	rank := func(f string) int {
		for i, k := range families {
			if k == f {
				return i
			}
		}
		return len(families)
	}
	sort.SliceStable(files, func(i, j int) bool {
		a, b := files[i], files[j]
		if ra, rb := rank(a.Family), rank(b.Family); ra != rb {
			return ra < rb
		}
		if a.Generation != b.Generation {
			return a.Generation > b.Generation
		}
		if a.old != b.old {
			return !a.old // numbered before .old on a tie
		}
		return a.Name < b.Name
	})
}
