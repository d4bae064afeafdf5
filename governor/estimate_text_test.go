package governor_test

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
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

// TestEstimateWording: the labels report and the screen share.
func TestEstimateWording(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{governor.IdleText(415, vocab.SourceLogged), "6m55s"},
		{governor.IdleText(415, vocab.SourceEstimated), "~6m55s (est.)"},
		{governor.IdleText(0, vocab.SourceUnknown), "?"},
		{governor.CapText(governor.CapView{Value: 8, Source: vocab.SourceLogged}), "8 (logged)"},
		{governor.CapText(governor.CapView{Value: 8, Source: vocab.SourceEstimated}), "~8 (est.)"},
		{governor.CapText(governor.CapView{Source: vocab.SourceUnknown}), "?"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
