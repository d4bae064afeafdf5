package governor_test

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/words"
)

// TestVMConfigNamesOnlyWhatWasLogged: a CPU count that was not logged is
// never printed as 0 (words/describe_test.go holds the words of each
// figure).
func TestVMConfigNamesOnlyWhatWasLogged(t *testing.T) {
	for _, line := range []string{
		at(0) + " [info] [VM:start] memory=4GB tier=flat",
		at(0) + " [info] startVM called for vm cpuCount=auto memoryGB=4",
	} {
		for _, e := range parseLines(t, "cowork_vm_node.log", line) {
			if d := words.Describe(e); strings.Contains(d, "=0") {
				t.Errorf("%q described as %q", line, d)
			}
		}
	}
}
