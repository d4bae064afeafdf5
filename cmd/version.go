package cmd

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/metrics"
)

// Set by -ldflags "-X github.com/coworktop/coworktop/cmd.version=… -X github.com/coworktop/coworktop/cmd.commit=… -X github.com/coworktop/coworktop/cmd.date=…" (GoReleaser).
var (
	version = ""
	commit  = ""
	date    = ""
)

// versionString reports version, commit and date.
func versionString() string {
	v, c, d := buildVersion()
	return fmt.Sprintf("coworktop %s (commit %s, built %s)", v, c, d)
}

// buildVersion is the version, commit and date from -ldflags, falling back
// to what the Go toolchain stamped into the binary (go install, go build
// from a checkout).
func buildVersion() (v, c, d string) {
	v, c, d = version, commit, date
	if info, ok := debug.ReadBuildInfo(); ok {
		if v == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			v = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				if c == "" {
					c = s.Value
				}
			case "vcs.time":
				if d == "" {
					d = s.Value
				}
			case "vcs.modified":
				if s.Value == "true" && c != "" && len(c) <= 40 {
					c += "-dirty"
				}
			}
		}
	}
	if v == "" {
		v = "dev"
	}
	if c == "" {
		c = "unknown"
	}
	if d == "" {
		d = "unknown"
	}
	return v, c, d
}

// versionShort is the version alone ("dev", "v0.3.1"), for the title line.
func versionShort() string {
	v, _, _ := buildVersion()
	return v
}

// currentBuild labels coworktop_build_info from the same values as
// --version (buildVersion).
func currentBuild() metrics.BuildInfo {
	v, c, _ := buildVersion()
	return metrics.BuildInfo{Version: v, Commit: c, GoVersion: runtime.Version()}
}

// newVersionCmd is `coworktop version`, the same line as --version.
func newVersionCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:         "version",
		Short:       "Print the version, commit and build date (as --version)",
		Args:        cobra.NoArgs,
		Annotations: map[string]string{skipConfig: "true"},
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintln(g.stdout, versionString())
			return err
		},
	}
}
