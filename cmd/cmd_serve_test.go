package cmd

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

func TestServeBadAddressOneLineExit2(t *testing.T) {
	for _, addr := range []string{"nonsense", "127.0.0.1:99999", "127.0.0.1:http", "127.0.0.1"} {
		var out, errb bytes.Buffer
		code := run([]string{"serve", "--metrics-addr", addr, filepath.Join(testdataDir, "metrics")}, &out, &errb)
		msg := errb.String()
		if code != 2 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "coworktop: --metrics-addr: invalid metrics address") {
			t.Errorf("serve --metrics-addr %q: exit %d, stderr %q", addr, code, msg)
		}
		if out.Len() != 0 {
			t.Errorf("serve --metrics-addr %q wrote to stdout: %q", addr, out.String())
		}
	}
}

func TestServeBusyPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var out, errb bytes.Buffer
	code := run([]string{"serve", "--metrics-addr", ln.Addr().String(), filepath.Join(testdataDir, "metrics")}, &out, &errb)
	if code == 0 || !strings.Contains(errb.String(), "listen on") || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("busy port: exit %d, stderr %q", code, errb.String())
	}
}

// TestLiveMetricsHook: the live screen's --metrics-addr serves the latest
// snapshot the screen observed; without the flags there is no observer.
func TestLiveMetricsHook(t *testing.T) {
	cmd := &cobra.Command{Use: "x"}
	start := addLiveMetricsFlags(cmd, &globalOptions{stderr: io.Discard})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if obs, err := start(ctx, nil); err != nil || obs != nil {
		t.Fatalf("no flags: observer %v, err %v", obs != nil, err)
	}

	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	if err := cmd.Flags().Set("metrics-addr", addr); err != nil {
		t.Fatal(err)
	}
	obs, err := start(ctx, nil)
	if err != nil || obs == nil {
		t.Fatalf("with --metrics-addr: observer %v, err %v", obs != nil, err)
	}
	st := governor.New(governor.DefaultLimits())
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	st.Apply(event.Event{Time: t0, Kind: event.KindAcquire, Effective: 2, Cap: 7})
	st.Apply(event.Event{Time: t0, Kind: event.KindAtCap, Cap: 7, Verb: event.VerbEvicting, Session: "local_x", IdleS: 90, Reason: event.ReasonUser})
	snap := st.Snapshot(t0.Add(time.Minute))
	obs(snap)
	snap.Sessions[0].State = governor.StateUnknown // the exporter kept its own copy

	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{`coworktop_session_cap{source="logged"} 7`, `coworktop_evictions_total{cause="user"} 1`, `coworktop_sessions{state="paused"} 1`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %s:\n%s", want, body)
		}
	}

	bad := &cobra.Command{Use: "y"}
	startBad := addLiveMetricsFlags(bad, &globalOptions{stderr: io.Discard})
	_ = bad.Flags().Set("metrics-addr", "no-port")
	if _, err := startBad(ctx, nil); err == nil || !strings.Contains(err.Error(), "HOST:PORT") {
		t.Errorf("bad address: %v", err)
	}
}
