package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of cmd_events.go): replace this placeholder.
func newEventsCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{Use: "events", Short: "not built yet", RunE: func(*cobra.Command, []string) error {
		return errors.New("events: not built yet")
	}}
}
