package governor

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/host"
)

func TestLoggedPressureGoesStale(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 9, 30, 10, 0, 0, 0, time.UTC)
	s := Snapshot{Pressure: host.PressureCritical, PressureAt: at}
	for _, c := range []struct {
		after      time.Duration
		host, want host.PressureLevel
	}{
		{time.Minute, host.PressureUnknown, host.PressureCritical},
		{pressureFreshFor, host.PressureUnknown, host.PressureCritical},
		{pressureFreshFor + time.Second, host.PressureUnknown, host.PressureUnknown},
		{pressureFreshFor + time.Second, host.PressureWarning, host.PressureWarning},
		{time.Minute, host.PressureWarning, host.PressureCritical},
	} {
		s.Now = at.Add(c.after)
		s.Host = &host.HostMemory{Pressure: c.host}
		if got := s.PressureNow(); got != c.want {
			t.Errorf("%s after, host %s: PressureNow %s, want %s", c.after, c.host, got, c.want)
		}
	}
}
