package metrics

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const docsDir = "../docs/monitoring"

// knownNames are the metric names the collector can emit.
func knownNames() map[string]bool {
	names := map[string]bool{}
	for _, d := range descriptors() {
		names[d.name] = true
	}
	return names
}

// TestDocsReferenceRealMetrics: the example config, alert rules, their tests,
// the dashboard and the docs name only metrics the exporter really has.
func TestDocsReferenceRealMetrics(t *testing.T) {
	known := knownNames()
	if len(known) < 30 {
		t.Fatalf("only %d metric names found in descriptors", len(known))
	}
	re := regexp.MustCompile(`coworktop_[a-z0-9_]+`)
	var files []string
	_ = filepath.WalkDir(docsDir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	if len(files) < 5 {
		t.Fatalf("docs/monitoring has %d files, want prometheus.yml, alerts.yml, alerts_test.yml, dashboard, README", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range re.FindAllString(string(b), -1) {
			if !known[name] {
				t.Errorf("%s names %s, which the exporter does not have", filepath.Base(f), name)
			}
		}
	}
}

func requirePromtool(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("promtool")
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("promtool not found, and CI=true: apt-get install -y prometheus")
	}
	t.Skip("promtool not installed (apt-get install -y prometheus); skipping outside CI")
	return ""
}

func promtool(t *testing.T, bin, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("promtool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// TestDocsPromtool: promtool accepts the scrape config and the rules, the
// rules' unit tests pass (the eviction alert fires on a series), and every
// dashboard query parses as PromQL.
func TestDocsPromtool(t *testing.T) {
	bin := requirePromtool(t)
	promtool(t, bin, docsDir, "check", "config", "prometheus.yml")
	promtool(t, bin, docsDir, "check", "rules", "alerts.yml")
	promtool(t, bin, docsDir, "test", "rules", "alerts_test.yml")

	// Dashboard queries, with Grafana's variables filled in, as recording
	// rules: `promtool check rules` parses each expression.
	b, err := os.ReadFile(filepath.Join(docsDir, "grafana-dashboard.json"))
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(b, &dash); err != nil {
		t.Fatalf("dashboard JSON: %v", err)
	}
	fill := strings.NewReplacer("$instance", ".*", "$__range", "1h", "$__rate_interval", "5m")
	var sb strings.Builder
	sb.WriteString("groups:\n  - name: dashboard\n    rules:\n")
	n := 0
	for _, p := range dash.Panels {
		for _, tg := range p.Targets {
			n++
			expr, _ := json.Marshal(fill.Replace(tg.Expr)) // a JSON string is a YAML string
			fmt.Fprintf(&sb, "      - record: dashboard:q%d\n        expr: %s\n", n, expr)
		}
	}
	if n < 10 {
		t.Fatalf("dashboard has %d queries", n)
	}
	rules := filepath.Join(t.TempDir(), "dashboard-rules.yml")
	if err := os.WriteFile(rules, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	promtool(t, bin, ".", "check", "rules", rules)
}

// TestDocsListEveryMetric: the table in docs/monitoring/README.md lists every
// metric the exporter has (the architecture recipe for a metric says to add
// it there; TestDocsReferenceRealMetrics holds the other direction).
func TestDocsListEveryMetric(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(docsDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for name := range knownNames() {
		if !strings.Contains(string(b), "`"+name+"`") {
			t.Errorf("docs/monitoring/README.md does not list %s", name)
		}
	}
}
