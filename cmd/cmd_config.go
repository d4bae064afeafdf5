package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/config"
	"github.com/coworktop/coworktop/ui"
)

// skipConfig marks a command that runs without reading the config file:
// those that must work while the file is broken.
const skipConfig = "coworktop/skip-config"

func newConfigCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "The config file: where it is, what it says, a commented one to start from",
		Long: `coworktop reads a TOML config file at start: refresh, the default sort, the
panes' order and visibility, theme, mouse and notify. Flags override it; a
missing file means the defaults. It is never rewritten unasked: S in the
live screen saves the current view, "config init" writes a commented file.

The file lives at $XDG_CONFIG_HOME/coworktop/config.toml (~/.config when
XDG_CONFIG_HOME is unset) on Linux, ~/Library/Application Support/coworktop/
on macOS, %APPDATA%\coworktop\ on Windows; COWORKTOP_CONFIG names another.`,
		Example: `  coworktop config path     where the file is read from
  coworktop config init     write a commented file with every default
  coworktop config show     the settings in effect (file over defaults, flags over file)`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.Annotations = map[string]string{skipConfig: "true"}
	cmd.AddCommand(newConfigPathCmd(g), newConfigShowCmd(g), newConfigInitCmd(g))
	return cmd
}

func newConfigPathCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:         "path",
		Short:       "Print where the config file is read from",
		Args:        cobra.NoArgs,
		Annotations: map[string]string{skipConfig: "true"},
		RunE: func(*cobra.Command, []string) error {
			p, err := configPath()
			if err != nil {
				return err
			}
			fmt.Fprintln(g.stdout, p)
			return nil
		},
	}
}

func newConfigShowCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "show",
		Short: "Print the settings in effect, as TOML",
		Long: `show prints every setting in effect as a config file would hold it: the
defaults, overridden by the file, overridden by the flags given here
(--refresh, --no-color).`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			b, err := config.Encode(g.cfg)
			if err != nil {
				return err
			}
			source := "no file; the defaults"
			if g.cfgFound {
				source = g.cfgPath
			}
			fmt.Fprintf(g.stdout, "# coworktop config in effect (from %s)\n", source)
			_, err = g.stdout.Write(b)
			return err
		},
	}
}

func newConfigInitCmd(g *globalOptions) *cobra.Command {
	var force bool
	cmd := &cobra.Command{
		Use:         "init",
		Short:       "Write a commented config file with every default",
		Args:        cobra.NoArgs,
		Annotations: map[string]string{skipConfig: "true"},
		RunE: func(*cobra.Command, []string) error {
			p, err := configPath()
			if err != nil {
				return err
			}
			if _, err := os.Stat(p); err == nil && !force {
				return fmt.Errorf("%s already exists: edit it, or pass --force to replace it", p)
			}
			if err := writeConfigFile(p, []byte(config.Template)); err != nil {
				return err
			}
			fmt.Fprintf(g.stdout, "wrote %s\n", p)
			return nil
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing file")
	return cmd
}

// configPath is this machine's config file.
func configPath() (string, error) {
	home, _ := os.UserHomeDir()
	return config.Path(config.Env{GOOS: runtime.GOOS, Getenv: os.Getenv, Home: home})
}

// readConfig reads the file at p over the defaults; a missing file is the
// defaults. found says whether the file exists.
func readConfig(p string) (c config.Config, found bool, err error) {
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return config.Default(), false, nil
	}
	if err != nil {
		return config.Default(), false, fmt.Errorf("config: %w", err)
	}
	c, err = config.Parse(b)
	if err != nil {
		return config.Default(), true, &exitError{code: 2, err: fmt.Errorf("config %s: %w", p, err)}
	}
	return c, true, nil
}

// loadConfig reads the file into g and lets it set the defaults of the
// flags the user did not give: --refresh, --notify; --no-color wins over
// the theme. It runs before every command but those marked skipConfig.
func loadConfig(cmd *cobra.Command, g *globalOptions) error {
	p, err := configPath()
	if err != nil {
		return err
	}
	c, found, err := readConfig(p)
	if err != nil {
		return err
	}
	if f := cmd.Flags().Lookup("refresh"); f != nil && f.Changed {
		c.Refresh = config.Duration(g.refresh)
	} else {
		g.refresh = time.Duration(c.Refresh)
	}
	if f := cmd.Flags().Lookup("notify"); f != nil {
		if f.Changed {
			c.Notify = f.Value.String() == "true"
		} else if c.Notify {
			_ = f.Value.Set("true")
		}
	}
	if g.noColor {
		c.Theme = config.ThemePlain
	}
	g.cfg, g.cfgPath, g.cfgFound = c, p, found
	return nil
}

// liveView is what the live screen takes from the config.
func (g *globalOptions) liveView() ui.View {
	c := g.cfg
	if c.Sort == "" {
		c = config.Default()
	}
	return ui.View{Sort: c.Sort, Panes: c.Panes, Theme: c.Theme, NoMouse: !c.Mouse}
}

// saveView is `S` in the live screen: the file as it is now (or the
// defaults), with the screen's sort, panes, theme and mouse, written back
// whole. A file that no longer parses is left alone.
func (g *globalOptions) saveView(v ui.View) (string, error) {
	p := g.cfgPath
	if p == "" {
		var err error
		if p, err = configPath(); err != nil {
			return "", err
		}
	}
	c, _, err := readConfig(p)
	if err != nil {
		return "", fmt.Errorf("not overwriting it: %w", err)
	}
	c.Sort, c.Panes, c.Mouse = v.Sort, v.Panes, !v.NoMouse
	if v.Theme != "" && !g.noColor {
		c.Theme = v.Theme
	}
	if err := c.Validate(); err != nil {
		return "", err
	}
	b, err := config.Encode(c)
	if err != nil {
		return "", err
	}
	header := []byte("# Written by coworktop (S in the live screen). `coworktop config init --force`\n# replaces it with a commented one.\n")
	if err := writeConfigFile(p, append(header, b...)); err != nil {
		return "", err
	}
	return p, nil
}

// writeConfigFile writes b to p through a temporary file in the same
// folder and a rename, so a reader never sees half a file.
func writeConfigFile(p string, b []byte) error {
	// A config kept in a dotfiles repository is often a symlink: write
	// through it, so the link stays a link.
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	dir := filepath.Dir(p)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".config-*.toml")
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("config: write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("config: write %s: %w", tmp.Name(), err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	return nil
}

// needsConfig says whether cmd reads the config file: not the commands
// marked skipConfig, help, and the shell completion commands (which must
// work while the file is broken).
func needsConfig(cmd *cobra.Command) bool {
	if cmd.Annotations[skipConfig] != "" {
		return false
	}
	for c := cmd; c != nil; c = c.Parent() {
		switch c.Name() {
		case "help", "completion", cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd:
			return false
		}
	}
	return true
}
