package governor

import "testing"

func TestRateLimitSignal(t *testing.T) {
	yes := []string{
		`[CCD CycleHealth] local_1 api_error (rate_limit): API Error: 429 {"type":"error","error":{"type":"rate_limit_error"}}`,
		`API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
		`request failed status=429`,
		`  status: 429,`,
		`HTTP 529 from upstream`,
		`got 429 Too Many Requests`,
		`"statusCode":429`,
	}
	no := []string{
		`[process-memory] trigger=interval sys_free=429MB/16384MB sys_free_raw=429MB`,
		`[event-loop-stall] main process blocked for 429ms`,
		`child:14290:85MB electron_renderer:4291:96MB`,
		`Received permission response for 1429-abc: once`,
		`exitCode: 5429`,
		`12:29:05 idle 429s`,
	}
	for _, s := range yes {
		if !rateLimitSignal([]byte(s)) {
			t.Errorf("missed rate-limit signal: %s", s)
		}
	}
	for _, s := range no {
		if rateLimitSignal([]byte(s)) {
			t.Errorf("false rate-limit signal: %s", s)
		}
	}
}
