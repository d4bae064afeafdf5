package metrics

import (
	"net"
	"net/http"
	"strings"
)

// checkHost refuses a request whose Host header names a host this server
// was not asked to answer to. A page on some domain can make the browser
// resolve that domain to 127.0.0.1 (DNS rebinding) and then read what the
// exporter serves as if it were same-origin; the browser still sends the
// page's domain in Host, so answering only to IP literals, localhost and
// the names given (--allow-host) stops it. Prometheus scrapes by IP or by
// a name in its config; that name must then be allowed.
func checkHost(next http.Handler, allowed []string) http.Handler {
	names := map[string]bool{}
	for _, n := range allowed {
		names[normalHost(n)] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hostAllowed(r.Host, names) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte("coworktop: this host name is not allowed (serve --allow-host NAME)\n"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hostAllowed: an IP literal (what a DNS-rebinding page cannot send),
// localhost and its subdomains (which resolve to loopback by RFC 6761 and
// cannot be rebound), or a name allowed by the user.
func hostAllowed(hostport string, names map[string]bool) bool {
	host := normalHost(hostport)
	if host == "" {
		return false
	}
	if net.ParseIP(host) != nil {
		return true
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	return names[host]
}

// normalHost drops the port, IPv6 brackets, a trailing dot and case.
func normalHost(hostport string) string {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSuffix(host, "]"), "["), "]")
	return strings.ToLower(strings.TrimSuffix(host, "."))
}
