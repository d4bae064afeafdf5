package governor

import "testing"

// TestProjectName: a session's project is its folder's base name, with
// Windows and POSIX separators alike.
func TestProjectName(t *testing.T) {
	for cwd, want := range map[string]string{
		"/Users/u/projects/billing": "billing", `C:\Users\bob\src\app`: "app",
		`C:\Users\bob\src\app\`: "app", "/srv/x/": "x", "": "",
	} {
		if got := ProjectName(cwd); got != want {
			t.Errorf("ProjectName(%q) = %q, want %q", cwd, got, want)
		}
	}
}
