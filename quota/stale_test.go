package quota

import (
	"strings"
	"testing"
	"time"
)

// A day-old per-model weekly reading from the cache beside fresh figures
// from the status line: the fresh ones lead, and the stale one carries
// its age in every form the Quota line and the status line write, down to
// the narrowest (issue 47 item 5).
func TestStaleFigureSaysItsAgeAndDoesNotLead(t *testing.T) {
	opus := qs(Cache, WeeklyScoped, 81, 26*time.Hour)
	opus.Scope = "Opus"
	q := Figures([]Sample{opus, qs(Statusline, FiveHour, 40, 2*time.Minute), qs(Statusline, SevenDay, 30, 2*time.Minute)}, qNow)
	if lead := q.Lead(); lead == nil || lead.Name != "5h" {
		t.Fatalf("lead %+v, want the fresh 5h", lead)
	}
	for name, text := range map[string]string{"SummaryLong": SummaryLong(q), "Summary": Summary(q), "FiguresText": FiguresText(q), "FiguresBare": FiguresBare(q)} {
		i := strings.Index(text, "Opus weekly 81%")
		if i < 0 || !strings.Contains(text[i:], "26h ago") {
			t.Errorf("%s: %q: the stale figure does not say its age", name, text)
		}
		if strings.HasPrefix(text, "Opus") {
			t.Errorf("%s: %q: the stale figure leads", name, text)
		}
	}
	all := Figures([]Sample{opus}, qNow)
	if got := FigureAged(all.Lead()); got != "Opus weekly 81% (26h ago)" {
		t.Errorf("the narrowest form %q", got)
	}
}
