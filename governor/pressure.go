package governor

import (
	"time"

	"github.com/coworktop/coworktop/host"
)

// pressureFreshFor is how long a pressure level the governor logged counts
// as the present. The app logs a level when it rises (at most once a minute
// per level) and never logs the return to normal, so an older line is
// history. The TUI's header, `snapshot --fail-on` and the metrics all ask
// LoggedPressureNow, so they agree on what "current" means.
const pressureFreshFor = 10 * time.Minute

// LoggedPressureNow is the level the governor last logged while it counts as
// current, and PressureUnknown once it is older than pressureFreshFor (or
// none was logged).
func (s Snapshot) LoggedPressureNow() host.PressureLevel {
	if s.Pressure == host.PressureUnknown || s.PressureAt.IsZero() || s.Now.Sub(s.PressureAt) > pressureFreshFor {
		return host.PressureUnknown
	}
	if !s.App.DownSince.IsZero() && !s.App.DownSince.Before(s.PressureAt) {
		return host.PressureUnknown // the app that logged it has quit since
	}
	if h := s.Host; h != nil && h.Pressure == host.PressureNormal && h.At.After(s.PressureAt) {
		// The host's own reading (the OS's level, or the app's free-ratio
		// rule) says normal since: the app logs no return to normal, this
		// is it.
		return host.PressureUnknown
	}
	return s.Pressure
}

// PressureNow is the worse of the governor's current logged level and the
// host's own level (the OS's pressure, or the app's free ratio).
func (s Snapshot) PressureNow() host.PressureLevel {
	p := s.LoggedPressureNow()
	if s.Host != nil && s.Host.Pressure.Rank() > p.Rank() {
		p = s.Host.Pressure
	}
	return p
}
