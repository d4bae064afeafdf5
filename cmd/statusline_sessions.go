package cmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/sources"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
	"github.com/coworktop/coworktop/vocab"
)

// How often a status line looks at the app's log. Claude Code runs the
// command at every message and up to every 300 ms per session; the runs in
// between read what the last look kept (quotafiles.StatuslineLog).
const (
	statuslineLogCheck   = 15 * time.Second
	statuslineRediscover = 10 * time.Minute
)

// statuslineSessions is "sessions 4/6 (gov)": the governor's own last
// logged count of live sessions against its cap, when it was logged in the
// last two minutes; "" otherwise. It comes from the status line's own
// state file (path); only when that was last brought up to date more than
// statuslineLogCheck ago does this run look at main.log, reading its tail
// only when it changed, and probe every log folder only when the last probe
// is statuslineRediscover old or its folder lost main.log.
func statuslineSessions(g *globalOptions, path string, now time.Time) string {
	if path == "" {
		return ""
	}
	l, err := quotafiles.ReadStatuslineLog(path)
	if err != nil {
		fmt.Fprintf(g.stderr, "coworktop statusline: %s\n", oneLine(err.Error()))
		return ""
	}
	override := g.logDir + "\x00" + os.Getenv(sources.EnvLogDir)
	if age := now.Sub(l.Checked); l.Override != override || age < 0 || age >= statuslineLogCheck {
		// Take the look upon this run first: runs at the same moment
		// read the kept figures meanwhile.
		l.Checked = now
		_ = quotafiles.WriteStatuslineLog(path, l)
		l = lookAtLog(l, g.logDir, override, now)
		if err := quotafiles.WriteStatuslineLog(path, l); err != nil {
			fmt.Fprintf(g.stderr, "coworktop statusline: %s\n", oneLine(err.Error()))
		}
	}
	return sessionsText(l, now)
}

// sessionsText is the kept figures as of now.
func sessionsText(l quotafiles.StatuslineLog, now time.Time) string {
	if l.EffectiveAt.IsZero() || l.Cap == 0 {
		return ""
	}
	e := governor.EffectiveView{Value: l.Effective, Source: vocab.SourceLogged, At: l.EffectiveAt}.AsOf(now)
	if !e.Fresh {
		return ""
	}
	return fmt.Sprintf("sessions %d/%d (gov)", e.Value, l.Cap)
}

// lookAtLog brings l up to date with main.log: discovery when l has no
// folder for this override or an old one, the tail read when main.log's
// size or time changed.
func lookAtLog(l quotafiles.StatuslineLog, flagDir, override string, now time.Time) quotafiles.StatuslineLog {
	discovered := false
	discover := func() {
		d := sources.Discover(flagDir)
		l = quotafiles.StatuslineLog{Checked: now, Override: override, Folder: d.Chosen, Found: now}
		discovered = true
	}
	if l.Override != override || l.Folder == "" || now.Sub(l.Found) >= statuslineRediscover || now.Before(l.Found) {
		discover()
	}
	if l.Folder == "" {
		return l
	}
	main := filepath.Join(l.Folder, "main.log")
	fi, err := os.Stat(main)
	if err != nil && !discovered {
		discover() // the folder moved (an app update, another install)
		if l.Folder == "" {
			return l
		}
		main = filepath.Join(l.Folder, "main.log")
		fi, err = os.Stat(main)
	}
	if err != nil {
		l.Effective, l.EffectiveAt, l.Cap = 0, time.Time{}, 0
		return l
	}
	if fi.Size() == l.LogSize && fi.ModTime().Equal(l.LogMod) {
		return l
	}
	l.LogSize, l.LogMod = fi.Size(), fi.ModTime()
	l.Effective, l.EffectiveAt, l.Cap = governorFigures(main, now)
	return l
}

// governorFigures reads the governor's last logged count and its cap from
// the tail of main.log (the line must come back in milliseconds).
func governorFigures(main string, now time.Time) (effective int, at time.Time, capValue int) {
	tail, err := quotafiles.ReadTail(main, statuslineLogTail)
	if err != nil || len(tail) == 0 {
		return 0, time.Time{}, 0
	}
	st := governor.New(governor.Limits{Outcomes: 1, Evictions: 1, LogLines: 0, MemorySamples: 1, HostSamples: 1, EndedSessions: 16})
	_, _ = ingest.ReadEach(bytes.NewReader(tail), "main.log", time.Local, func(e *event.Event) { st.ApplyEvent(e) })
	snap := st.Snapshot(now)
	if snap.Effective.Source != vocab.SourceLogged {
		return 0, time.Time{}, snap.Cap.Value
	}
	return snap.Effective.Value, snap.Effective.At, snap.Cap.Value
}
