package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of cmd_report.go): replace this placeholder.
func newReportCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{Use: "report", Short: "not built yet", RunE: func(*cobra.Command, []string) error {
		return errors.New("report: not built yet")
	}}
}
