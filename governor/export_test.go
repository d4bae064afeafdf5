package governor

// What governor's external tests (package governor_test) reach that no
// other package needs.
var (
	LossTotal = lossTotal
	RulesFor  = rulesFor
)

// Constants the external tests compare with.
const (
	BasisLive            = basisLive
	ExitWindowsTerminate = exitWindowsTerminate
	PressureFreshFor     = pressureFreshFor
	TerminalPrefix       = terminalPrefix
)
