// Package cmd is coworktop's command line: the commands and their flags, and
// the wiring of sources -> ingest -> governor -> ui/render behind each one
// (the live pipeline, the replay clock, the saved-file reader).
//
// It is the only package that imports the others together. It owns no rule
// of the model (governor) and parses no log text: a saved log goes to
// ingest.ReadEach (ingest.ReadSummary for report), and the live pipeline (pipeline.go) translates the
// follower's batches into ingest.Stream's runs and its status into the
// governor's. It reads the Claude logs, the host and the process table only
// through sources (its own file is the config file, parsed by config), and
// draws nothing itself (ui, render).
package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/config"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/sources/records"
	"github.com/coworktop/coworktop/vocab"
)

// globalOptions are the flags every subcommand shares.
type globalOptions struct {
	logDir     string
	recordsDir string // --records-dir: the session-record folders (records.go)
	// notifyWaiting is --notify-waiting: how long a session waits for the
	// person before --notify says so.
	notifyWaiting time.Duration
	// stallAfter and waitLongAfter are --stall-after and --wait-long-after:
	// when a busy session's silence is a stall, a wait long (governor).
	stallAfter, waitLongAfter time.Duration
	refresh                   time.Duration
	// configFile is --config; theme is --theme ("" : the file's).
	configFile string
	theme      string
	noColor    bool
	stdout     io.Writer
	stderr     io.Writer

	// The config file (cmd_config.go): what is in effect, where it was
	// looked for, whether it exists.
	cfg      config.Config
	cfgPath  string
	cfgFound bool
	// cfgFaults is what is wrong with the file, for the commands that run
	// on a broken one (doctor, config show) to list.
	cfgFaults []*config.Error
	// warnings the live screen shows at start (and prints after it).
	warnings []string
}

// colorEnabled applies the NO_COLOR convention, --no-color and TERM=dumb.
func (g *globalOptions) colorEnabled() bool {
	if g.noColor || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return true
}

// Main runs the command line with args (without the program name) and
// returns the process's exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	growStack()
	stop := startProfile()
	defer stop()
	return run(args, stdout, stderr)
}

// exitError carries a specific exit code through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }

func run(args []string, stdout, stderr io.Writer) int {
	out := &outWriter{w: stdout}
	g := &globalOptions{stdout: out, stderr: stderr}
	root := newRootCmd(g)
	root.SetArgs(args)
	root.SetOut(out)
	root.SetErr(stderr)
	err := root.ExecuteContext(context.Background())
	if err == nil && out.err != nil {
		// Every command that prints writes through out: one whose output
		// was lost (a full disk, /dev/full, a closed pipe) has failed.
		err = fmt.Errorf("writing output: %w", out.err)
	}
	if err != nil {
		code := 1
		if ee, ok := err.(*exitError); ok {
			code = ee.code
		}
		fmt.Fprintf(stderr, "coworktop: %s\n", oneLine(err.Error()))
		return code
	}
	return 0
}

// outWriter is stdout, keeping its first write error: a command that
// ignores an Fprintf's error still fails at the end.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

func newRootCmd(g *globalOptions) *cobra.Command {
	root := &cobra.Command{
		Use:   "coworktop",
		Short: "htop for the Claude desktop app's session governor",
		Long: `coworktop shows, live, what the Claude desktop app's session governor is doing:
live sessions against the cap, the idle ranking and the next likely victim,
evictions and yields, memory pressure, and the VMs competing for memory.

Settings (refresh, sort, panes, theme, mouse, notify) can live in a config
file; "coworktop config" says where, and flags override it.`,
		Example: `  coworktop                 live view of this machine's Claude logs
  coworktop --demo          live view of a built-in scenario (no Claude needed)
  coworktop report          what happened, from the saved logs
  coworktop events | jq .   one JSON object per parsed event`,
		Version:       versionString(),
		SilenceUsage:  true,
		SilenceErrors: true,
		Annotations:   map[string]string{drawsScreen: "true"},
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		expandUserPaths(g)
		now, err := parseClock(os.Getenv(envClock), time.Now)
		if err != nil {
			return usageError("%v", err)
		}
		productNow = now
		if needsConfig(cmd) {
			if err := loadConfig(cmd, g); err != nil {
				return err
			}
		}
		if g.refresh < vocab.MinRefresh {
			return usageError("--refresh %s is too short: %s at the least", g.refresh, vocab.MinRefresh)
		}
		return nil
	}
	pf := root.PersistentFlags()
	pf.StringVar(&g.logDir, "log-dir", "", "Claude log folder (default: this OS's; env COWORKTOP_LOG_DIR)")
	pf.StringVar(&g.recordsDir, "records-dir", "", "one folder holding Claude Code's and the app's session records (default: this OS's; env "+records.EnvRecordsDir+")")
	pf.DurationVar(&g.refresh, "refresh", time.Second, "screen and sampling refresh interval")
	pf.BoolVar(&g.noColor, "no-color", false, "no colour (also when NO_COLOR is set or stdout is not a terminal)")
	pf.StringVar(&g.configFile, "config", "", "config `FILE` to read (default: "+config.EnvVar+", else this OS's place; see coworktop config)")
	pf.StringVar(&g.theme, "theme", "", "colour theme of the screen: "+themeNames()+" (default: the config file's)")
	pf.DurationVar(&g.stallAfter, "stall-after", governor.DefaultStallAfter, "a session its record says is busy is stalled when neither its record nor the log moved for this long")
	pf.DurationVar(&g.waitLongAfter, "wait-long-after", governor.DefaultWaitLongAfter, "a session waiting for you this long is a risk of its own")

	root.Args = rootArgs
	addLiveFlags(root, g)
	root.AddCommand(
		newReportCmd(g),
		newEventsCmd(g),
		newSnapshotCmd(g),
		newDoctorCmd(g),
		newReplayCmd(g),
		newServeCmd(g),
		newConfigCmd(g),
		newStatuslineCmd(g),
		newModCmd(g),
		newNotifyCmd(g),
		newVersionCmd(g),
		newJournalCmd(g),
	)
	if g.stdout != nil { // cobra's completion commands keep the writer they are made with
		root.SetOut(g.stdout)
	}
	if g.stderr != nil {
		root.SetErr(g.stderr)
	}
	markUsageErrors(root)
	return root
}

// oneLine keeps an error message to one line, as the command-line contract asks.
func oneLine(s string) string {
	for i, r := range s {
		if r == '\n' || r == '\r' {
			return s[:i]
		}
	}
	return s
}

// contextOf is the command's context, or a background one.
func contextOf(cmd *cobra.Command) context.Context {
	if ctx := cmd.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}
