package cmd

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"runtime"

	"github.com/coworktop/coworktop/launch"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/records"
	"github.com/coworktop/coworktop/ui"
)

// sessionOpener is the live screen's `o`: launch's opener over the CLI on
// PATH and the ones in the app's data folders (where the records are). It
// prepares the command, which the screen runs on the terminal (Exec), and
// turns its exit status and answer into what the screen shows (Done).
func sessionOpener(ctx context.Context, records records.RecordDirs) func(ui.OpenRequest) ui.OpenResult {
	o := &launch.Opener{Finder: openFinder(records, &launch.ProbeCache{})}
	return func(r ui.OpenRequest) ui.OpenResult {
		run, res := o.Prepare(ctx, r.CodeID)
		out := openResult(res)
		if run != nil {
			out.Exec = run
			out.Done = func(err error) ui.OpenResult { return openResult(run.Result(err)) }
		}
		return out
	}
}

func openResult(res launch.Result) ui.OpenResult {
	return ui.OpenResult{Ran: res.Ran, Command: res.Command, CmdCommand: res.CmdCommand, Why: res.Why, Answer: res.Answer}
}

func openFinder(records records.RecordDirs, cache *launch.ProbeCache) launch.Finder {
	var dirs []string
	for _, c := range records.App {
		dirs = append(dirs, c.Path)
	}
	return launch.Finder{LookPath: exec.LookPath, AppDirs: dirs, Output: launch.RunOutput, Cache: cache}
}

// printOpenCLI is doctor's line on the `o` key: the command o would run on
// the terminal, by which claude (its version, where it was read), what
// its --help and this platform allow; or why none can run. It does not
// say that o works: only the run itself can.
func printOpenCLI(ctx context.Context, w io.Writer, records records.RecordDirs) {
	f := openFinder(records, nil)
	c, err := launch.Choose(f.Find(ctx))
	if err != nil {
		fmt.Fprintf(w, "open in the app (o): cannot run claude --desktop: %s\n", sources.CleanText(oneLine(err.Error())))
		return
	}
	v := "version not reported"
	if c.Version != "" {
		v = c.Version + " (from " + c.VersionFrom + ")"
	}
	cmdline, _ := launch.CopyCommand(runtime.GOOS, c.Path, "<id>")
	fmt.Fprintf(w, "open in the app (o): would run %s on this terminal, with the claude on %s, %s; its --help lists --desktop; %s\n",
		sources.CleanText(cmdline), c.Where, v, launch.PlatformNote(runtime.GOOS, runtime.GOARCH))
}
