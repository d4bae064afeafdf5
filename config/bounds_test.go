package config

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// unknownKeys is a file of n unknown keys, one a line.
func unknownKeys(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "k%d = 1\n", i)
	}
	return []byte(b.String())
}

// TestUnknownKeysNamedThenCounted: the first MaxUnknownKeys unknown keys
// are named with their lines, the rest counted (issue 29 #3).
func TestUnknownKeysNamedThenCounted(t *testing.T) {
	_, err := Parse(unknownKeys(25))
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatalf("Parse: %v, want *Error", err)
	}
	msg := ce.Error()
	if ce.Line != 1 || ce.Key != "k0" || !strings.HasSuffix(msg, `"k19" (line 20), and 5 more`) || strings.Contains(msg, `"k20"`) {
		t.Errorf("got %q (line %d, key %q)", msg, ce.Line, ce.Key)
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("%q is more than one line", msg)
	}
}

// TestManyUnknownKeysAreFast: 20,000 unknown keys (200 KB) cost seconds
// in go-toml's strict mode, which finds each key's line from the file's
// start; checkKeys is one pass.
func TestManyUnknownKeysAreFast(t *testing.T) {
	doc := unknownKeys(20_000)
	start := time.Now()
	_, err := Parse(doc)
	took := time.Since(start)
	if err == nil || !strings.Contains(err.Error(), "and 19980 more") {
		t.Fatalf("Parse: %v", err)
	}
	if took > 2*time.Second { // about 30 ms; the strict decoder took 9 s
		t.Errorf("20,000 unknown keys took %s", took)
	}
}

// TestParseRefusesOverMaxFileSize: a config over 1 MiB (10^6 unknown keys,
// or /dev/zero's first MiB) is refused at once, in one line.
func TestParseRefusesOverMaxFileSize(t *testing.T) {
	doc := unknownKeys(1_000_000)
	start := time.Now()
	_, err := Parse(doc)
	if err == nil || !strings.Contains(err.Error(), "over the 1024 KiB a config file may hold") {
		t.Fatalf("Parse(%d bytes): %v", len(doc), err)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("refusing %d bytes took %s", len(doc), took)
	}
	if _, err := Parse(make([]byte, MaxFileSize+1)); err == nil {
		t.Error("MaxFileSize+1 NUL bytes: no error")
	}
}
