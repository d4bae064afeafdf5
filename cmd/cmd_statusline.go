package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/quota"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
	"github.com/coworktop/coworktop/vocab"
)

// Bounds of `coworktop statusline`: the JSON read from stdin, the tail of
// main.log read for the session cap, the chained command's output and its
// time.
const (
	statuslineMaxInput = 1 << 20
	statuslineLogTail  = 256 << 10
	statuslineMaxChain = 64 << 10
	statuslineChainFor = 3 * time.Second
	statuslineMaxModel = 40
)

type statuslineOptions struct {
	chain   string
	install bool
	state   string
}

func newStatuslineCmd(g *globalOptions) *cobra.Command {
	var o statuslineOptions
	cmd := &cobra.Command{
		Use:   "statusline",
		Short: "Opt-in status-line command for Claude Code: prints a line, records the quota it is given",
		Long: `statusline is a command to name as Claude Code's statusLine command (in its
settings.json). Claude Code runs it with a JSON document on stdin; it prints
one short line (model, the session cap's use from the log, the quota) and
records the rate_limits it was given, with the time, in coworktop's own
cache folder, where coworktop's header, snapshot and metrics read it.

The quota figures are ` + quota.Scope + `.

--install prints the settings snippet and changes no file. --chain runs
your existing status-line command with the same stdin and prints its
output above coworktop's line (at most 64 KiB; a command still running
after 3 s is ended, with every process it started).`,
		Example: `  coworktop statusline --install
  coworktop statusline --chain '~/.claude/statusline.sh'`,
		Args: cobra.NoArgs,
		// A broken config file must not blank the status line: it uses
		// nothing of the config.
		Annotations: map[string]string{skipConfig: "true"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.install {
				return printStatuslineInstall(g.stdout, processInstallEnv())
			}
			runStatusline(contextOf(cmd), g, o, os.Stdin, productNow())
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.chain, "chain", "", "your existing status-line command: run with the same stdin, its output printed first")
	f.BoolVar(&o.install, "install", false, "print the settings.json snippet (changes no file)")
	f.StringVar(&o.state, "state-file", "", "where to record the quota (default: coworktop's cache folder)")
	return cmd
}

// runStatusline prints the status line. It never fails: whatever comes on
// stdin, it prints a line and exits 0, and says on stderr what it could
// not do.
func runStatusline(ctx context.Context, g *globalOptions, o statuslineOptions, stdin *os.File, now time.Time) {
	input := readStatuslineInput(stdin)
	chained := make(chan []byte, 1)
	if o.chain != "" {
		go func() { chained <- runChained(ctx, o.chain, input, g.stderr, defaultChainLimits) }()
	} else {
		chained <- nil
	}
	env := quotafiles.ProcessQuotaEnv()
	statePath := o.state
	if statePath == "" {
		statePath = quotafiles.StatuslineStatePath(env)
	}
	in, _ := quotafiles.ParseStatuslineInput(input)
	// The quota: what Claude Code just gave, recorded, with the readings
	// the state file holds (cmd/quota.go words it).
	samples, werr := quotafiles.StatuslineReadings(statePath, quotafiles.ClaudeJSONPath(env), in.RateLimits, now)
	if werr != nil {
		fmt.Fprintf(g.stderr, "coworktop statusline: %s\n", oneLine(werr.Error()))
	}
	line := statuslineText(in, samples, g, statePath, now)
	// Claude Code reads stdout and nothing else: a failed write has no one
	// to be told to.
	if out := <-chained; len(out) > 0 {
		_, _ = g.stdout.Write(out)
		if out[len(out)-1] != '\n' {
			_, _ = io.WriteString(g.stdout, "\n")
		}
	}
	fmt.Fprintln(g.stdout, line)
}

// readStatuslineInput reads stdin, at most statuslineMaxInput bytes (a
// larger document is cut, and then reads as garbage). A terminal on stdin
// (the command run by hand) is not read.
func readStatuslineInput(stdin *os.File) []byte {
	if stdin == nil {
		return nil
	}
	if fi, err := stdin.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		return nil
	}
	data, _ := io.ReadAll(io.LimitReader(stdin, statuslineMaxInput))
	return data
}

// statuslineText is the line: model · session cap · quota. The quota is
// worded from what Claude Code just gave and the state file's readings
// (statuslineQuota).
func statuslineText(in quotafiles.StatuslineInput, samples []quota.Sample, g *globalOptions, statePath string, now time.Time) string {
	var parts []string
	if m := vocab.SanitizeString(in.Model, statuslineMaxModel); m != "" {
		parts = append(parts, m)
	}
	logState := ""
	if statePath != "" {
		logState = filepath.Join(filepath.Dir(statePath), quotafiles.StatuslineLogName)
	}
	if ses := statuslineSessions(g, logState, now); ses != "" {
		parts = append(parts, ses)
	}
	parts = append(parts, statuslineQuota(samples, in.RateLimits != nil, now))
	return "coworktop · " + strings.Join(parts, " · ")
}
