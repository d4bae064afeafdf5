package metrics

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

func TestParseAddr(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"127.0.0.1:9977", "127.0.0.1:9977", true},
		{"[::1]:0", "[::1]:0", true},
		{"localhost:80", "localhost:80", true},
		{":9977", ":9977", true},
		{"127.0.0.1", "", false},
		{"127.0.0.1:http", "", false},
		{"127.0.0.1:70000", "", false},
		{"127.0.0.1:-1", "", false},
		{"nonsense", "", false},
		{"", "", false},
	} {
		got, err := ParseAddr(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseAddr(%q) = %q, %v; want %q ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseAddr(%q) error is not one line: %q", tc.in, err)
		}
	}
	if !IsLoopback("127.0.0.1:1") || !IsLoopback("[::1]:1") || !IsLoopback("localhost:1") {
		t.Error("loopback addresses not recognised")
	}
	if IsLoopback(":9977") || IsLoopback("0.0.0.0:9977") {
		t.Error("all-interfaces address taken for loopback")
	}
	if !IsLoopback(DefaultAddr) {
		t.Errorf("default address %s is not loopback", DefaultAddr)
	}
}

// TestServeEndpoints serves on a free loopback port while another goroutine
// keeps changing the state under the same lock the collector takes.
func TestServeEndpoints(t *testing.T) {
	var mu sync.Mutex
	st := richState()
	snap := func() governor.Snapshot {
		mu.Lock()
		defer mu.Unlock()
		return st.Snapshot(t0.Add(time.Hour))
	}
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ServeListener(ctx, ln, snap, testBuild) }()

	stop := make(chan struct{})
	writer := make(chan struct{})
	go func() {
		defer close(writer)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			mu.Lock()
			st.Apply(event.Event{Time: t0.Add(time.Duration(400+i) * time.Second), Kind: event.KindYield, Reason: event.ReasonWarm})
			mu.Unlock()
			if i > 10000 {
				return
			}
		}
	}()

	client := &http.Client{Timeout: 5 * time.Second}
	get := func(method, path string) (int, string) {
		req, _ := http.NewRequest(method, base+path, nil)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for range 5 {
		code, body := get("GET", "/metrics")
		if code != 200 || !strings.Contains(body, `coworktop_session_cap{source="logged"} 8`) ||
			!strings.Contains(body, `coworktop_evictions_total{cause="warm"} 1`) {
			t.Fatalf("/metrics: %d\n%s", code, body)
		}
		if strings.Contains(body, "go_goroutines") || strings.Contains(body, "process_") {
			t.Errorf("/metrics carries default-registry metrics")
		}
	}
	close(stop)
	<-writer
	if code, body := get("GET", "/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	for _, p := range []string{"/", "/debug/pprof/", "/metrics/x", "/api"} {
		if code, _ := get("GET", p); code != 404 {
			t.Errorf("GET %s = %d, want 404", p, code)
		}
	}
	if code, _ := get("POST", "/metrics"); code != 405 {
		t.Errorf("POST /metrics = %d, want 405", code)
	}
	// A DNS-rebinding page reaches 127.0.0.1 under its own name.
	rebound, _ := http.NewRequest("GET", base+"/metrics", nil)
	rebound.Host = "rebound.example:9977"
	if resp, err := client.Do(rebound); err != nil || resp.StatusCode != 403 {
		t.Errorf("GET /metrics with Host rebound.example: %v %v, want 403", resp, err)
	} else {
		resp.Body.Close()
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("ServeListener after cancel: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ServeListener did not return after cancel")
	}
	if resp, err := client.Get(base + "/healthz"); err == nil {
		resp.Body.Close()
		t.Error("server still answers after shutdown")
	}
}

func TestServeBadAddr(t *testing.T) {
	err := Serve(context.Background(), "not-an-address", func() governor.Snapshot { return governor.Snapshot{} }, testBuild)
	if err == nil || !strings.Contains(err.Error(), "HOST:PORT") {
		t.Fatalf("Serve(bad addr) = %v", err)
	}
}
