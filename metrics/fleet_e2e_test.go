package metrics

// The fleet end-to-end test runs docs/monitoring/fleet as written: a real
// `coworktop serve` on loopback over a fixture, a Prometheus in agent mode
// scraping it with agent.yml, and a central Prometheus started with
// central.yml and the remote-write receiver. The central server must end up
// with the fixture's evictions, labelled with the agent's machine. Every
// process listens on 127.0.0.1 only, and the test is bounded in time. It
// skips when prometheus is not installed, except with CI=true.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const fleetDocs = "../docs/monitoring/fleet"

func TestFleetEndToEnd(t *testing.T) {
	prom := fleetTool(t, "prometheus")
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()

	logs := t.TempDir()
	copyFile(t, filepath.Join("testdata", "fleet", "main.log"), filepath.Join(logs, "main.log"))
	target := fleetServe(t, logs)

	central := fleetPrometheus(t, prom, "central", filepath.Join(fleetDocs, "central.yml"), "--web.enable-remote-write-receiver")

	agentCfg := fromDoc(t, filepath.Join(fleetDocs, "agent.yml"), map[string]string{
		"127.0.0.1:9977": target,
		"https://prometheus.example.com/api/v1/write": "http://" + central + "/api/v1/write",
		"scrape_interval: 15s":                        "scrape_interval: 1s",
		"machine: laptop-alice":                       "machine: fleet-test",
	})
	fleetPrometheus(t, prom, "agent", agentCfg, agentFlags(t, prom)...)

	base := "http://" + central
	got := pollQuery(t, ctx, base, `coworktop_evictions_total{machine="fleet-test",job="coworktop"}`, "cause",
		func(m map[string]float64) bool { return len(m) == 4 })
	want := map[string]float64{"warm": 2, "user": 1, "pressure": 1, "unknown": 0} // testdata/metrics: the first run is within the hour
	for k, v := range want {
		if got[k] != v {
			t.Errorf("central coworktop_evictions_total{cause=%q} = %v, want %v (all: %v)", k, got[k], v, got)
		}
	}
	up := pollQuery(t, ctx, base, `up{machine="fleet-test",job="coworktop"}`, "", func(m map[string]float64) bool { return len(m) == 1 })
	if up[""] != 1 {
		t.Errorf("central up{machine=fleet-test} = %v, want 1", up)
	}
}

// agentFlags turns agent mode on the way this Prometheus spells it.
func agentFlags(t *testing.T, prom string) []string {
	out, _ := exec.Command(prom, "--help").CombinedOutput()
	if regexp.MustCompile(`(?m)^\s*--agent\s`).Match(out) {
		return []string{"--agent"} // Prometheus 3
	}
	if !strings.Contains(string(out), "--storage.agent.path") {
		t.Fatalf("%s has no agent mode:\n%s", prom, out)
	}
	return []string{"--enable-feature=agent"}
}

func fleetTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s not found, and CI=true: install the prometheus package", name)
	}
	t.Skipf("%s not installed (Debian: apt-get install prometheus); skipping outside CI", name)
	return ""
}

// fromDoc writes a copy of a documented config with each old string
// replaced; a string the document no longer holds fails the test, so the
// recipe and the test cannot drift apart.
func fromDoc(t *testing.T, path string, repl map[string]string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for old, repl := range repl {
		if !strings.Contains(s, old) {
			t.Fatalf("%s no longer holds %q", path, old)
		}
		s = strings.ReplaceAll(s, old, repl)
	}
	out := filepath.Join(t.TempDir(), filepath.Base(path))
	if err := os.WriteFile(out, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// fleetServe builds coworktop and runs `serve` on a free loopback port.
func fleetServe(t *testing.T, logs string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "coworktop")
	build := exec.Command("go", "build", "-o", bin, "github.com/coworktop/coworktop")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "serve", "--metrics-addr", "127.0.0.1:0", "--refresh", "1s", logs)
	cmd.Env = append(os.Environ(), "COWORKTOP_CONFIG="+filepath.Join(t.TempDir(), "none.toml"))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addrc := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/metrics`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addrc <- m[1]
			}
		}
	}()
	t.Cleanup(func() { stopProcess(cmd) })
	select {
	case a := <-addrc:
		return a
	case <-time.After(30 * time.Second):
		t.Fatal("coworktop serve did not report its address")
	}
	return ""
}

// fleetPrometheus runs one Prometheus on a free loopback port with its own
// storage, and returns its address once it answers /-/ready.
func fleetPrometheus(t *testing.T, bin, name, cfg string, flags ...string) string {
	t.Helper()
	dir := t.TempDir()
	addr := "127.0.0.1:" + strconv.Itoa(freePort(t))
	storage := "--storage.tsdb.path=" + filepath.Join(dir, "data")
	for _, f := range flags {
		if f == "--agent" || f == "--enable-feature=agent" {
			storage = "--storage.agent.path=" + filepath.Join(dir, "agent")
		}
	}
	logf, err := os.Create(filepath.Join(dir, name+".log"))
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"--config.file=" + cfg, storage, "--web.listen-address=" + addr, "--log.level=warn"}, flags...)
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stopProcess(cmd)
		logf.Close()
		if t.Failed() {
			b, _ := os.ReadFile(logf.Name())
			t.Logf("%s prometheus log:\n%s", name, b)
		}
	})
	ready := func() error {
		resp, err := http.Get("http://" + addr + "/-/ready")
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("/-/ready: %s", resp.Status)
		}
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := eventually(ctx, ready); err != nil {
		t.Fatalf("%s prometheus not ready on %s within 30 s: %v", name, addr, err)
	}
	return addr
}

// eventually calls try every 200 ms until it succeeds or ctx ends, and
// returns the last error.
func eventually(ctx context.Context, try func() error) error {
	for {
		err := try()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func stopProcess(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// pollQuery runs an instant query on the central server until check
// accepts the result (values keyed by label key), within ctx.
func pollQuery(t *testing.T, ctx context.Context, base, q, key string, check func(map[string]float64) bool) map[string]float64 {
	t.Helper()
	var last map[string]float64
	var lastErr error
	for ctx.Err() == nil {
		last, lastErr = instantQuery(base, q, key)
		if lastErr == nil && check(last) {
			return last
		}
		select {
		case <-ctx.Done():
		case <-time.After(500 * time.Millisecond):
		}
	}
	t.Fatalf("query %q never satisfied: last %v, err %v", q, last, lastErr)
	return nil
}

func instantQuery(base, q, key string) (map[string]float64, error) {
	client := &http.Client{Timeout: 3 * time.Second}
	resp, err := client.Get(base + "/api/v1/query?query=" + url.QueryEscape(q))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	var r struct {
		Status string `json:"status"`
		Error  string `json:"error"`
		Data   struct {
			Result []struct {
				Metric map[string]string `json:"metric"`
				Value  [2]any            `json:"value"`
			} `json:"result"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, fmt.Errorf("query %q: %w: %s", q, err, body)
	}
	if r.Status != "success" {
		return nil, fmt.Errorf("query %q: %s", q, r.Error)
	}
	out := map[string]float64{}
	for _, s := range r.Data.Result {
		v, _ := s.Value[1].(string)
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, fmt.Errorf("query %q: value %q: %w", q, v, err)
		}
		out[s.Metric[key]] = f
	}
	return out, nil
}
