package governor

// What governor's external tests (package governor_test) reach that no
// other package needs.
var (
	LossTotal = lossTotal
	RulesFor  = rulesFor
)

// CrashText is crashText, for the external tests.
func (c Crash) CrashText() string { return c.crashText() }
