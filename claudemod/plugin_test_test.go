package claudemod

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/internal/realclaude"
)

// The mod's own tests (files/coworktop/tests) pass under the real Claude
// Code's `claude plugin test`: the footer's rules with a mocked clock,
// hostile text, the rate limits written.
func TestModsOwnTests(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Claude Code")
	}
	bin := realclaude.Binary(t)
	out, err := realclaude.Run(bin, []string{"DISABLE_TELEMETRY=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1"}, "plugin", "test", "files/coworktop")
	if err != nil || !strings.Contains(out, " 0 fail") || !strings.Contains(out, "3 pass") {
		t.Fatalf("claude plugin test: %v\n%s", err, out)
	}
}
