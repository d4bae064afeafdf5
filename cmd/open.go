package cmd

import (
	"context"
	"fmt"
	"io"
	"os/exec"

	"github.com/coworktop/coworktop/launch"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/records"
	"github.com/coworktop/coworktop/ui"
)

// sessionOpener is the live screen's `o`: launch's opener over the CLI on
// PATH and the ones in the app's data folders (where the records are).
func sessionOpener(ctx context.Context, records records.RecordDirs) func(ui.OpenRequest) ui.OpenResult {
	var dirs []string
	for _, c := range records.App {
		dirs = append(dirs, c.Path)
	}
	o := launch.Opener{
		Finder: launch.Finder{LookPath: exec.LookPath, AppDirs: dirs, Output: launch.RunOutput, Cache: &launch.ProbeCache{}},
		Start:  launch.StartCommand,
	}
	return func(r ui.OpenRequest) ui.OpenResult {
		res := o.Open(ctx, r.CodeID)
		return ui.OpenResult{Ran: res.Ran, Command: res.Command, Why: res.Why}
	}
}

// printOpenCLI is doctor's line on the `o` key: which Claude Code CLI it
// would run, with its version and where it was read, or why none can.
func printOpenCLI(ctx context.Context, w io.Writer, records records.RecordDirs) {
	var dirs []string
	for _, c := range records.App {
		dirs = append(dirs, c.Path)
	}
	f := launch.Finder{LookPath: exec.LookPath, AppDirs: dirs, Output: launch.RunOutput}
	c, err := launch.Choose(f.Find(ctx))
	if err != nil {
		fmt.Fprintf(w, "open in the app (o): cannot run claude --desktop: %s\n", sources.CleanText(oneLine(err.Error())))
		return
	}
	v := "version not reported"
	if c.Version != "" {
		v = c.Version + " (from " + c.VersionFrom + ")"
	}
	fmt.Fprintf(w, "open in the app (o): claude --desktop --resume <id> by the claude on %s, %s (%s)\n", c.Where, v, sources.CleanText(c.Path))
}
