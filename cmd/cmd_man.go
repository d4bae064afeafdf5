package cmd

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// newManCmd is the hidden `man DIR`: one man page per command, generated
// from the command definitions (the release writes them into the archives
// and the Homebrew cask; scripts/release-files.sh).
func newManCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:         "man DIR",
		Short:       "Write the man pages (coworktop.1, coworktop-serve.1, …) into DIR",
		Hidden:      true,
		Args:        cobra.ExactArgs(1),
		Annotations: map[string]string{skipConfig: "true"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := os.MkdirAll(args[0], 0o755); err != nil {
				return fmt.Errorf("man: %w", err)
			}
			header := &doc.GenManHeader{Title: "COWORKTOP", Section: "1", Source: "coworktop " + versionShort(), Manual: "coworktop manual"}
			root.DisableAutoGenTag = true // no date: the pages depend only on the commands
			if err := doc.GenManTree(root, header, args[0]); err != nil {
				return fmt.Errorf("man: %w", err)
			}
			return nil
		},
	}
}
