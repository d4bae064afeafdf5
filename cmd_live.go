package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of cmd_live.go): the live TUI and --demo.
func addLiveFlags(root *cobra.Command, g *globalOptions) {
	var demo bool
	root.Flags().BoolVar(&demo, "demo", false, "live view of a built-in scenario (no Claude needed)")
	root.RunE = func(*cobra.Command, []string) error { return errors.New("live TUI: not built yet") }
}
