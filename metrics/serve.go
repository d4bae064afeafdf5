package metrics

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"
)

// DefaultAddr is where serve listens unless told otherwise: loopback only.
const DefaultAddr = "127.0.0.1:9977"

// ParseAddr checks a --metrics-addr value: HOST:PORT with a numeric port
// (0 picks a free one). An empty host (":9977") means every interface, as
// with any Go server; the default is loopback.
func ParseAddr(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("invalid metrics address %q: want HOST:PORT, e.g. %s", addr, DefaultAddr)
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 0 || n > 65535 {
		return "", fmt.Errorf("invalid metrics address %q: port must be a number from 0 to 65535", addr)
	}
	return net.JoinHostPort(host, strconv.Itoa(n)), nil
}

// IsLoopback reports whether addr binds only the loopback interface.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Listen validates addr and opens the listener, so a caller can report the
// bound address (useful with port 0) before serving.
func Listen(addr string) (net.Listener, error) {
	a, err := ParseAddr(addr)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", a)
	if err != nil {
		return nil, fmt.Errorf("metrics: listen on %s: %w", a, err)
	}
	return ln, nil
}

// Handler serves /metrics, a fresh snapshot's metrics each scrape, and
// /healthz. Every other path is 404; only GET and HEAD are allowed.
func Handler(snapshot SnapshotFunc, build BuildInfo) (http.Handler, error) {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", http.TimeoutHandler(scrapeHandler(snapshot, build), scrapeTimeout,
		fmt.Sprintf("Exceeded configured timeout of %v.\n", scrapeTimeout)))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	return mux, nil
}

// textContentType is the text exposition format's, with the name escaping
// client_golang's handler named (every coworktop name is a legacy one).
const textContentType = "text/plain; version=0.0.4; charset=utf-8; escaping=underscores"

const (
	scrapeTimeout  = 10 * time.Second
	scrapesAtOnce  = 4
	scrapeBusyText = "Limit of concurrent requests reached (4), try again later.\n"
)

// scrapeHandler answers a scrape with the text format, at most
// scrapesAtOnce at a time. A sample that breaks the format's rules is left
// out and the rest served, as client_golang's ContinueOnError did.
func scrapeHandler(snapshot SnapshotFunc, build BuildInfo) http.Handler {
	slots := make(chan struct{}, scrapesAtOnce)
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		select {
		case slots <- struct{}{}:
			defer func() { <-slots }()
		default:
			http.Error(w, scrapeBusyText, http.StatusServiceUnavailable)
			return
		}
		families, _ := gather(snapshot(), build) // the errors' samples are left out
		var b []byte
		for _, f := range families {
			b = f.appendText(b)
		}
		w.Header().Set("Content-Type", textContentType)
		_, _ = w.Write(b) // the scraper went away: nothing to do
	})
}

// Serve listens on addr and serves metrics until ctx is cancelled, then
// shuts the server down gracefully. It is what the TUI's --metrics-addr calls.
func Serve(ctx context.Context, addr string, snapshot SnapshotFunc, build BuildInfo, allowedHosts ...string) error {
	ln, err := Listen(addr)
	if err != nil {
		return err
	}
	return ServeListener(ctx, ln, snapshot, build, allowedHosts...)
}

// ServeListener serves on an open listener until ctx is cancelled; it closes
// the listener. It answers only requests whose Host header is an IP
// literal, localhost, or one of allowedHosts (see checkHost).
func ServeListener(ctx context.Context, ln net.Listener, snapshot SnapshotFunc, build BuildInfo, allowedHosts ...string) error {
	h, err := Handler(snapshot, build)
	if err != nil {
		_ = ln.Close() // the handler failed; that error is the one to report
		return err
	}
	srv := &http.Server{
		Handler:           checkHost(h, allowedHosts),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      15 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("metrics: serve on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	shutCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil {
		return fmt.Errorf("metrics: shut down: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("metrics: serve on %s: %w", ln.Addr(), err)
	}
	return nil
}
