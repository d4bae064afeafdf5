package words

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// TestVMOutageWords: the outage in words, and in the VM view's JSON with
// its summary after its length; read back, its facts.
func TestVMOutageWords(t *testing.T) {
	o := &governor.VMOutage{From: sec(0), To: sec(400), UnusableS: 400, Repair: "Reinstall files deleted", Downloaded: true}
	want := "Cowork was unusable for 6m40s (10:00:00–10:06:40) after a failed VM boot; the repair kept the session data, not data loss: Reinstall files deleted, and the VM was downloaded again"
	if got := VMOutageText(*o); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	b, err := json.Marshal(vmJSON{State: event.VMRunning, LastOutage: o})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"last_outage":{"unusable_s":400,"summary":"`+want+`","repair":"Reinstall files deleted","downloaded":true}`) {
		t.Errorf("vm JSON: %s", b)
	}
	var back vmJSON
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if got := back.LastOutage; got == nil || got.UnusableS != 400 || got.Repair != o.Repair || !got.Downloaded {
		t.Errorf("read back %+v", got)
	}
	if b, _ := json.Marshal(vmJSON{}); strings.Contains(string(b), "last_outage") {
		t.Errorf("no outage, yet %s", b)
	}
}
