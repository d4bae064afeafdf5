package quota

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
)

// bigClaudeJSON is a ~/.claude.json of about size bytes, the quota key
// last: project histories, as the file grows.
func bigClaudeJSON(size int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"numStartups":412,"projects":{`)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, `"/home/u/p%d":{"allowedTools":[],"history":[{"display":"fix the \"build\" {now} %s","pastedContents":{}}],"lastCost":1.5},`,
			i, strings.Repeat("x", 300))
	}
	b.WriteString(`"z":{}},"cachedUsageUtilization":{"fetchedAtMs":1795252200000,"utilization":{"five_hour":{"utilization":12,"resets_at":"2026-11-21T12:00:00Z"},"seven_day":{"utilization":40,"resets_at":"2026-11-26T09:00:00Z"}}}}`)
	return b.Bytes()
}

// BenchmarkClaudeJSONQuota: the quota key of a 50 MB ~/.claude.json,
// walked (now) against the document decoded whole (before): go test
// ./sources -run X -bench ClaudeJSONQuota -benchmem.
func BenchmarkClaudeJSONQuota(b *testing.B) {
	data := bigClaudeJSON(50 << 20)
	b.Run("walk", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if p, err := parseClaudeJSON(bytes.NewReader(data)); err != nil || len(p.samples) != 2 {
				b.Fatal(p, err)
			}
		}
	})
	b.Run("decode-whole", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			whole, _ := io.ReadAll(bytes.NewReader(data)) // as readBounded read it
			var doc struct {
				Cached json.RawMessage `json:"cachedUsageUtilization"`
			}
			if err := json.Unmarshal(whole, &doc); err != nil || len(doc.Cached) == 0 {
				b.Fatal(err)
			}
		}
	})
}
