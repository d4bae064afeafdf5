package cmd

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The quota's words are the same in every output (issue 37): the status
// line, snapshot's text and JSON, report and the metrics take the figures
// from quota.Figures and the words from its texts. Each case is a
// documented or observed input, checked in four time zones: a reset time
// is written in the reader's zone. (The header at 80x24 and 120x40 is
// checked with the same readings in ui's TestQuotaHeaderWords.)

type quotaCase struct {
	name   string
	stdin  string // the status-line JSON Claude Code passes
	cache  string // ~/.claude.json, "" for none
	words  func(loc *time.Location) []string
	state  string // coworktop_quota_state's state for the lead window
	absent []string
}

func quotaCases(now time.Time) []quotaCase {
	unix := func(d time.Duration) int64 { return now.Add(d).Unix() }
	iso := func(d time.Duration) string { return now.Add(d).UTC().Format(time.RFC3339) }
	passed := now.Add(-20 * time.Minute).Truncate(time.Second)
	return []quotaCase{{
		name: "ultra without five_hour, a per-model weekly limit",
		stdin: fmt.Sprintf(`{"model":{"display_name":"Opus 4.7"},"cost":{"total_api_duration_ms":611000},"rate_limits":{"seven_day":{"used_percentage":41,"resets_at":%d}}}`,
			unix(50*time.Hour)),
		cache: fmt.Sprintf(`{"numStartups":9,"oauthAccount":{"emailAddress":"person@example.com"},"cachedUsageUtilization":{"fetchedAtMs":%d,"utilization":{"five_hour":null,"seven_day":{"utilization":40,"resets_at":%q},"limits":[{"kind":"weekly_all","percent":40,"resets_at":%q,"scope":{}},{"kind":"weekly_scoped","percent":92,"resets_at":%q,"scope":{"model":"Fable"}}]}}}`,
			now.Add(-2*time.Hour).UnixMilli(), iso(50*time.Hour), iso(50*time.Hour), iso(30*time.Hour)),
		// The cache's per-model figure is 2 hours old: stale, it does not
		// lead over the status line's fresh 7d, and says its age (issue 47).
		words: func(*time.Location) []string {
			return []string{"7d 41%", "Fable weekly 92%", "cache, 2h ago, stale", "no 5-hour limit"}
		},
		state:  `coworktop_quota_state{scope="Fable",state="stale",window="weekly_scoped"} 1`,
		absent: []string{"5h 0%", "person@example.com"},
	}, {
		name: "a 5-hour window that reset after the reading",
		stdin: fmt.Sprintf(`{"model":{"display_name":"Opus 4.7"},"rate_limits":{"five_hour":{"used_percentage":88,"resets_at":%d},"seven_day":{"used_percentage":30,"resets_at":%d}}}`,
			passed.Unix(), unix(80*time.Hour)),
		words: func(loc *time.Location) []string {
			return []string{"7d 30%", "5h reset since " + passed.In(loc).Format("15:04") + " (88% before)"}
		},
		state:  `coworktop_quota_state{scope="",state="reset_passed",window="five_hour"} 1`,
		absent: []string{"5h 88%", `coworktop_quota_used_percent{scope="",source="statusline",window="five_hour"}`},
	}, {
		name:  "a gateway's spend_limit",
		stdin: fmt.Sprintf(`{"model":{"display_name":"Opus 4.7"},"cost":{"total_api_duration_ms":1},"rate_limits":{"spend_limit":{"used_percentage":35,"resets_at":%d}}}`, unix(240*time.Hour)),
		words: func(*time.Location) []string {
			return []string{"spend limit 35%", "5h not reported", "7d not reported"}
		},
		state: `coworktop_quota_state{scope="",state="current",window="spend_limit"} 1`,
	}, {
		name:   "an API or Enterprise seat: no rate_limits",
		stdin:  `{"model":{"display_name":"Sonnet 4.6"},"cost":{"total_cost_usd":0.84,"total_api_duration_ms":95000}}`,
		words:  func(*time.Location) []string { return []string{"no plan limits"} },
		state:  `coworktop_quota_state{scope="",state="no_plan_limits",window="five_hour"} 1`,
		absent: []string{"0%"},
	}, {
		name:  "at the limit",
		stdin: fmt.Sprintf(`{"model":{"display_name":"Opus 4.7"},"rate_limits":{"five_hour":{"used_percentage":100,"resets_at":%d},"seven_day":{"used_percentage":61,"resets_at":%d}}}`, unix(time.Hour), unix(90*time.Hour)),
		words: func(*time.Location) []string { return []string{"5h 100% limit reached", "7d 61%"} },
		state: `coworktop_quota_state{scope="",state="limit_reached",window="five_hour"} 1`,
	}}
}

func TestQuotaSameWordsEverywhere(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Claude Code runs the command through sh here")
	}
	bin := buildCoworktop(t)
	for _, zoneName := range []string{"UTC", "America/Los_Angeles", "Europe/Berlin", "Asia/Tokyo"} {
		loc, err := time.LoadLocation(zoneName)
		if err != nil {
			t.Skipf("no zone data: %v", err)
		}
		for _, c := range quotaCases(time.Now()) {
			t.Run(zoneName+"/"+c.name, func(t *testing.T) {
				dir := t.TempDir()
				env := append(statuslineEnv(dir, ""), "TZ="+zoneName, "CLAUDE_CONFIG_DIR=")
				if c.cache != "" {
					if err := os.WriteFile(filepath.Join(dir, ".claude.json"), []byte(c.cache), 0o600); err != nil {
						t.Fatal(err)
					}
				}
				logDir := filepath.Join(dir, "logs")
				if err := os.MkdirAll(logDir, 0o700); err != nil {
					t.Fatal(err)
				}
				stamp := time.Now().Add(time.Minute).In(loc).Format("2006-01-02 15:04:05")
				log := stamp + " [info] [CliGovernor] cap=8 (fixed)\n"
				if err := os.WriteFile(filepath.Join(logDir, "main.log"), []byte(log), 0o600); err != nil {
					t.Fatal(err)
				}
				line, _ := claudeCalls(t, shellQuote(bin)+" statusline", env, c.stdin)
				run := func(args ...string) string {
					cmd := exec.Command(bin, args...)
					cmd.Env = env
					out, err := cmd.Output()
					if err != nil {
						t.Fatalf("%v: %v", args, err)
					}
					return string(out)
				}
				snapText := run("snapshot", logDir)
				snapJSON := run("snapshot", "--json", logDir)
				report := run("report", logDir)
				prom := filepath.Join(dir, "coworktop.prom")
				run("snapshot", "--format", "prom", "--output", prom, logDir)
				metrics, _ := os.ReadFile(prom)
				var js struct {
					Quota struct {
						Text string `json:"text"`
					} `json:"quota"`
				}
				if err := json.Unmarshal([]byte(snapJSON), &js); err != nil {
					t.Fatal(err)
				}
				checkNoPercentWhereAbsent(t, snapJSON)
				outputs := map[string]string{"status line": line, "snapshot": quotaRowOf(snapText), "snapshot --json": js.Quota.Text,
					"report": quotaRowOf(report)}
				words := c.words(loc)
				for name, out := range outputs {
					at := -1
					for i, w := range words {
						k := strings.Index(out, w)
						if k < 0 {
							t.Errorf("%s lacks %q:\n%s", name, w, out)
						}
						if i == 0 {
							at = k
						}
					}
					for _, w := range words[1:] {
						if strings.Index(out, w) < at {
							t.Errorf("%s does not lead with %q:\n%s", name, words[0], out)
						}
					}
					for _, bad := range c.absent {
						if strings.Contains(out, bad) {
							t.Errorf("%s says %q:\n%s", name, bad, out)
						}
					}
				}
				if !strings.Contains(string(metrics), c.state+"\n") {
					t.Errorf("metrics lack %s:\n%s", c.state, metrics)
				}
				for _, bad := range c.absent {
					if strings.Contains(string(metrics), bad) || strings.Contains(snapJSON, bad) {
						t.Errorf("metrics or JSON say %q", bad)
					}
				}
			})
		}
	}
}

// quotaRowOf is the quota row of snapshot's or report's text.
func quotaRowOf(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "quota ") {
			return l
		}
	}
	return ""
}

// checkNoPercentWhereAbsent: in snapshot --json, a window with no figure
// carries no percent (unknown is never 0).
func checkNoPercentWhereAbsent(t *testing.T, snapJSON string) {
	t.Helper()
	var js struct {
		Quota struct {
			FiveHour map[string]any   `json:"five_hour"`
			SevenDay map[string]any   `json:"seven_day"`
			Spend    map[string]any   `json:"spend_limit"`
			Scoped   []map[string]any `json:"weekly_scoped"`
		} `json:"quota"`
	}
	if err := json.Unmarshal([]byte(snapJSON), &js); err != nil {
		t.Fatal(err)
	}
	for _, f := range append(js.Quota.Scoped, js.Quota.FiveHour, js.Quota.SevenDay, js.Quota.Spend) {
		switch f["state"] {
		case "no_limit", "not_reported", "no_plan_limits":
			if _, ok := f["percent"]; ok {
				t.Errorf("a window without a figure has a percent: %v", f)
			}
		}
	}
}
