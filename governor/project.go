package governor

import (
	"path"
	"strings"
)

// ProjectName is the base name of a session's working folder, the way people
// name their projects. Windows and POSIX separators both count.
func ProjectName(cwd string) string {
	if cwd == "" {
		return ""
	}
	cwd = strings.TrimRight(strings.ReplaceAll(cwd, "\\", "/"), "/")
	return path.Base(cwd)
}
