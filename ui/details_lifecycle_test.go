package ui

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/governor"
)

func TestSessionDetailsShowCrashesAndProtection(t *testing.T) {
	got := strings.Join(lifecycleFacts(governor.SessionView{Crashes: 2, Protected: governor.ProtectedRemoteControl}), "\n")
	if !strings.Contains(got, "2 crashes") || !strings.Contains(got, "protected: Remote Control") {
		t.Errorf("facts: %q", got)
	}
	if f := lifecycleFacts(governor.SessionView{}); len(f) != 0 {
		t.Errorf("a plain session has no such facts: %q", f)
	}
}
