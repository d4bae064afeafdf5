package main

import (
	"context"

	"github.com/spf13/cobra"

	"coworktop/governor"
)

// addLiveMetricsFlags is the hook for serving metrics from the live screen
// (--metrics-addr). It belongs to the metrics owner: register the flag here
// and return a function that starts the exporter when the screen starts and
// hands back an observer, which the screen calls with each new snapshot on
// its own goroutine (copy what you keep). A nil result means no exporter.
func addLiveMetricsFlags(_ *cobra.Command, _ *globalOptions) func(context.Context) (func(governor.Snapshot), error) {
	return nil
}
