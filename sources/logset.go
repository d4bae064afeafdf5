package sources

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/coworktop/coworktop/sources/follow"
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

// ExpandPaths turns command-line PATHs into the files to read, in reading
// order. A file is taken as given (known name or not); a folder means every
// known log in it, each family oldest generation first (main2.log, main1.log,
// main.old.log, main.log), families in a fixed order. Unknown files in a
// folder are ignored. A path given twice is read once, however it is
// spelt: a link, or another case where the OS ignores case (PathKey).
// When only files are named, known logs are put in the same reading order,
// so that a shell's `main*.log` (main.log before main1.log) is still read
// oldest first.
func ExpandPaths(paths []string) ([]LogFile, error) {
	var out []LogFile
	folders := 0
	seen := map[string]bool{}
	var infos []os.FileInfo
	add := func(lf LogFile) {
		key := follow.PathKey(lf.Path)
		if seen[key] {
			return
		}
		// One file named by two paths (a link, or two cases where the
		// OS ignores case) is read once, as the OS compares files.
		fi, err := os.Stat(lf.Path)
		if err == nil {
			for _, o := range infos {
				if os.SameFile(o, fi) {
					return
				}
			}
			infos = append(infos, fi)
		}
		seen[key] = true
		out = append(out, lf)
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
	fam, gen, old, _ := follow.ClassifyLogName(name)
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
		fam, gen, old, ok := follow.ClassifyLogName(e.Name())
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
	rank := follow.FamilyRank
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
