package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of cmd_doctor.go): replace this placeholder.
func newDoctorCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{Use: "doctor", Short: "not built yet", RunE: func(*cobra.Command, []string) error {
		return errors.New("doctor: not built yet")
	}}
}
