package governor

import (
	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
)

// reasonCause is the Cause of an event's spawn reason, with the reason's
// text when no Cause names it.
func reasonCause(e *event.Event) (event.Cause, string) {
	switch e.Reason {
	case event.ReasonNone:
		return event.CauseNone, ""
	case event.ReasonWarm:
		return event.CauseWarm, ""
	case event.ReasonUser:
		return event.CauseUser, ""
	case event.ReasonPressure:
		return event.CausePressure, ""
	case event.ReasonIdleTimeout:
		return event.CauseIdleTimeout, ""
	}
	return event.CauseOther, e.ReasonText()
}

// pressureCause is the Cause of a pressure event's level, with the level's
// text when it is neither warning nor critical.
func pressureCause(e *event.Event) (event.Cause, string) {
	switch e.Pressure {
	case host.PressureUnknown:
		return event.CauseNone, ""
	case host.PressureWarning:
		return event.CauseWarning, ""
	case host.PressureCritical:
		return event.CauseCritical, ""
	}
	return event.CauseOther, e.PressureText()
}
