package cmd

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"time"

	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/sources/records"
)

// agentsFor bounds `claude agents --json` (about 1 s here).
const agentsFor = 10 * time.Second

// errNoAgents: no `claude agents` is asked (a record folder was named, or
// no claude is on PATH).
var errNoAgents = errors.New("not asked")

// agentsNow asks Claude Code which sessions run (`claude agents --json`),
// beside the session records: only for this machine's own records (not
// when --records-dir or COWORKTOP_RECORDS_DIR names a folder) and only
// where a claude is on PATH. It returns the rows and how long it took.
// One run costs Claude Code's start (about 0.3 s of CPU), so only the
// one-shot commands ask (snapshot, doctor), never the live view's loop.
func agentsNow(ctx context.Context, g *globalOptions) ([]record.Code, time.Duration, error) {
	if g.recordsDir != "" || os.Getenv(records.EnvRecordsDir) != "" {
		return nil, 0, errNoAgents
	}
	path, err := exec.LookPath("claude")
	if err != nil {
		return nil, 0, errNoAgents
	}
	ctx, cancel := context.WithTimeout(ctx, agentsFor)
	defer cancel()
	start := time.Now()
	out, err := runClaude(ctx, path, "agents", "--json")
	took := time.Since(start)
	if err != nil {
		return nil, took, err
	}
	rows, err := records.ParseAgents(out, time.Now())
	return rows, took, err
}
