package cmd

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/coworktop/coworktop/sources"
)

// exitUsage is the exit code of a usage error: the command line itself was
// wrong (a flag, its value, an argument, a command or a shell).
const exitUsage = 2

// usageError is an error of the command line: exit 2.
func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// markUsageErrors makes every error cobra finds in the command line exit
// 2, as our own checks of flag values do: a bad flag, a wrong number of
// arguments, an unknown command or shell.
func markUsageErrors(root *cobra.Command) {
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return &exitError{code: exitUsage, err: suggestFlag(cmd, err)}
	})
	root.InitDefaultCompletionCmd()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Name() == "completion" && c.Parent() == root {
			strictCompletion(c)
		}
		if args := c.Args; args != nil {
			c.Args = func(cmd *cobra.Command, a []string) error {
				if err := args(cmd, a); err != nil {
					var ee *exitError
					if errors.As(err, &ee) {
						return err
					}
					return &exitError{code: exitUsage, err: err}
				}
				return nil
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// shells are the shells `completion` writes a script for.
var shells = []string{"bash", "zsh", "fish", "powershell"}

// strictCompletion makes `completion` without a known shell a usage error:
// cobra's printed its help and exited 0 for `completion tcsh`.
func strictCompletion(c *cobra.Command) {
	c.Use = "completion SHELL"
	c.Args = cobra.ArbitraryArgs
	c.RunE = func(_ *cobra.Command, args []string) error {
		if len(args) == 0 {
			return usageError("completion needs a shell: %s", strings.Join(shells, ", "))
		}
		return usageError("completion %s: unknown shell; want %s", sources.CleanText(args[0]), strings.Join(shells, ", "))
	}
}

// rootArgs lets the live view take one log folder (or file) as its
// argument, as `coworktop FOLDER`; any other word is an unknown command,
// with a suggestion when one is close.
func rootArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if _, err := os.Stat(args[0]); err == nil {
		if len(args) > 1 {
			return usageError("the live view follows one log folder; for several files, use report, events or replay")
		}
		return nil
	}
	msg := fmt.Sprintf("unknown command or folder %q", sources.CleanText(args[0]))
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2 // cobra's own default, set only on its path
	}
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += fmt.Sprintf("; did you mean %q?", s[0])
	}
	return usageError("%s (see coworktop --help)", msg)
}

// suggestFlag adds the nearest of cmd's flags to an unknown flag's error,
// as an unknown command gets one: "unknown flag: --jsn; did you mean
// --json?".
func suggestFlag(cmd *cobra.Command, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return err
	}
	name, _, _ = strings.Cut(name, "=")
	best, bestD := "", 3 // at most two edits away, as cobra suggests commands
	visit := func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		if d := editDistance(strings.ToLower(name), f.Name); d < bestD || d == bestD && f.Name < best {
			best, bestD = f.Name, d
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	if best != "" {
		return fmt.Errorf("unknown flag: --%s; did you mean --%s?", sources.CleanText(name), best)
	}
	if cmd.HasParent() {
		return err
	}
	// The live view's: a command's flag given without its command. report
	// is asked first: --since and --json are its flags before events'.
	subs := slices.Clone(cmd.Commands())
	slices.SortStableFunc(subs, func(a, b *cobra.Command) int {
		switch {
		case a.Name() == "report" && b.Name() != "report":
			return -1
		case b.Name() == "report" && a.Name() != "report":
			return 1
		}
		return 0
	})
	for _, sub := range subs {
		sub.LocalFlags().VisitAll(visit)
		if best != "" {
			return fmt.Errorf("unknown flag: --%s; did you mean %s --%s?", sources.CleanText(name), sub.CommandPath(), best)
		}
	}
	return err
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
