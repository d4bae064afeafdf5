package cmd

// The metrics end-to-end test: a real `coworktop serve` binary replays and
// follows a fixture log folder, a real Prometheus server scrapes it on
// loopback, and the Prometheus HTTP API must report the fixture's evictions
// and cap. It skips only when prometheus is not installed outside CI; with
// CI=true a missing binary fails.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// requireTool returns the path of name, skipping the test when it is absent
// outside CI and failing it in CI.
func requireTool(t *testing.T, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s not found, and CI=true: install the %s package (apt-get install -y %s)", name, pkg, pkg)
	}
	t.Skipf("%s not installed (apt-get install -y %s); skipping outside CI", name, pkg)
	return ""
}

// startServe runs `coworktop serve` on a free loopback port over dir and
// returns its address; the process gets SIGTERM at cleanup and must exit 0.
func startServe(t *testing.T, bin, dir string, env []string, flags ...string) string {
	t.Helper()
	args := append([]string{"serve", "--metrics-addr", "127.0.0.1:0", "--refresh", "1s"}, flags...)
	cmd := exec.Command(bin, append(args, dir)...)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addrc := make(chan string, 1)
	var logged strings.Builder
	go func() {
		re := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/metrics`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			logged.WriteString(sc.Text() + "\n")
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addrc <- m[1]
			}
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("coworktop serve after SIGTERM: %v\n%s", err, logged.String())
			}
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			t.Errorf("coworktop serve did not stop within 10 s of SIGTERM")
		}
	})
	select {
	case a := <-addrc:
		return a
	case <-time.After(20 * time.Second):
		t.Fatalf("coworktop serve did not report its address")
	}
	return ""
}

func freeLoopbackPort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startPrometheus runs a Prometheus server on loopback with its own storage,
// scraping target every second.
func startPrometheus(t *testing.T, bin, target string) string {
	t.Helper()
	dir := t.TempDir()
	cfg := fmt.Sprintf(`global:
  scrape_interval: 1s
  scrape_timeout: 1s
  evaluation_interval: 1s
scrape_configs:
  - job_name: coworktop
    static_configs:
      - targets: ['%s']
`, target)
	cfgPath := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", freeLoopbackPort(t))
	logf, err := os.Create(filepath.Join(dir, "prometheus.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin,
		"--config.file="+cfgPath,
		"--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address="+addr,
		"--log.level=warn",
	)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		logf.Close()
		if t.Failed() {
			b, _ := os.ReadFile(logf.Name())
			t.Logf("prometheus log:\n%s", b)
		}
	})
	return addr
}

// promQuery runs an instant query and returns each sample's value keyed by
// the value of its label key ("" for a query with one unlabelled result).
func promQuery(base, q, key string) (map[string]float64, error) {
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

// waitQuery polls q until check accepts its result, within the deadline.
func waitQuery(t *testing.T, ctx context.Context, base, q, key string, check func(map[string]float64) bool) map[string]float64 {
	t.Helper()
	var last map[string]float64
	var lastErr error
	for ctx.Err() == nil {
		last, lastErr = promQuery(base, q, key)
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

// startFakeVM runs a stand-in competitor: a copy of /bin/sh named like QEMU
// with "-m 2048" among its arguments, which the process scanner must report
// as an other-vm group with 2 GiB of guest memory. It ends with the test.
func startFakeVM(t *testing.T) bool {
	t.Helper()
	sh, err := os.ReadFile("/bin/sh")
	if err != nil {
		t.Logf("no /bin/sh to copy (%v): competitor check skipped", err)
		return false
	}
	bin := filepath.Join(t.TempDir(), "qemu-system-aarch64")
	if err := os.WriteFile(bin, sh, 0o755); err != nil {
		t.Fatal(err)
	}
	// "read" blocks on a pipe the test holds open: no child process to leak.
	cmd, stdin := startRetryingBusy(t, bin, "-c", "read x", "-m", "2048")
	t.Cleanup(func() { stdin.Close(); _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return true
}

// startRetryingBusy starts a program the test has just written. While the
// file was open for writing, a process another test forked at that moment
// holds a copy of the descriptor until it execs, and the kernel refuses to
// run the file ("text file busy", golang/go#22315): that is retried.
func startRetryingBusy(t *testing.T, bin string, args ...string) (*exec.Cmd, io.WriteCloser) {
	t.Helper()
	for attempt := 0; ; attempt++ {
		cmd := exec.Command(bin, args...)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		err = cmd.Start()
		if err == nil {
			return cmd, stdin
		}
		stdin.Close()
		if !errors.Is(err, syscall.ETXTBSY) || attempt == 50 {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond) // the other child execs within microseconds
	}
}

func TestPrometheusEndToEnd(t *testing.T) {
	t.Parallel() // a process test: runs beside the others
	promBin := requireTool(t, "prometheus", "prometheus")
	ctx, cancel := context.WithTimeout(context.Background(), 75*time.Second)
	defer cancel()

	// A copy of the fixture, so the test can append to it while serve follows.
	dir := t.TempDir()
	for _, name := range []string{"main.log", "cowork_vm_node.log"} {
		b, err := os.ReadFile(filepath.Join(testdataDir, "metrics", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	logPath := filepath.Join(dir, "main.log")
	fakeVM := runtime.GOOS == "linux" && startFakeVM(t)

	start := time.Now()
	bin := buildCoworktop(t)
	t.Logf("built in %v", time.Since(start))
	target := startServe(t, bin, dir, nil)
	t.Logf("serving after %v", time.Since(start))

	// promtool check metrics on the real exposition, when promtool is here.
	if promtool, err := exec.LookPath("promtool"); err == nil {
		resp, err := http.Get("http://" + target + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		cmd := exec.Command(promtool, "check", "metrics")
		cmd.Stdin = strings.NewReader(string(body))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("promtool check metrics: %v\n%s", err, out)
		}
	}

	base := "http://" + startPrometheus(t, promBin, target)
	waitQuery(t, ctx, base, `count_over_time(up{job="coworktop"}[5m])`, "", func(m map[string]float64) bool { return m[""] >= 2 })
	waitQuery(t, ctx, base, `up{job="coworktop"}`, "", func(m map[string]float64) bool { return m[""] == 1 })
	t.Logf("two scrapes after %v", time.Since(start))

	ev := waitQuery(t, ctx, base, `coworktop_evictions_total`, "cause", func(m map[string]float64) bool { return len(m) == 4 })
	want := map[string]float64{"warm": 2, "user": 1, "pressure": 1, "unknown": 0} // the first run's is within the hour
	for k, v := range want {
		if ev[k] != v {
			t.Errorf("coworktop_evictions_total{cause=%q} = %v, want %v (all: %v)", k, ev[k], v, ev)
		}
	}
	capv := waitQuery(t, ctx, base, `coworktop_session_cap`, "source", func(m map[string]float64) bool { return len(m) > 0 })
	if len(capv) != 1 || capv["logged"] != 9 {
		t.Errorf("coworktop_session_cap = %v, want {source=logged} 9", capv)
	}

	vm := waitQuery(t, ctx, base, `coworktop_vm_configured_memory_bytes`, "", func(m map[string]float64) bool { return len(m) > 0 })
	if vm[""] != 4<<30 {
		t.Errorf("coworktop_vm_configured_memory_bytes = %v, want 4 GiB", vm)
	}
	if fakeVM {
		// The scanner sees the whole machine: another run of this test at
		// the same time adds its own stand-in, so accept whole multiples.
		waitQuery(t, ctx, base, `coworktop_group_guest_memory_bytes{group="other-vm",kind="competitor"}`, "",
			func(m map[string]float64) bool { v := m[""]; return v >= 2<<30 && math.Mod(v, 2<<30) == 0 })
	}

	t.Logf("fixture figures seen after %v", time.Since(start))

	// Every family the exporter always emits reached Prometheus.
	required := []string{"build_info", "sessions", "session_idle_seconds_max", "sessions_effective", "session_cap",
		"evictions_total", "yields_total", "pressure_events_total", "idle_timeouts_total", "governor_unknown_lines_total",
		"sessions_started_total", "governor_pressure_level", "host_memory_total_bytes", "host_memory_available_bytes",
		"host_memory_free_bytes", "host_swap_used_bytes", "host_pressure_level", "vm_configured_memory_bytes", "vm_state",
		"vm_boot_stalls_total", "log_lines_read_total", "log_lines_cut_total", "log_lines_unreadable_total",
		"log_events_total", "log_files", "log_files_failing", "log_last_line_timestamp_seconds", "log_last_line_age_seconds"}
	if fakeVM {
		required = append(required, "group_processes", "group_resident_memory_bytes", "group_guest_memory_bytes")
	}
	names := waitQuery(t, ctx, base, `count by (__name__) ({__name__=~"coworktop_.+",job="coworktop"})`, "__name__",
		func(m map[string]float64) bool { return len(m) >= len(required) })
	for _, n := range required {
		if _, ok := names["coworktop_"+n]; !ok {
			t.Errorf("coworktop_%s never reached Prometheus", n)
		}
	}
	t.Logf("all families seen after %v", time.Since(start))
	if path := os.Getenv("COWORKTOP_E2E_DUMP"); path != "" {
		dumpSeries(t, base, path)
	}

	// The app evicts one more session while serve follows: the counter moves.
	f, err := os.OpenFile(logPath, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString("2026-11-02 08:50:00 [info] [CliGovernor] at cap=9; evicting local_44444444-4444-4444-8444-444444444444 (idle 900s) for warm spawn\n")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	waitQuery(t, ctx, base, `sum(coworktop_evictions_total)`, "", func(m map[string]float64) bool { return m[""] == 5 })
	t.Logf("appended eviction seen after %v", time.Since(start))
	warm := waitQuery(t, ctx, base, `coworktop_evictions_total{cause="warm"}`, "cause", func(m map[string]float64) bool { return len(m) == 1 })
	if warm["warm"] != 3 {
		t.Errorf("warm evictions after the appended line = %v, want 3", warm["warm"])
	}
}

// dumpSeries writes every coworktop series Prometheus holds, as the API
// returns it, for the closing note's sample list (COWORKTOP_E2E_DUMP=FILE).
func dumpSeries(t *testing.T, base, path string) {
	t.Helper()
	resp, err := http.Get(base + "/api/v1/query?query=" + url.QueryEscape(`{__name__=~"coworktop_.+"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
