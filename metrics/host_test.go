package metrics

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestHostAllowed(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	h := checkHost(ok, []string{"Laptop.example.org."})
	cases := []struct {
		host string
		want int
	}{
		{"127.0.0.1:9977", 200},
		{"127.0.0.1", 200},
		{"[::1]:9977", 200},
		{"::1", 200},
		{"10.0.0.7:9977", 200},
		{"localhost:9977", 200},
		{"LOCALHOST.:9977", 200},
		{"prom.localhost:9977", 200},
		{"laptop.example.org:9977", 200},
		{"LAPTOP.example.org", 200},
		{"attacker.example:9977", 403},      // a rebinding page's own name
		{"127.0.0.1.attacker.example", 403}, // looks like an IP, is a name
		{"localhost.attacker.example", 403},
		{"example.org", 403},
		{"", 403},
	}
	for _, tc := range cases {
		req := httptest.NewRequest("GET", "/metrics", nil)
		req.Host = tc.host
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tc.want {
			t.Errorf("Host %q: %d, want %d", tc.host, rec.Code, tc.want)
		}
	}
}
