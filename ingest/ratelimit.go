package ingest

import (
	"bytes"
	"math/bits"

	"github.com/coworktop/coworktop/vocab"
)

// rateLimitSignal reports a real rate-limit or overload signal: the error
// types rate_limit_error / overloaded_error, or HTTP status 429/529 written as
// a status ("status: 429", "status=529", "API Error: 429", "HTTP 429",
// "429 Too Many Requests"). A number that merely contains 429, such as
// sys_free_raw=429MB or a pid, is not one: that is the classic `grep 429` trap.
func rateLimitSignal(line []byte) bool { return errorTypeSignal(line) || statusSignal(line) }

// errorTypeSignal: the API's error types for rate limits and overload.
func errorTypeSignal(line []byte) bool {
	for i := bytes.Index(line, []byte("_error")); i >= 0; i = nextIndex(line, i+6, "_error") {
		if isErrorType(line, i) {
			return true
		}
	}
	return false
}

// The rate-limit signals: the statuses (written as a status, see
// statusSignal) and the API's error types (each written with "_error"
// after it). The mark kernels (marks_*.s) and marksOf mark a '9' after "42"
// or "52" and every "_e", so a status must be three digits that end in 9
// after 42 or 52 and an error type must be followed by "_error":
// TestKernelsMarkEverySignal fails for a signal added here that the
// kernels do not mark.
var (
	signalStatuses   = [...]string{"429", "529"}
	signalErrorTypes = [...]string{"rate_limit", "overloaded"}
)

func isErrorType(b []byte, i int) bool {
	for _, t := range signalErrorTypes {
		if hasSuffixAt(b, i, t) {
			return true
		}
	}
	return false
}

// mayHoldSignal is the cheap test a reader may apply before FeedLine: a
// line holds a rate-limit signal only if it contains "429", "529" (a status)
// or "_e" (of an error type). A reader that knows a line fails it passes
// mayHaveSignal=false and the line is never searched.
func mayHoldSignal(line []byte) bool {
	return bytes.Contains(line, []byte("429")) || bytes.Contains(line, []byte("529")) || bytes.Contains(line, []byte("_e"))
}

// errorTypeLines returns, in order and once each, the offsets in data of
// the lines that hold a rate-limit error type, for the indexed split: one
// search of the whole block for "_error" costs less than one a line (a
// search costs a call, and a block has thousands of lines). The split
// checks each line for a status itself (mayHaveStatus). dst is reused.
func errorTypeLines(data []byte, dst []int) []int {
	starts := dst[:0]
	// By hand, not bytes.Index: a log has about one '_' a line (sys_free,
	// local_…), and bytes.Index spent some sixty instructions at each.
	for i := 0; ; i++ {
		j := bytes.IndexByte(data[i:], '_')
		if j < 0 {
			return starts
		}
		i += j
		if i+len("_error") <= len(data) && data[i+1] == 'e' && string(data[i+2:i+len("_error")]) == "rror" && isErrorType(data, i) {
			if ls := bytes.LastIndexByte(data[:i], '\n') + 1; len(starts) == 0 || starts[len(starts)-1] != ls {
				starts = append(starts, ls)
			}
		}
	}
}

// mayHaveStatus says whether a line holds a 429 or 529 that no word byte
// touches (statusSignal's first test), for the indexed split. The first 19
// bytes of a line with a main.log stamp's separators hold no real status
// (between the separators there is room for three digits only before the
// first dash, with no status word before them), so they are passed over:
// a search for '9' from the line's start stopped at the month of every
// September line.
func mayHaveStatus(line []byte) bool {
	from := 0
	if len(line) >= 19 && line[4] == '-' && line[7] == '-' && (line[10] == ' ' || line[10] == 'T') && line[13] == ':' && line[16] == ':' {
		from = 19
	}
	for {
		j := bytes.IndexByte(line[from:], '9')
		if j < 0 {
			return false
		}
		i := from + j
		if statusDigitsAt(line, i) && loneNumber(line, i, 0) {
			return true
		}
		from = i + 1
	}
}

// candidatesHold says whether any of the kernel's candidate bits (bit k is
// data[base+k]) in the line starting at lineStart may begin a real signal:
// a 429/529 that is a number of its own, or an "_error" of a rate-limit
// error type. It tests what statusSignal and errorTypeSignal would test
// first, at the one place the kernel found, so a line whose only candidate
// is sys_free_raw=1429MB or governor_evict is never searched (a dense log
// has one such line in ten). It holds every line rateLimitSignal accepts.
func candidatesHold(data []byte, base int, cands uint64, lineStart int) bool {
	for ; cands != 0; cands &= cands - 1 {
		i := base + bits.TrailingZeros64(cands)
		if data[i] == '9' {
			if loneNumber(data, i, lineStart) {
				return true
			}
		} else if i+len("_error") <= len(data) && string(data[i:i+len("_error")]) == "_error" && isErrorType(data, i) {
			return true
		}
	}
	return false
}

// statusDigitsAt says whether the '9' at b[i] ends a 429 or 529 (the
// kernels' and marksOf's candidate rule).
func statusDigitsAt(b []byte, i int) bool {
	return i >= 2 && b[i-1] == '2' && (b[i-2] == '4' || b[i-2] == '5')
}

// loneNumber says whether the 429 or 529 whose '9' is at data[i] stands
// alone in its line (statusSignal's first test): no word byte touches
// either end. A line cut at vocab.MaxLineBytes may end just after it.
func loneNumber(data []byte, i, lineStart int) bool {
	if start := i - 2; start > lineStart && isWordByte(data[start-1]) {
		return false
	}
	return i+1 >= len(data) || i+1-lineStart >= vocab.MaxLineBytes || !isWordByte(data[i+1])
}

// statusSignal: HTTP 429/529 written as a status.
func statusSignal(line []byte) bool {
	// Look for the '9' of 429/529: in log text it is far rarer than '2' or '4'.
	for i := bytes.IndexByte(line, '9'); i >= 0; i = nextByte(line, i+1, '9') {
		if !statusDigitsAt(line, i) || !loneNumber(line, i, 0) {
			continue // no status, or part of a longer number or a word: 1429, 429MB, x429
		}
		start := i - 2
		if statusContext(line[max(0, start-24):start]) || bytes.HasPrefix(line[i+1:], []byte(" Too Many Requests")) {
			return true
		}
	}
	return false
}

func nextByte(b []byte, from int, c byte) int {
	if from >= len(b) {
		return -1
	}
	j := bytes.IndexByte(b[from:], c)
	if j < 0 {
		return -1
	}
	return from + j
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
