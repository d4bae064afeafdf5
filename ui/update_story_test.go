package ui

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// The TUI tells the stories of issue 24 (testdata/logs): an update
// deferred while Claude works is warned of in the outlook, with its
// version, deferrals and the sessions its restart stops, and the estimate's
// wording; once the app has restarted for it the warning is gone and the
// losses pane shows the two sessions lost to it.
func TestUpdateStoryOnScreen(t *testing.T) {
	b, err := os.ReadFile("../testdata/logs/update-deferred/main.log")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	now := time.Date(2026, 9, 12, 2, 26, 0, 0, time.UTC)
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return now }, Version: "test"})
	m.Update(sizeMsg(160, 50))
	m.Update(UpdatesMsg{governor.Update{Events: parseLog(t, "main.log", strings.Join(lines[:16], ""))}})
	out := frame(m)
	if !strings.Contains(out, "AT RISK 2 sessions update 2.110.0: restart stops them") || strings.Count(out, "update restart") != 2 {
		t.Errorf("the screen before the restart lacks the warning:\n%s", out)
	}
	// The outlook's own lines, unwrapped: every clause, in the governor's words.
	outlook, _, _ := m.outlookLines(60)
	flat := strings.Join(strings.Fields(strings.Join(outlook, " ")), " ")
	for _, want := range []string{"update 2.110.0 waiting to install", "restart deferred 3× because Claude was working",
		"its restart will stop 2 live session(s): billing-api, web-frontend", governor.UpdateWhenText} {
		if !strings.Contains(flat, want) {
			t.Errorf("the outlook before the restart lacks %q:\n%s", want, flat)
		}
	}
	m.Update(UpdatesMsg{governor.Update{Events: parseLog(t, "main.log", strings.Join(lines[16:], ""))}})
	out = frame(m)
	if strings.Contains(out, "waiting to install") {
		t.Errorf("the warning outlives the restart:\n%s", out)
	}
	if !strings.Contains(out, "update restart") {
		t.Errorf("the losses pane lacks the update restart:\n%s", out)
	}
}

// Story (b): the app went down for an update and a second instance came
// and went: the header keeps the running version and says it is down; the
// losses pane counts the five sessions. Story (c): the VM that failed once
// and ran is shown running.
func TestUpdateQuitAndVMRetryOnScreen(t *testing.T) {
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return strings.ReplaceAll(string(b), "\r", "")
	}
	now := time.Date(2026, 9, 14, 9, 20, 0, 0, time.UTC)
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return now }, Version: "test"})
	m.Update(sizeMsg(160, 50))
	m.Update(UpdatesMsg{governor.Update{Events: parseLog(t, "main.log", read("../testdata/logs/update-quit/main.log"))}})
	out := frame(m)
	for _, want := range []string{"App stopped for an update 04:05:12", "1.46388.1 win32 x64", "5 lost", "update restart"} {
		if !strings.Contains(out, want) {
			t.Errorf("story (b): the screen lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "1.46388.2 win32") {
		t.Errorf("story (b): the second instance's version is shown as running:\n%s", out)
	}
	m = New(Options{Mode: ModeLive, Clock: func() time.Time { return time.Date(2026, 7, 21, 11, 8, 0, 0, time.UTC) }, Version: "test"})
	m.Update(sizeMsg(160, 50))
	m.Update(UpdatesMsg{governor.Update{Events: append(parseLog(t, "cowork-service.log", read("../testdata/logs/vm-retry/cowork-service.log")),
		parseLog(t, "cowork_vm_node.log", read("../testdata/logs/vm-retry/cowork_vm_node.log"))...)}})
	if out := frame(m); !strings.Contains(out, "Cowork VM running") {
		t.Errorf("story (c): the VM is not shown running:\n%s", out)
	}
}
