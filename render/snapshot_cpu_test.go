package render

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
)

// A group whose CPU time could not be read says so (platforms audit W8).
func TestSnapshotCPUUnknown(t *testing.T) {
	var b strings.Builder
	snap := governor.Snapshot{Groups: []host.ProcessGroup{
		{Key: "parallels", Name: "Parallels Desktop", Processes: 2, CPUUnreadable: 2},
		{Key: "utm", Name: "UTM", Processes: 3, CPUUnreadable: 1, CPUPercent: 4},
		{Key: "lima", Name: "Lima", Processes: 1, CPUPercent: 1.5},
	}}
	if err := WriteSnapshot(&b, snap); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"CPU unknown", "≥4.0% CPU", "1.5% CPU"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "0.0% CPU") {
		t.Errorf("an unknown CPU printed as 0:\n%s", out)
	}
}
