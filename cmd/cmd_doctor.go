package cmd

import (
	"errors"
	"fmt"
	"github.com/coworktop/coworktop/notify"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/records"
	"github.com/coworktop/coworktop/vocab"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

func newDoctorCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor [PATH...]",
		Short: "Which log folders were probed and found, and why not",
		Long: `doctor lists every folder coworktop probed for the Claude desktop app's logs,
what it found there (known log files with their sizes and ages, and whether each
opens for reading), why a folder was not usable, and which folder it will use.
Files are opened read-only and closed at once; nothing is written.

PATH (a folder, or a file in one), then --log-dir, then the environment
variable ` + sources.EnvLogDir + `, replace the default folders.

Without PATH it also lists the folders of Claude Code's and the app's
session records (who needs you, titles, Remote Control) and what one reading
of them found; --records-dir or ` + records.EnvRecordsDir + ` replaces them.`,
		Example: `  coworktop doctor
  coworktop doctor ~/Downloads/claude-logs`,
		Annotations: map[string]string{readsBrokenConfig: "true"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				if err := needHome(g); err != nil {
					return err
				}
				err := doctorOne(g, g.logDir)
				printThisNotifier(g.stdout)
				printDoctorActing(contextOf(cmd), g)
				printQuotaSources(g.stdout, time.Now())
				printModStatus(contextOf(cmd), g.stdout, time.Now())
				printRecordFolders(g.stdout, recordDirs(g))
				printAgents(contextOf(cmd), g.stdout, g)
				printJournal(g)
				printConfigFile(g)
				return err
			}
			var first error
			for _, p := range args {
				if err := doctorOne(g, doctorDir(p)); err != nil && first == nil {
					first = err
				}
			}
			printThisNotifier(g.stdout)
			printConfigFile(g)
			return first
		},
	}
}

// printConfigFile says which config file is in effect and everything
// wrong with it: doctor runs on a broken file, with the defaults for its
// bad keys.
func printConfigFile(g *globalOptions) {
	w := g.stdout
	switch {
	case g.cfgPath == "":
		fmt.Fprintln(w, "config file: none (no home folder); the defaults")
		return
	case !g.cfgFound:
		fmt.Fprintf(w, "config file: %s\n  not found; the defaults\n", g.cfgPath)
		return
	case len(g.cfgFaults) == 0:
		fmt.Fprintf(w, "config file: %s\n  ok\n", g.cfgPath)
		return
	}
	fmt.Fprintf(w, "config file: %s\n", g.cfgPath)
	for _, f := range g.cfgFaults {
		fmt.Fprintf(w, "  %s%s\n", oneLine(f.Error()), faultEffect(f))
	}
}

// doctorOne probes one folder (dir, or the default ones when "") and
// prints what it found; an error when it holds no usable log folder.
func doctorOne(g *globalOptions, dir string) error {
	d := sources.Discover(dir)
	printDiscovery(g.stdout, d, time.Now())
	if d.Chosen == "" {
		return &exitError{code: 1, err: errors.New(d.Reason)}
	}
	return nil
}

// doctorDir is the folder to probe for PATH: PATH itself, or the folder
// of a file.
func doctorDir(p string) string {
	if st, err := os.Stat(p); err == nil && !st.IsDir() {
		return filepath.Dir(p)
	}
	return p
}

// printDiscovery writes the report. Every path and name went through
// sources.CleanText: they come from the environment and a folder listing,
// and must not carry escape sequences to the terminal.
func printDiscovery(w io.Writer, d sources.Discovery, now time.Time) {
	fmt.Fprintf(w, "log folders probed (%s):\n", runtime.GOOS)
	for _, p := range d.Probed {
		state := "found"
		if !p.Found {
			state = "not usable: " + p.Why
		} else if p.Why != "" {
			state = "found, " + p.Why
		}
		fmt.Fprintf(w, "  %s\n    from %s; %s\n", sources.CleanText(p.Path), p.Source, state)
		printFiles(w, p.Files, now)
		if p.Found && p.Use != "" {
			fmt.Fprintf(w, "    %s\n", sources.CleanText(p.Use))
		}
	}
	if d.Chosen == "" {
		fmt.Fprintf(w, "using: none (%s)\n", d.Reason)
	} else {
		fmt.Fprintf(w, "using: %s (%s)\n", sources.CleanText(d.Chosen), d.Reason)
	}
	printDaemon(w, d.Daemon, now)
	printService(w, d.Service, now)
}

// printFiles lists the known logs of a probed folder.
func printFiles(w io.Writer, files []sources.ProbedFile, now time.Time) {
	for _, f := range files {
		open := "opens read-only"
		if !f.Readable {
			open = "cannot open: " + f.OpenErr
		}
		fmt.Fprintf(w, "    %-26s %9s  %-10s %s\n", f.Name, vocab.FormatBytes(uint64(f.Size)), humanAge(now.Sub(f.ModTime)), open)
	}
}

// printService lists the Windows Cowork VM service's log folder (nothing on
// other systems): its cowork-service logs, whether they are read with the
// app's, and the coworkd folder beside them.
func printService(w io.Writer, s sources.ServiceLog, now time.Time) {
	if s.Path == "" {
		return
	}
	fmt.Fprintf(w, "cowork vm service log:\n  %s\n    from %s\n", sources.CleanText(s.Path), s.Source)
	printFiles(w, s.Files, now)
	if s.Used {
		fmt.Fprintf(w, "  read with the app's logs (report, the live view, events, serve)\n")
	} else {
		fmt.Fprintf(w, "  not read: %s\n", sources.CleanText(s.Why))
	}
	fmt.Fprintf(w, "  %s: %d log(s); %s\n", sources.CleanText(s.Coworkd), s.CoworkdLogs, sources.CleanText(s.CoworkdWhy))
}

// printDaemon lists the Claude Code daemon's log: where it was looked
// for, what is there, and whether it is read with the app's logs.
func printDaemon(w io.Writer, d sources.DaemonLog, now time.Time) {
	fmt.Fprintf(w, "claude code daemon log:\n  %s\n    from %s\n", sources.CleanText(d.Path), d.Source)
	printFiles(w, d.Files, now)
	switch {
	case d.Used:
		fmt.Fprintf(w, "  read with the app's logs (report, the live view, events, serve)\n")
		if d.Awaited {
			fmt.Fprintf(w, "  no daemon.log beside them yet: the live view, events --follow and serve follow it when it appears\n")
		}
	case d.Awaited:
		fmt.Fprintf(w, "  not read yet: %s\n", sources.CleanText(d.Why))
	default:
		fmt.Fprintf(w, "  not read: %s\n", sources.CleanText(d.Why))
	}
}

func humanAge(d time.Duration) string {
	switch {
	case d < 0:
		return "in future"
	case d < time.Minute:
		return fmt.Sprintf("%ds ago", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d.Hours()))
	}
	return fmt.Sprintf("%dd ago", int(d.Hours()/24))
}

// printNotifier says which program --notify would use and how to let its
// notifications through, or why there is none.
func printNotifier(w io.Writer, b notify.Backend, err error) {
	if err != nil {
		fmt.Fprintf(w, "notifications (--notify): none: %s\n", strings.TrimPrefix(oneLine(err.Error()), "notify: "))
		return
	}
	fmt.Fprintf(w, "notifications (--notify): %s (%s)\n  %s\n", b.Name, sources.CleanText(b.Path), b.Allow)
}

// printThisNotifier is printNotifier for this system.
func printThisNotifier(w io.Writer) {
	b, err := notify.ThisSystem()
	printNotifier(w, b, err)
}
