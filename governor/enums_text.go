package governor

import "github.com/coworktop/coworktop/vocab"

// countBasisNames and appEndNames are the texts of countBasis and AppEnd.
var (
	countBasisNames = [...]string{basisLive: "live"}
	appEndNames     = [...]string{AppEndQuit: "quit", AppEndUpdate: "update restart", AppEndCrash: "crash"}
)

// countBasisEnum is countBasis's texts (String, MarshalText, UnmarshalText).
var countBasisEnum = vocab.Enum[countBasis]{Names: countBasisNames[:], What: "count basis"}

// String is the basis's text ("" for basisNone).
func (b countBasis) String() string { return countBasisEnum.Name(b) }

// MarshalText writes the text.
func (b countBasis) MarshalText() ([]byte, error) { return countBasisEnum.Text(b) }

// UnmarshalText reads a basis's text; a text no basis has is an error.
func (b *countBasis) UnmarshalText(t []byte) error { return countBasisEnum.Read(b, t) }

// appEndEnum is AppEnd's texts (String, MarshalText, UnmarshalText).
var appEndEnum = vocab.Enum[AppEnd]{Names: appEndNames[:], What: "app end"}

// String is how the run ended ("" for AppUp).
func (a AppEnd) String() string { return appEndEnum.Name(a) }

// MarshalText writes the text.
func (a AppEnd) MarshalText() ([]byte, error) { return appEndEnum.Text(a) }

// UnmarshalText reads how a run ended; a text no AppEnd has is an error.
func (a *AppEnd) UnmarshalText(t []byte) error { return appEndEnum.Read(a, t) }

// riskKindEnum is RiskKind's texts (String, MarshalText, UnmarshalText).
var riskKindEnum = vocab.Enum[RiskKind]{Names: riskKindNames[:], What: "risk kind"}

// String is the risk kind's stable text ("" for RiskNone).
func (k RiskKind) String() string { return riskKindEnum.Name(k) }

// MarshalText writes the text.
func (k RiskKind) MarshalText() ([]byte, error) { return riskKindEnum.Text(k) }

// UnmarshalText reads a risk kind's text; a text no kind has is an error.
func (k *RiskKind) UnmarshalText(t []byte) error { return riskKindEnum.Read(k, t) }

// sessionStateEnum is SessionState's texts (String, MarshalText, UnmarshalText).
var sessionStateEnum = vocab.Enum[SessionState]{Names: sessionStateNames[:], What: "session state"}

// String is the session state's name ("" for StateNone); Label is how
// the screen words it.
func (s SessionState) String() string { return sessionStateEnum.Name(s) }

// MarshalText writes the text.
func (s SessionState) MarshalText() ([]byte, error) { return sessionStateEnum.Text(s) }

// UnmarshalText reads a session state's name; a name no state has is an
// error.
func (s *SessionState) UnmarshalText(t []byte) error { return sessionStateEnum.Read(s, t) }
