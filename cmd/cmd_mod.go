package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/claudemod"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
	"github.com/coworktop/coworktop/vocab"
)

// Bounds of a `claude` run by `coworktop mod`: a plugin install reads and
// writes a few files (about 2 s here).
const (
	modClaudeFor = 60 * time.Second
	modMaxOutput = 1 << 20
)

func newModCmd(g *globalOptions) *cobra.Command {
	var claudePath string
	cmd := &cobra.Command{
		Use:   "mod install|uninstall|status",
		Short: "coworktop's mod inside Claude Code: its warning in every session's footer, the rate limits for coworktop",
		Long: `mod installs, removes or checks coworktop's mod inside Claude Code. The mod
shows coworktop's warning for this machine (an update waiting to install, the
session the app pauses next) in the footer of every Claude Code session, from
a small file coworktop's live view and serve keep current, and writes the
rate limits each reply brings to a file coworktop reads as its quota source
"mod". It asks for no permission and sends nothing anywhere.

install writes the mod into coworktop's own folder and installs it through
Claude Code's own commands (claude plugin marketplace add, claude plugin
install); uninstall undoes both and removes coworktop's files of it. It needs
Claude Code ` + claudemod.MinVersion + ` or newer, with mods on.`,
		Example: `  coworktop mod install
  coworktop mod status
  coworktop mod uninstall`,
		Args:        cobra.ExactArgs(1),
		ValidArgs:   []string{"install", "uninstall", "status"},
		Annotations: map[string]string{skipConfig: "true"},
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := contextOf(cmd)
			c, p := modClaude(claudePath), modPaths()
			switch args[0] {
			case "install":
				lines, err := claudemod.Install(ctx, c, p)
				printLines(g.stdout, lines)
				return err
			case "uninstall":
				lines, err := claudemod.Uninstall(ctx, c, p)
				printLines(g.stdout, lines)
				return err
			case "status":
				printLines(g.stdout, claudemod.Look(ctx, c, p).Lines(time.Now()))
				return nil
			}
			return usageError("mod: %q is not install, uninstall or status", args[0])
		},
	}
	cmd.Flags().StringVar(&claudePath, "claude", "", "the Claude Code `claude` to install into (default: the one on PATH)")
	return cmd
}

func printLines(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

// modPaths are the mod's folder (coworktop's config folder: it must
// outlive a cache clean, Claude Code reads the plugin from it) and its two
// files in coworktop's cache folder.
func modPaths() claudemod.Paths {
	env := quotafiles.ProcessQuotaEnv()
	var p claudemod.Paths
	if d, err := os.UserConfigDir(); err == nil {
		p.Market = filepath.Join(d, "coworktop", "claude-mod")
	}
	if env.CacheDir != "" {
		p.Warning = filepath.Join(env.CacheDir, "coworktop", claudemod.WarningName)
	}
	p.Limits = quotafiles.ModLimitsPath(env)
	return p
}

// modClaude is the Claude Code `coworktop mod` acts on: flagPath, else
// `claude` on PATH; with no runner when none is found.
func modClaude(flagPath string) claudemod.Claude {
	c := claudemod.Claude{Settings: claudemod.SettingsFiles(runtime.GOOS, claudeSettingsPath(), os.Getenv("ProgramFiles"))}
	path := flagPath
	if path == "" {
		path, _ = exec.LookPath("claude")
	}
	if path == "" {
		return c
	}
	c.Path = path
	c.Run = func(ctx context.Context, args ...string) ([]byte, error) { return runClaude(ctx, path, args...) }
	return c
}

// runClaude runs claude with args, without a shell and with no input,
// bounded in time and output; a failure carries the first line it wrote
// to its standard error.
func runClaude(ctx context.Context, path string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, modClaudeFor)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	out, errOut := vocab.CappedWriter{Max: modMaxOutput}, vocab.CappedWriter{Max: modMaxOutput}
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	if err != nil {
		if first, _, _ := strings.Cut(strings.TrimSpace(string(errOut.Bytes())), "\n"); first != "" {
			err = fmt.Errorf("%w: %s", err, vocab.SanitizeString(first, 200))
		}
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			err = fmt.Errorf("no answer in %s: %w", modClaudeFor, err)
		}
	}
	return out.Bytes(), err
}

// printModStatus is doctor's part on the mod: where it stands, asking
// Claude Code (two short runs of claude) only when coworktop's files of it
// are there.
func printModStatus(ctx context.Context, w io.Writer, now time.Time) {
	fmt.Fprintln(w, "coworktop's mod in Claude Code (coworktop mod status):")
	p := modPaths()
	c := claudemod.Claude{}
	if _, err := os.Stat(p.PluginDir()); err == nil {
		c = modClaude("")
	}
	for _, l := range claudemod.Look(ctx, c, p).Lines(now) {
		if c.Run == nil && strings.HasPrefix(l, "Claude Code:") {
			continue // not asked: the mod was never installed
		}
		fmt.Fprintf(w, "  %s\n", l)
	}
}
