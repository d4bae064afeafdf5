package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/demo"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
	"github.com/coworktop/coworktop/sources/records"
	"github.com/coworktop/coworktop/ui"
)

// liveFlags are the root command's own flags (the live screen).
type liveFlags struct {
	demo    bool
	bell    bool
	noMouse bool
	signals string // --terminal-signals
}

func addLiveFlags(root *cobra.Command, g *globalOptions) {
	var lf liveFlags
	root.Flags().BoolVar(&lf.demo, "demo", false, "live view of a built-in scenario (no Claude needed)")
	root.Flags().BoolVar(&lf.bell, "bell", false, "ring the terminal bell on each eviction")
	root.Flags().BoolVar(&lf.noMouse, "no-mouse", false, "leave the mouse to the terminal (select and copy text)")
	addSignalsFlag(root, &lf.signals)
	observe := addLiveMetricsFlags(root, g)
	root.RunE = func(cmd *cobra.Command, args []string) error {
		if lf.demo && len(args) > 0 {
			return usageError("--demo plays its own scenario: give it no folder")
		}
		return runLive(contextOf(cmd), g, lf, args, observe)
	}
}

// runLive follows the Claude logs (or the demo scenario's) through the live
// pipeline and shows them until the user quits.
//
// args are a log folder (or files) to follow instead of this machine's
// (`coworktop FOLDER`).
func runLive(parent context.Context, g *globalOptions, lf liveFlags, args []string, observe func(context.Context, *terminalSignals) (func(governor.Snapshot), error)) error {
	if err := checkTerminal(); err != nil {
		return err
	}
	signals, err := liveSignals(lf.signals, g)
	if err != nil {
		return err
	}
	limitMemory()
	// A hang-up or kill still unwinds the defers below (the demo folder).
	sigCtx, stop := signal.NotifyContext(parent, syscall.SIGHUP, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithCancel(sigCtx)
	defer cancel()
	// While the screen is up, a diagnostic written to the terminal would
	// scribble over it: hold them, and print them once the screen is gone.
	held := &heldWriter{}
	stderr := g.stderr
	g.stderr = held
	defer func() { g.stderr = stderr; held.writeTo(stderr) }()
	mode, source := ui.ModeLive, ""
	var paths, await []string
	var quota *quotafiles.QuotaPaths // the account's quota: not the demo's
	var extraGroups func(time.Time) []host.ProcessGroup
	recDirs := recordDirs(g)
	if lf.demo {
		dir, groups, stopDemo, err := startDemo(ctx, g.stderr)
		if err != nil {
			return err
		}
		defer stopDemo()
		mode, source, paths = ui.ModeDemo, "built-in demo scenario", []string{dir}
		recDirs = records.RecordFolders(records.RecordInput{FlagDir: demo.RecordsFolder(dir)})
		extraGroups = groups
	} else {
		p, later, err := followPaths(g, args)
		if err != nil {
			return fmt.Errorf("%w; or see the live view on a built-in scenario with `coworktop --demo`", err)
		}
		await = later
		if g.logDir != "" || len(args) > 0 { // a folder the user named must hold Claude logs
			files, err := sources.ExpandPaths(p)
			if err != nil {
				return err
			}
			if err := sniffClaudeLogs(files); err != nil {
				return err
			}
		}
		paths, source = p, "Claude logs"
		qp := quotaPaths()
		quota = &qp
	}
	var onSnapshot func(governor.Snapshot)
	if observe != nil {
		obs, err := observe(ctx, signals)
		if err != nil {
			return err
		}
		onSnapshot = obs
	}
	if !lf.demo { // the demo's warnings are not this machine's
		onSnapshot = bothObservers(onSnapshot, newModWarning("coworktop live", g.stderr).observe)
	}
	updates, err := startLive(ctx, liveConfig{
		paths: paths, await: await, refresh: g.refresh, follow: true, machine: true,
		following: settleForIdle, extraGroups: extraGroups, quota: quota, records: &recDirs,
	})
	if err != nil {
		return err
	}
	updates, kept := journalUpdates(ctx, g, liveLogs{paths, await, !lf.demo && len(args) == 0}, updates)
	defer kept()
	opts := ui.Options{
		Mode: mode, Updates: updates, Color: g.colorEnabled(), Bell: lf.bell,
		Version: versionShort(), Refresh: g.refresh, Source: source, Observe: onSnapshot,
		StallAfter: g.stallAfter, WaitLongAfter: g.waitLongAfter,
		View: g.liveView(), SaveView: g.saveView, Warning: strings.Join(g.warnings, "; "),
		// The machine sample arrives every refresh (startLive, machine: true).
		Heartbeat: true,
		Clock:     productNow,
	}
	opts.View.NoMouse = opts.View.NoMouse || lf.noMouse
	if !lf.demo {
		opts.Open = sessionOpener(ctx, recDirs)
	}
	if signals != nil {
		opts.Signals = signals.ui()
	}
	return ui.Run(ctx, opts)
}

// settleForIdle is called once the backfill is done and the view turns
// to following: one scheduler P (below), and the backfill's read blocks,
// garbage now, handed back to the system so the idle view stays small.
func settleForIdle() {
	oneProcessor()
	debug.FreeOSMemory()
}

// oneProcessor runs the rest of the live view on one scheduler P. Once the
// backfill (which reads in parallel) is done, the screen is idle nearly all
// the time and its cost is wake-ups: with a second P, every timer that
// fires (the beat once a second, the renderer's frame tick after it) also
// wakes a second thread to look for work that is not there. One P measured
// 3–20 % less CPU at idle over three side-by-side runs (before the patched
// renderer stopped ticking ten times a second), and a quarter less for a
// bare 10 Hz ticker. A burst of lines still cannot freeze input: the
// parser is preempted every 10 ms and the screen applies a burst in chunks
// with key presses in between.
func oneProcessor() { runtime.GOMAXPROCS(1) }

// heldWriter keeps diagnostics (bounded) until the full-screen view ends.
type heldWriter struct {
	mu  sync.Mutex
	buf []byte
}

const maxHeld = 16 << 10

func (h *heldWriter) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if room := maxHeld - len(h.buf); room > 0 {
		h.buf = append(h.buf, p[:min(len(p), room)]...)
	}
	return len(p), nil
}

func (h *heldWriter) writeTo(w io.Writer) {
	h.mu.Lock()
	defer h.mu.Unlock()
	_, _ = w.Write(h.buf)
	h.buf = nil
}

// startDemo writes the demo scenario's history into a new temporary folder
// and plays the rest on the wall clock until ctx ends; groups is what its
// simulated process scan adds at a time. stop ends the writer,
// waits for it, and only then removes the folder, so the writer never writes
// into a folder that is being removed.
func startDemo(ctx context.Context, stderr io.Writer) (dir string, groups func(time.Time) []host.ProcessGroup, stop func(), err error) {
	dir, err = os.MkdirTemp("", "coworktop-demo-")
	if err != nil {
		return "", nil, nil, fmt.Errorf("demo: %w", err)
	}
	d, err := demo.NewDemo(dir, productNow)
	if err == nil {
		err = d.WriteHistory()
		if err != nil {
			d.Close()
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, nil, fmt.Errorf("demo: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := d.Play(ctx); err != nil {
			fmt.Fprintf(stderr, "coworktop: demo: %s\n", oneLine(err.Error()))
		}
	}()
	return dir, d.Groups, func() { cancel(); <-done; os.RemoveAll(dir) }, nil
}
