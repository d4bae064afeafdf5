package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/sources"
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

The quota figures are ` + governor.QuotaScope + `.

--install prints the settings snippet and changes no file. --chain runs
your existing status-line command with the same stdin and prints its
output above coworktop's line.`,
		Example: `  coworktop statusline --install
  coworktop statusline --chain '~/.claude/statusline.sh'`,
		Args: cobra.NoArgs,
		// A broken config file must not blank the status line: it uses
		// nothing of the config.
		Annotations: map[string]string{skipConfig: "true"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.install {
				return printStatuslineInstall(g)
			}
			runStatusline(contextOf(cmd), g, o, os.Stdin, time.Now())
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
	statePath := o.state
	if statePath == "" {
		statePath = sources.StatuslineStatePath(sources.ProcessQuotaEnv())
	}
	in, err := sources.ParseStatuslineInput(input)
	var samples []governor.QuotaSample
	if err == nil && in.RateLimits != nil {
		samples = in.RateLimits.Samples(governor.QuotaStatusline, now.UTC().Truncate(time.Second))
		if statePath != "" {
			if werr := sources.RecordStatusline(statePath, in.RateLimits, now); werr != nil {
				fmt.Fprintf(g.stderr, "coworktop statusline: %s\n", oneLine(werr.Error()))
			}
		}
	}
	line := statuslineText(in, samples, g, now)
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
// what Claude Code just gave, or else the best reading of coworktop's
// sources with its source and age.
func statuslineText(in sources.StatuslineInput, samples []governor.QuotaSample, g *globalOptions, now time.Time) string {
	var parts []string
	if m := governor.SanitizeString(in.Model, statuslineMaxModel); m != "" {
		parts = append(parts, m)
	}
	if ses := statuslineSessions(g, now); ses != "" {
		parts = append(parts, ses)
	}
	if len(samples) > 0 {
		parts = append(parts, governor.QuotaFiguresText(governor.QuotaFigures(samples, now)))
	} else {
		read, _ := sources.ReadQuota(sources.DefaultQuotaPaths(sources.ProcessQuotaEnv()))
		parts = append(parts, governor.QuotaSummary(governor.QuotaFigures(read, now)))
	}
	return "coworktop · " + strings.Join(parts, " · ")
}

// statuslineSessions is "sessions 4/6 (gov)": the governor's own last logged count of
// live sessions against its cap, read from the tail of main.log, when it
// was logged in the last two minutes; "" otherwise. Only the tail is read:
// the line must come back in milliseconds.
func statuslineSessions(g *globalOptions, now time.Time) string {
	d := sources.Discover(g.logDir)
	if d.Chosen == "" {
		return ""
	}
	tail, err := sources.ReadTail(filepath.Join(d.Chosen, "main.log"), statuslineLogTail)
	if err != nil || len(tail) == 0 {
		return ""
	}
	st := governor.New(governor.Limits{Outcomes: 1, Evictions: 1, LogLines: 0, MemorySamples: 1, HostSamples: 1, EndedSessions: 16})
	_, _ = ingest.ReadEach(bytes.NewReader(tail), "main.log", time.Local, func(e *governor.Event) { st.ApplyEvent(e) })
	snap := st.Snapshot(now)
	if !snap.Effective.Fresh || snap.Cap.Value == 0 {
		return ""
	}
	return fmt.Sprintf("sessions %d/%d (gov)", snap.Effective.Value, snap.Cap.Value)
}

// printStatuslineInstall prints the settings.json snippet that names this
// executable as the statusLine command, chaining the command already
// there (read from settings.json's statusLine.command key only). It
// changes no file.
func printStatuslineInstall(g *globalOptions) error {
	exe := "coworktop"
	if p, err := os.Executable(); err == nil {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
		exe = p
	}
	command := shellQuote(exe) + " statusline"
	settings := claudeSettingsPath()
	existing := existingStatusLine(settings)
	if existing != "" && !strings.Contains(existing, "statusline") {
		command += " --chain " + shellQuote(existing)
	}
	type statusLine struct {
		Type    string `json:"type"`
		Command string `json:"command"`
	}
	snippet := struct {
		StatusLine statusLine `json:"statusLine"`
	}{statusLine{Type: "command", Command: command}}
	b, err := json.MarshalIndent(snippet, "", "  ")
	if err != nil {
		return fmt.Errorf("statusline snippet: %w", err)
	}
	w := g.stdout
	fmt.Fprintf(w, "Add this to %s (coworktop changes no file):\n\n%s\n\n", settings, b)
	if existing != "" && strings.Contains(command, "--chain") {
		fmt.Fprintln(w, "Your current status-line command is kept: --chain runs it first, with the same input.")
	}
	fmt.Fprintf(w, "coworktop records the quota Claude Code passes (rate_limits, Pro/Max accounts) in %s.\n",
		sources.StatuslineStatePath(sources.ProcessQuotaEnv()))
	fmt.Fprintln(w, "The quota figures are "+governor.QuotaScope+".")
	return nil
}

// claudeSettingsPath is Claude Code's user settings file.
func claudeSettingsPath() string {
	if d := os.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return filepath.Join(d, "settings.json")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return filepath.Join("~", ".claude", "settings.json")
	}
	return filepath.Join(home, ".claude", "settings.json")
}

// existingStatusLine is the statusLine.command of Claude Code's settings,
// the one key read of that file; "" when there is none.
func existingStatusLine(path string) string {
	f, err := sources.OpenLog(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 1<<20))
	if err != nil {
		return ""
	}
	var s struct {
		StatusLine struct {
			Command string `json:"command"`
		} `json:"statusLine"`
	}
	if json.Unmarshal(data, &s) != nil {
		return ""
	}
	return s.StatusLine.Command
}

// shellQuote quotes s for sh when it holds anything but plain path
// characters.
func shellQuote(s string) string {
	plain := s != ""
	for _, r := range s {
		if !(r == '/' || r == '.' || r == '-' || r == '_' || r == '~' || r == ':' || r == '\\' ||
			(r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
