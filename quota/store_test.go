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

// TestWindowReadingsAreSamplesOfTheWindow: a window's readings from a
// time on are exactly those of Samples (every reading kept, merged) of
// that source and window from then, in the same order, so the quota
// share reads the same without the merged copy.
func TestWindowReadingsAreSamplesOfTheWindow(t *testing.T) {
	var st Store
	windows := []Window{FiveHour, SevenDay, WeeklyScoped}
	for i := range 900 {
		w := windows[i%len(windows)]
		scope := ""
		if w == WeeklyScoped || i%7 == 0 {
			scope = fmt.Sprintf("m%d", i%3)
		}
		s := Sample{Window: w, Scope: scope, Percent: float64(i % 100), Source: Sources[i%len(Sources)], At: storeNow.Add(-time.Duration(i%400) * time.Minute)}
		if i%11 == 0 {
			s.Absent = NotReported
		}
		st.Apply([]Sample{s})
	}
	for _, src := range Sources {
		for _, from := range []time.Time{storeNow.Add(-5 * time.Hour), storeNow.Add(-time.Hour), storeNow.Add(time.Hour)} {
			var want []Sample
			for _, s := range st.Samples() {
				if s.Source == src && s.Window == FiveHour && !s.At.Before(from) {
					want = append(want, s)
				}
			}
			got := st.WindowReadings(src, FiveHour, from)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%v from %v: %d readings\n%v\nwant %d\n%v", src, from, len(got), got, len(want), want)
			}
		}
	}
}
