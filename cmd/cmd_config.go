package cmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/config"
	"github.com/coworktop/coworktop/sources"
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
  coworktop config show     the settings in effect (file over defaults, flags over file)
  coworktop config check    every problem in the file, strictly (exit 2 if any)`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.Annotations = map[string]string{skipConfig: "true"}
	cmd.AddCommand(newConfigPathCmd(g), newConfigShowCmd(g), newConfigCheckCmd(g), newConfigInitCmd(g))
	return cmd
}

func newConfigPathCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:         "path",
		Short:       "Print where the config file is read from",
		Args:        cobra.NoArgs,
		Annotations: map[string]string{skipConfig: "true"},
		RunE: func(*cobra.Command, []string) error {
			p, err := g.configPath()
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
		Args:        cobra.NoArgs,
		Annotations: map[string]string{readsBrokenConfig: "true"},
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
			for _, f := range g.cfgFaults {
				fmt.Fprintf(g.stdout, "# %s%s\n", oneLine(f.Error()), faultEffect(f))
			}
			_, err = g.stdout.Write(b)
			return err
		},
	}
}

// faultEffect says what a fault of the file does, for config show.
func faultEffect(f *config.Error) string {
	if strings.Contains(f.Msg, "ignored") {
		return ""
	}
	return ": the default is in effect; other commands stop on it"
}

func newConfigCheckCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "check",
		Short: "Check the config file strictly: every bad value, unknown key and unknown pane",
		Long: `check reads the config file and lists everything wrong with it, each with its
line: a value of the wrong kind or out of range, and, unlike the other
commands (which ignore them with a warning, as a file from a newer coworktop
may hold them), unknown keys and pane names. It exits 2 when anything is
wrong, 0 when nothing is.`,
		Args:        cobra.NoArgs,
		Annotations: map[string]string{skipConfig: "true"},
		RunE: func(*cobra.Command, []string) error {
			p, err := g.configPath()
			if err != nil {
				return err
			}
			l, found, err := readConfig(p)
			switch {
			case err != nil:
				return err
			case !found && g.configFile != "":
				return &exitError{code: 2, err: fmt.Errorf("--config %s: no such file", p)}
			case !found:
				fmt.Fprintf(g.stdout, "%s: no file; the defaults\n", p)
				return nil
			}
			faults := l.All()
			for _, f := range faults {
				fmt.Fprintf(g.stdout, "%s: %s\n", p, oneLine(f.Error()))
			}
			if len(faults) > 0 {
				return &exitError{code: 2, err: fmt.Errorf("config %s: %d problem(s)", p, len(faults))}
			}
			fmt.Fprintf(g.stdout, "%s: ok\n", p)
			return nil
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
			p, err := g.configPath()
			if err != nil {
				return err
			}
			if _, err := os.Stat(p); err == nil && !force {
				return fmt.Errorf("%s already exists: edit it, or pass --force to replace it", p)
			}
			if err := writeConfigFile(p, []byte(config.Template())); err != nil {
				return err
			}
			fmt.Fprintf(g.stdout, "wrote %s\n", p)
			return nil
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing file")
	return cmd
}

// configPath is the config file: --config, else this machine's place
// (config.Path). Without a home folder there is no place: the error says
// what to set.
func (g *globalOptions) configPath() (string, error) {
	if g.configFile != "" {
		return g.configFile, nil
	}
	home, _ := os.UserHomeDir()
	p, err := config.Path(config.Env{GOOS: runtime.GOOS, Getenv: os.Getenv, Home: home})
	if err != nil {
		return "", fmt.Errorf("%w: set HOME, or name a file with --config or %s", err, config.EnvVar)
	}
	return p, nil
}

// readConfig reads the file at p over the defaults (config.Load); a
// missing file is the defaults, found false. err is a file that cannot be
// read; what is wrong inside it is in the Loaded.
func readConfig(p string) (l config.Loaded, found bool, err error) {
	b, err := readConfigBytes(p)
	if errors.Is(err, fs.ErrNotExist) {
		return config.Loaded{Config: config.Default()}, false, nil
	}
	if err != nil {
		return config.Loaded{Config: config.Default()}, true, &exitError{code: 2, err: fmt.Errorf("config %s: %w", p, err)}
	}
	return config.Load(b), true, nil
}

// configFaultsError is the error of a file's faults: one line naming the
// file, each fault with its line and key.
func configFaultsError(p string, faults []*config.Error) error {
	msgs := make([]string, len(faults))
	for i, f := range faults {
		msgs[i] = f.Error()
	}
	return &exitError{code: 2, err: fmt.Errorf("config %s: %s", p, strings.Join(msgs, "; "))}
}

// readConfigBytes reads a config file of at most config.MaxFileSize bytes.
// Anything but a regular file is refused before it is opened: /dev/zero
// would be read without end, and opening a FIFO waits for a writer.
func readConfigBytes(p string) ([]byte, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s); a config file is a plain text file", fileKind(st.Mode()))
	}
	if st.Size() > config.MaxFileSize {
		return nil, fmt.Errorf("%d bytes, over the %d KiB a config file may hold", st.Size(), config.MaxFileSize>>10)
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file may have grown since the Stat: read one byte past the
	// bound, and let Parse refuse it.
	return io.ReadAll(io.LimitReader(f, config.MaxFileSize+1))
}

// fileKind names a file mode's type in words.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a plain file"
}

// loadConfig reads the file into g and lets it set the defaults of the
// flags the user did not give: --refresh, --notify; --no-color wins over
// the theme. It runs before every command but those marked skipConfig.
//
// Without a home folder (and no --config or COWORKTOP_CONFIG) there is no
// file to read: the defaults apply, and only what needs the file (config
// path, config init, S) says so.
func loadConfig(cmd *cobra.Command, g *globalOptions) error {
	p, err := g.configPath()
	if err != nil {
		g.cfg, g.cfgPath, g.cfgFound = config.Default(), "", false
		return applyTheme(cmd, g)
	}
	cleanConfigTemps(p)
	tolerant := cmd.Annotations[readsBrokenConfig] != ""
	l, found, err := readConfig(p)
	switch {
	case err != nil && !tolerant:
		return err
	case err != nil: // unreadable: the defaults, and say why
		msg := strings.TrimPrefix(err.Error(), "config "+p+": ")
		l = config.Loaded{Config: config.Default(), Problems: []*config.Error{{Msg: msg}}}
	case !found && g.configFile != "":
		return &exitError{code: 2, err: fmt.Errorf("--config %s: no such file", p)}
	}
	c := l.Config
	if len(l.Problems) > 0 && !tolerant {
		return configFaultsError(p, l.Problems)
	}
	g.cfgFaults = l.All()
	if !tolerant {
		g.warnConfig(cmd, p, l.Warnings)
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
	g.cfg, g.cfgPath, g.cfgFound = c, p, found
	return applyTheme(cmd, g)
}

// readsBrokenConfig marks a command that runs on a broken config file,
// with the defaults for its bad keys, and lists what is wrong: the tools
// for finding the problem (doctor, config show).
const readsBrokenConfig = "coworktop/reads-broken-config"

// warnConfig says what of the file this version ignores (a newer
// version's keys or panes, or typos): on stderr, and on the live screen.
func (g *globalOptions) warnConfig(cmd *cobra.Command, p string, warnings []*config.Error) {
	if len(warnings) == 0 {
		return
	}
	msgs := make([]string, len(warnings))
	for i, w := range warnings {
		msgs[i] = w.Error()
	}
	line := fmt.Sprintf("config %s: %s (from a newer coworktop, or a typo: coworktop config check)", p, strings.Join(msgs, "; "))
	if draws(cmd) {
		g.warnings = append(g.warnings, line)
	}
	if g.stderr != nil {
		fmt.Fprintln(g.stderr, "coworktop: "+line)
	}
}

// drawsScreen marks a command that draws the live screen: the only ones a
// theme matters to.
const drawsScreen = "coworktop/draws"

// draws says whether cmd draws the screen (the root's live view, replay).
func draws(cmd *cobra.Command) bool {
	return cmd.Annotations[drawsScreen] != ""
}

// applyTheme lets --theme (checked only where it is used) and --no-color
// override the file's theme.
func applyTheme(cmd *cobra.Command, g *globalOptions) error {
	if g.theme != "" && draws(cmd) {
		t := config.Theme(g.theme)
		if err := (config.Config{Theme: t}).ValidateTheme(); err != nil {
			return &exitError{code: 2, err: fmt.Errorf("--theme %s: want one of %s", sources.CleanText(g.theme), themeNames())}
		}
		g.cfg.Theme = t
	}
	if g.noColor {
		g.cfg.Theme = config.ThemePlain
	}
	return nil
}

// themeNames lists the themes for a usage error.
func themeNames() string {
	names := make([]string, len(config.Themes))
	for i, t := range config.Themes {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
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
		if p, err = g.configPath(); err != nil {
			return "", err
		}
	}
	l, _, err := readConfig(p)
	if err == nil && len(l.All()) > 0 {
		// Problems, or keys this version does not know: rewriting the file
		// would lose them.
		err = configFaultsError(p, l.All())
	}
	if err != nil {
		return "", fmt.Errorf("not overwriting it: %w", err)
	}
	c := l.Config
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
