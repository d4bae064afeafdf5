package quota

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// ~/.claude.json is opened once until it changes, whatever it held: no
// cachedUsageUtilization (every API-key user), one without a fetch time,
// one that is null, a value over its bound, a file that is not JSON (issue
// 47: 4 opens in 35 s of a 3,000-project file).
func TestClaudeJSONReadOnceWhateverItHeld(t *testing.T) {
	var projects strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&projects, `%q:{"allowedTools":[],"history":[{"display":"fix the build %d"}],"hasTrustDialogAccepted":true},`, fmt.Sprintf("/home/u/p%d", i), i)
	}
	body := `{"numStartups":12,"projects":{` + strings.TrimSuffix(projects.String(), ",") + `}`
	for name, doc := range map[string]string{
		"no key":        body + `}`,
		"null":          body + `,"cachedUsageUtilization":null}`,
		"no fetch time": body + `,"cachedUsageUtilization":{"utilization":{"five_hour":{"utilization":10}}}}`,
		"over bound":    body + `,"cachedUsageUtilization":"` + strings.Repeat("x", 1<<20+10) + `"}`,
		"not JSON":      `{"numStartups":`,
	} {
		t.Run(name, func(t *testing.T) {
			p, _ := quotaDir(t)
			writeQuotaFile(t, p.ClaudeJSON, []byte(doc))
			opens := 0
			old := openQuota
			openQuota = func(path string) (*os.File, error) { opens++; return old(path) }
			defer func() { openQuota = old }()
			r := NewQuotaReader(p)
			for range 6 {
				r.Read()
			}
			if opens != 1 {
				t.Fatalf("%d opens of an unchanged file, want 1", opens)
			}
			later := time.Now().Add(time.Minute)
			if err := os.Chtimes(p.ClaudeJSON, later, later); err != nil {
				t.Fatal(err)
			}
			r.Read()
			r.Read()
			if opens != 2 {
				t.Fatalf("%d opens after one change, want 2", opens)
			}
		})
	}
}
