package cmd

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/metrics"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/render"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/machine"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
	"github.com/coworktop/coworktop/sources/records"
	"github.com/coworktop/coworktop/words"
)

// exitPressure is the exit code of `snapshot --fail-on` when pressure is at
// or above the level asked for.
const exitPressure = 3

// exitPressureUnknown: --fail-on asked, and nothing could say the level.
// A script must not read "no answer" as "no pressure".
const exitPressureUnknown = 4

func newSnapshotCmd(g *globalOptions) *cobra.Command {
	var (
		asJSON bool
		failOn string
		format string
		output string
	)
	cmd := &cobra.Command{
		Use:   "snapshot [PATH...]",
		Short: "One-shot state: host memory and pressure, competing VMs, sessions and the governor",
		Example: `  coworktop snapshot
  coworktop snapshot --json | jq .outlook
  coworktop snapshot --fail-on warning && start-heavy-job
  coworktop snapshot --format prom --output /var/lib/node_exporter/textfile/coworktop.prom`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if failOn != "" && failOn != "warning" && failOn != "critical" {
				return usageError("--fail-on takes warning or critical, not %q", failOn)
			}
			if format == "" {
				format = "text"
				if asJSON {
					format = "json"
				}
			}
			if format != "text" && format != "json" && format != "prom" {
				return usageError("--format takes text, json or prom, not %q", format)
			}
			if format == "prom" && output == "" {
				return usageError("--format prom needs --output FILE (written atomically for node_exporter's textfile collector)")
			}
			snap, noLogs, err := takeSnapshot(cmd.Context(), g, args)
			if err != nil {
				return err
			}
			switch format {
			case "json":
				enc := json.NewEncoder(g.stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(words.SnapshotJSON(&snap)); err != nil {
					return fmt.Errorf("writing snapshot: %w", err)
				}
			case "prom":
				if err := metrics.WriteTextfile(output, snap, currentBuild()); err != nil {
					return err
				}
			default:
				if err := render.WriteSnapshot(g.stdout, snap); err != nil {
					return err
				}
			}
			if failOn != "" {
				p := snap.PressureNow()
				if p == host.PressureUnknown {
					return &exitError{code: exitPressureUnknown, err: fmt.Errorf("memory pressure is unknown: no host reading and no recent governor line (--fail-on %s)", failOn)}
				}
				if at, _ := host.PressureOf(failOn); p.Rank() >= at.Rank() {
					return &exitError{code: exitPressure, err: fmt.Errorf("memory pressure is %s (--fail-on %s)", p, failOn)}
				}
			}
			if noLogs != nil {
				// Exit as report and events do; the machine was still shown.
				return fmt.Errorf("%s; the snapshot shows the machine only", oneLine(noLogs.Error()))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, "print one JSON object")
	f.StringVar(&failOn, "fail-on", "", "exit 3 when memory pressure is at or above warning|critical")
	f.StringVar(&format, "format", "", "text, json or prom (prom needs --output)")
	f.StringVar(&output, "output", "", "with --format prom: the file to write atomically")
	return cmd
}

// takeSnapshot rebuilds the governor state from the logs' recent history
// (when a log folder is found; without one the snapshot still shows the
// machine, and noLogs says why there is none) and samples the host and the
// process table once.
func takeSnapshot(ctx context.Context, g *globalOptions, args []string) (snap governor.Snapshot, noLogs, err error) {
	state := governor.New(governor.DefaultLimits())
	state.SetStallThresholds(g.stallAfter, g.waitLongAfter)
	if len(args) == 0 { // this machine's records and its live sessions' transcripts; saved logs (PATH) have none
		dirs := recordDirs(g)
		r := readRecordsOnce(dirs)
		if rows, _, err := agentsNow(ctx, g); err == nil {
			r = records.MergeAgents(r, rows)
		}
		state.ApplyRecords(r)
		state.ApplyUpdate(readUsageOnce(dirs, r))
	}
	if paths, err := logPaths(g, args); err == nil {
		if len(args) > 0 || g.logDir != "" {
			// Files the user named must be Claude logs, as for report:
			// a snapshot of a README is no snapshot.
			if err := namedAreLogs(paths); err != nil {
				return governor.Snapshot{}, nil, err
			}
		}
		updates, err := startLive(ctx, liveConfig{paths: paths})
		if err != nil {
			return governor.Snapshot{}, nil, err
		}
		for u := range updates {
			state.ApplyUpdate(u)
		}
	} else if len(args) > 0 || g.logDir != "" {
		return governor.Snapshot{}, nil, err // a folder asked for and missing: say so, do not show another
	} else {
		noLogs = err
	}
	now := productNow()
	h, err := machine.SampleHost(ctx, now)
	if err == nil || h.AnyKnown() {
		state.ApplyHost(h)
	}
	if err != nil {
		fmt.Fprintf(g.stderr, "coworktop: host memory: %s\n", oneLine(err.Error()))
	}
	if groups, err := machine.NewSystemScanner().Scan(ctx, now); err == nil {
		state.ApplyGroups(now, groups)
	} else {
		fmt.Fprintf(g.stderr, "coworktop: process scan: %s\n", oneLine(err.Error()))
	}
	samples, qr := quotafiles.ReadQuota(quotaPaths())
	state.ApplyQuota(samples)
	state.ApplyQuotaErrors(qr.Errors())
	state.ApplyQuotaRefused(qr.Refused())
	for _, src := range quota.Sources {
		if e := qr.LastError(src); e != "" {
			fmt.Fprintf(g.stderr, "coworktop: quota (%s): %s\n", src, e)
		}
	}
	return state.Snapshot(now), noLogs, nil
}

// namedAreLogs is the error for named paths none of which holds a Claude
// log line in its first MiB (sniffClaudeLogs), or nil.
func namedAreLogs(paths []string) error {
	files, err := sources.ExpandPaths(paths)
	if err != nil {
		return err
	}
	return sniffClaudeLogs(files)
}
