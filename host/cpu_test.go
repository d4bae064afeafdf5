package host

import "testing"

func TestCPUText(t *testing.T) {
	for _, tt := range []struct {
		g    ProcessGroup
		want string
	}{
		{ProcessGroup{Processes: 2, CPUPercent: 3.25}, "3.2"},
		{ProcessGroup{Processes: 2, CPUUnreadable: 2}, CPUUnknown},
		{ProcessGroup{Processes: 3, CPUUnreadable: 1, CPUPercent: 12}, "≥12.0"},
		{ProcessGroup{}, "0.0"},
	} {
		if got := CPUText(tt.g); got != tt.want {
			t.Errorf("CPUText(%+v) = %q, want %q", tt.g, got, tt.want)
		}
	}
}
