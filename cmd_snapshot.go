package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of cmd_snapshot.go): replace this placeholder.
func newSnapshotCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{Use: "snapshot", Short: "not built yet", RunE: func(*cobra.Command, []string) error {
		return errors.New("snapshot: not built yet")
	}}
}
