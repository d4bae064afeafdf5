package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of cmd_replay.go): replace this placeholder.
func newReplayCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{Use: "replay", Short: "not built yet", RunE: func(*cobra.Command, []string) error {
		return errors.New("replay: not built yet")
	}}
}
