package governor

import (
	"testing"
	"time"
)

func TestLoggedPressureGoesStale(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 9, 30, 10, 0, 0, 0, time.UTC)
	s := Snapshot{Pressure: PressureCritical, PressureAt: at}
	for _, c := range []struct {
		after      time.Duration
		host, want PressureLevel
	}{
		{time.Minute, PressureUnknown, PressureCritical},
		{PressureFreshFor, PressureUnknown, PressureCritical},
		{PressureFreshFor + time.Second, PressureUnknown, PressureUnknown},
		{PressureFreshFor + time.Second, PressureWarning, PressureWarning},
		{time.Minute, PressureWarning, PressureCritical},
	} {
		s.Now = at.Add(c.after)
		s.Host = &HostMemory{Pressure: c.host}
		if got := s.PressureNow(); got != c.want {
			t.Errorf("%s after, host %s: PressureNow %s, want %s", c.after, c.host, got, c.want)
		}
	}
}
