package governor

import "bytes"

// rateLimitSignal reports a real rate-limit or overload signal: the error
// types rate_limit_error / overloaded_error, or HTTP status 429/529 written as
// a status ("status: 429", "status=529", "API Error: 429", "HTTP 429",
// "429 Too Many Requests"). A number that merely contains 429, such as
// sys_free_raw=429MB or a pid, is not one: that is the classic `grep 429` trap.
func rateLimitSignal(line []byte) bool {
	if i := bytes.Index(line, []byte("_error")); i >= 0 {
		for ; i >= 0; i = nextIndex(line, i+6, "_error") {
			if hasSuffixAt(line, i, "rate_limit") || hasSuffixAt(line, i, "overloaded") {
				return true
			}
		}
	}
	for i := bytes.Index(line, []byte("29")); i >= 0; i = nextIndex(line, i+2, "29") {
		if i == 0 || (line[i-1] != '4' && line[i-1] != '5') {
			continue
		}
		start := i - 1
		if start > 0 && isWordByte(line[start-1]) || i+2 < len(line) && isWordByte(line[i+2]) {
			continue // part of a longer number or a word: 1429, 429MB, x429
		}
		if statusContext(line[max(0, start-24):start]) || bytes.HasPrefix(line[i+2:], []byte(" Too Many Requests")) {
			return true
		}
	}
	return false
}

func nextIndex(b []byte, from int, sub string) int {
	if from >= len(b) {
		return -1
	}
	j := bytes.Index(b[from:], []byte(sub))
	if j < 0 {
		return -1
	}
	return from + j
}

func hasSuffixAt(b []byte, end int, s string) bool {
	return end >= len(s) && string(b[end-len(s):end]) == s
}

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// statusContext reports whether the text just before a 429/529 names it as a
// status code.
func statusContext(before []byte) bool {
	b := bytes.TrimRight(before, " :=\"'")
	for _, w := range [][]byte{
		[]byte("status"), []byte("Status"), []byte("statusCode"), []byte("status_code"),
		[]byte("HTTP"), []byte("http"), []byte("Error"), []byte("error"), []byte("code"),
	} {
		if bytes.HasSuffix(b, w) {
			return true
		}
	}
	return false
}
