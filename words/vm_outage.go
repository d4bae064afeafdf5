package words

import (
	"encoding/json"
	"fmt"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// VMOutageText is the outage in words: "Cowork was unusable for 6m40s
// (13:02:00–13:08:40) after a failed VM boot; the repair kept the session
// data, not data loss: …, and the VM was downloaded again".
func VMOutageText(o governor.VMOutage) string {
	s := fmt.Sprintf("Cowork was unusable for %s (%s–%s) after a failed VM boot", vocab.FormatDuration(o.To.Sub(o.From)), o.From.Format("15:04:05"), o.To.Format("15:04:05"))
	var what []string
	switch {
	case o.DataLost:
		what = append(what, "the repair deleted the VM's disk (data on it is lost): "+o.Repair)
	case o.Repair != "":
		what = append(what, "the repair kept the session data, not data loss: "+o.Repair)
	}
	if o.Downloaded {
		what = append(what, "the VM was downloaded again")
	}
	for i, w := range what {
		if i == 0 {
			s += "; " + w
		} else {
			s += ", and " + w
		}
	}
	return s
}

// outageJSON is a governor.VMOutage as snapshot --json writes it: its
// facts with its summary in words after UnusableS (read back, the
// summary is said again from the facts).
type outageJSON struct {
	UnusableS  int64  `json:"unusable_s"`
	Summary    string `json:"summary"`
	Repair     string `json:"repair,omitempty"`
	Downloaded bool   `json:"downloaded,omitempty"`
	DataLost   bool   `json:"data_lost,omitempty"`
}

// outageRef is the VM view's last outage in its wire form (omitted when
// there is none).
type outageRef struct{ p **governor.VMOutage }

// IsZero reports no outage, for omitzero.
func (r outageRef) IsZero() bool { return *r.p == nil }

// MarshalJSON writes the outage with its summary.
func (r outageRef) MarshalJSON() ([]byte, error) {
	o := *r.p
	return json.Marshal(outageJSON{UnusableS: o.UnusableS, Summary: VMOutageText(*o), Repair: o.Repair, Downloaded: o.Downloaded, DataLost: o.DataLost})
}

// UnmarshalJSON reads what MarshalJSON writes: the facts.
func (r outageRef) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var j outageJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("vm outage: %w", err)
	}
	*r.p = &governor.VMOutage{UnusableS: j.UnusableS, Repair: j.Repair, Downloaded: j.Downloaded, DataLost: j.DataLost}
	return nil
}
