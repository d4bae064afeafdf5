package cmd

import (
	"context"
	"os/exec"

	"github.com/coworktop/coworktop/launch"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/ui"
)

// sessionOpener is the live screen's `o`: launch's opener over the CLI on
// PATH and the ones in the app's data folders (where the records are).
func sessionOpener(ctx context.Context, records sources.RecordDirs) func(ui.OpenRequest) ui.OpenResult {
	var dirs []string
	for _, c := range records.App {
		dirs = append(dirs, c.Path)
	}
	o := launch.Opener{
		Finder: launch.Finder{LookPath: exec.LookPath, AppDirs: dirs, Output: launch.RunOutput},
		Start:  launch.StartCommand,
	}
	return func(r ui.OpenRequest) ui.OpenResult {
		res := o.Open(ctx, r.CodeID)
		return ui.OpenResult{Ran: res.Ran, Command: res.Command, Why: res.Why}
	}
}
