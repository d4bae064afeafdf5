package words

import "github.com/coworktop/coworktop/governor"

// A risk as every output shows it: its sentence and the label every risk
// carries (governor.RiskLabel), so no output can show a risk as something
// the app said. The TUI, report and notifications all take it from here.

// RiskText is a risk as shown: its summary and its label.
func RiskText(r governor.Risk) string { return Labelled(r.Summary) }

// Labelled is one of coworktop's inferences with its label: a risk's
// summary, or why a session is at risk (SessionView.AtRiskWhy).
func Labelled(s string) string { return s + " (" + governor.RiskLabel + ")" }
