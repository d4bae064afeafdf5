package cmd

import (
	"io"

	"github.com/spf13/cobra"
)

// CommandTree is the command tree as `coworktop` builds it, for a program
// that writes files from the definitions (internal/mangen: the man pages).
// Its writers discard and nothing is run. The man pages are written apart
// from the binary: cobra/doc brings a Markdown and a YAML library whose
// package set-up cost every start of coworktop about 4 ms of CPU.
func CommandTree() *cobra.Command {
	root := newRootCmd(&globalOptions{stdout: io.Discard, stderr: io.Discard})
	root.DisableAutoGenTag = true // no date: the pages depend only on the commands
	return root
}

// ManSource is the man pages' source line: "coworktop" and its version.
func ManSource() string { return "coworktop " + versionShort() }
