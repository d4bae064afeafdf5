package config

import (
	"fmt"
	"strings"
)

// The tests take the pane list from AllPanes, never spelled by hand: a pane
// added to the table changes no test but those about that pane.

// tomlPanes is ps as a config file writes the list: ["sessions", "ranking"].
func tomlPanes(ps []Pane) string {
	q := make([]string, len(ps))
	for i, p := range ps {
		q[i] = fmt.Sprintf("%q", p)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// lastFirst is AllPanes with its last pane moved to the front: an order of
// the person's own.
func lastFirst() []Pane {
	n := len(AllPanes)
	return append([]Pane{AllPanes[n-1]}, AllPanes[:n-1]...)
}
