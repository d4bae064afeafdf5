package quota

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

var storeNow = time.Date(2026, 3, 8, 12, 0, 0, 0, time.UTC)

func storeSample(src Source, w Window, scope string, ago time.Duration) Sample {
	return Sample{Window: w, Scope: scope, Percent: 10, Source: src, At: storeNow.Add(-ago)}
}

// TestStoreKeepsMaxKeysWindowsPerSource: a file listing thousands of
// scopes, or a source naming a window per model, cannot grow the store:
// each source keeps at most MaxKeys windows.
func TestStoreKeepsMaxKeysWindowsPerSource(t *testing.T) {
	var st Store
	var many []Sample
	for i := range 1000 {
		many = append(many, storeSample(Cache, WeeklyScoped, strings.Repeat("m", i%50+1)+string(rune('a'+i%26)), time.Minute))
	}
	st.Apply(many)
	for i := range 66 {
		st.Apply([]Sample{storeSample(Statusline, WeeklyScoped, fmt.Sprintf("model-%02d", i), time.Duration(200-i)*time.Minute)})
	}
	per := st.windows()
	if len(per) != 2 {
		t.Fatalf("windows per source %v, want the two sources fed", per)
	}
	for src, n := range per {
		if n > MaxKeys {
			t.Errorf("%v keeps %d windows, over %d", src, n, MaxKeys)
		}
	}
}
