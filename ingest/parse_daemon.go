package ingest

import (
	"bytes"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// The Claude Code daemon's log, ~/.claude/daemon.log (claude-logs.md §7.6;
// anthropics/claude-code #64028, #74429, #75037, #84349, #87891, #90149):
//
//	[2026-08-05T23:58:34.350Z] [supervisor] ─── daemon start ─── version=2.1.222 pid=3569272 origin=transient
//	[2026-08-05T23:58:34.483Z] [bg] bg adopt: adopted=0 respawned=0 dead=2
//	[2026-08-05T23:59:34.476Z] [supervisor] shutting down (cause=upgrade, uptime=60s, leases=2, live_workers=2)
//
// UTC with milliseconds in brackets, no level, a channel tag. The daemon's
// wording drifts between CLI releases, so every shape is read by its
// leading words and what it cannot read is left alone, never guessed at.

// splitDaemonPrefix recognises "[YYYY-MM-DDTHH:MM:SS(.fff)Z] ": the stamp
// is what is inside the brackets; the channel tag stays in the body.
func splitDaemonPrefix(line []byte) (stamp, level, body []byte, ok bool) {
	in := line[1:]
	if len(in) < 21 || in[10] != 'T' || !isStamp19(in) {
		return nil, nil, nil, false
	}
	end := 19
	if in[end] == '.' {
		end++
		for end < len(in) && isDigit(in[end]) && end < 29 {
			end++
		}
	}
	if end >= len(in) || in[end] != 'Z' {
		return nil, nil, nil, false
	}
	end++
	if end >= len(in) || in[end] != ']' {
		return nil, nil, nil, false
	}
	return in[:end], nil, trimSpace1(in[end+1:]), true
}

// isDaemonLine: the line starts with the daemon's bracketed stamp.
func isDaemonLine(line []byte) bool {
	return len(line) > 22 && line[0] == '[' && isDigit(line[1])
}

// isDaemonStamp: an ISO stamp with no level after it is the daemon's
// (mcp logs write a level).
func isDaemonStamp(stamp []byte, level string) bool {
	return level == "" && len(stamp) > 19 && stamp[10] == 'T' && stamp[len(stamp)-1] == 'Z'
}

// parseDaemon reads one daemon.log body.
func parseDaemon(e *entry, out []event.Event) []event.Event {
	b, nm := e.Body, e.names
	if rest, ok := cut(b, "[supervisor] "); ok {
		return parseSupervisor(nm, rest, out)
	}
	if rest, ok := cut(b, "[bg] "); ok {
		return parseBg(nm, rest, out)
	}
	if len(b) > 0 && b[0] == '[' { // another channel: its restart lines are read whatever the tag
		if _, rest, ok := bytes.Cut(b, []byte("] ")); ok {
			return parseDaemonRestart(nm, rest, out)
		}
	}
	return parseDaemonRestart(nm, b, out)
}

// parseDaemonRestart reads the daemon's own restarts (claude-logs.md §7.7):
//
//	binary at <path> changed (2.1.233 → 2.1.235) — self-restarting for upgrade
//	another daemon won the lock race (pid=N) — exiting
func parseDaemonRestart(nm *names, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(b, "binary at "); ok && bytes.Contains(rest, []byte("self-restarting")) {
		ev := event.Event{Kind: event.KindDaemonUpgrade}
		if i := bytes.LastIndex(rest, []byte(" changed (")); i >= 0 {
			vs, _ := word(rest[i+len(" changed ("):], ")")
			from, to := vs, []byte(nil)
			for _, arrow := range [...]string{"→", "->"} {
				if a, b, ok := bytes.Cut(vs, []byte(arrow)); ok {
					from, to = a, b
					break
				}
			}
			ev.Detailed().From, ev.Detailed().To = nm.get(lastElem(bytes.TrimSpace(from)), 40), nm.get(lastElem(bytes.TrimSpace(to)), 40)
		}
		return append(out, ev)
	}
	if rest, ok := cut(b, "binary at "); ok && bytes.Contains(rest, []byte("was deleted")) && bytes.Contains(rest, []byte("exiting")) {
		// it exits for the upgrade; a respawn line or a start follows, or
		// none (claude-logs.md §7.9, #84827)
		return append(out, event.Event{Kind: event.KindDaemonShutdown, Reason: event.DaemonCauseUpgrade, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
	}
	if bytes.HasPrefix(b, []byte("upgrade self-respawn failed")) { // EACCES, ENOENT (#89987, #84827)
		return append(out, event.Event{Kind: event.KindDaemonRespawnFail, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
	}
	if bytes.HasPrefix(b, []byte("another daemon won the lock race")) {
		return append(out, event.Event{Kind: event.KindDaemonLockRace, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
	}
	return out
}

// lastElem is a path's last element ("…/versions/2.1.223" → "2.1.223",
// #84349): the version, which a 40-byte cut of the whole path loses. A
// bare version is its own last element.
func lastElem(p []byte) []byte {
	p = bytes.TrimRight(p, "/\\")
	if i := bytes.LastIndexAny(p, "/\\"); i >= 0 {
		return p[i+1:]
	}
	return p
}

func parseSupervisor(nm *names, b []byte, out []event.Event) []event.Event {
	switch {
	case len(b) > 0 && (b[0] == 'b' || b[0] == 'a' || b[0] == 'u'):
		return parseDaemonRestart(nm, b, out)
	case bytes.Contains(b, []byte("daemon start")):
		ev := event.Event{Kind: event.KindDaemonStart}
		if v, ok := field(b, "version="); ok {
			ev.Detailed().Version = nm.get(v, 40)
		}
		return append(out, ev)
	case bytes.HasPrefix(b, []byte("shutting down")):
		ev := event.Event{Kind: event.KindDaemonShutdown}
		if v, ok := field(b, "cause="); ok {
			w, _ := word(v, ",)")
			setReason(&ev, nm.get(w, 40))
		}
		if v, ok := field(b, "live_workers="); ok {
			ev.Count, _, _ = num(v)
		}
		return append(out, ev)
	case bytes.HasPrefix(b, []byte("idle ")) && bytes.Contains(b, []byte("exiting")):
		return append(out, event.Event{Kind: event.KindDaemonShutdown, Reason: event.DaemonCauseIdle})
	}
	return out
}

func parseBg(nm *names, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(b, "bg: "); ok {
		return parseBgNote(rest, out)
	}
	rest, ok := cut(b, "bg ")
	if !ok {
		return out
	}
	if r, ok := cut(rest, "settled "); ok {
		if ev := parseSettled(nm, r); ev.Session != "" && ev.Reason != event.ReasonNone {
			out = append(out, ev)
		}
		return out
	}
	if r, ok := cut(rest, "retire "); ok {
		if ev := parseRetire(nm, r); ev.Session != "" {
			out = append(out, ev)
		}
		return out
	}
	if r, ok := cut(rest, "orphan-spare reap: "); ok {
		n, _, _ := num(trimSpaces(r))
		return append(out, event.Event{Kind: event.KindDaemonReap, Count: n})
	}
	if bytes.HasPrefix(rest, []byte("spare spawned host")) {
		return append(out, event.Event{Kind: event.KindDaemonSpare, Text: vocab.Sanitize(rest, vocab.MaxTextRunes)})
	}
	if r, ok := cut(rest, "adopt: "); ok {
		ev := event.Event{Kind: event.KindDaemonAdopt}
		if v, ok := field(r, "dead="); ok {
			ev.Count, _, _ = num(v)
		}
		return append(out, ev)
	}
	for _, verb := range [...]string{"spawned ", "claimed-spare "} {
		if r, ok := cut(rest, verb); ok && !bytes.HasPrefix(r, []byte("host ")) {
			ev := event.Event{Kind: event.KindDaemonSpawn}
			ev.Session, r = sessionID(nm, r)
			if c, ok := cut(r, " ("); ok {
				w, _ := word(c, ")")
				setReason(&ev, nm.get(w, 20))
			}
			return append(out, ev)
		}
	}
	return out
}

// parseSettled reads "<id> (done|killed|crashed)[: <reason>]"; a reason
// ending in "×K" is a worker that crashed K times.
func parseSettled(nm *names, b []byte) event.Event {
	ev := event.Event{Kind: event.KindDaemonSettled}
	ev.Session, b = sessionID(nm, b)
	if r, ok := cut(b, " ("); ok {
		w, rest := word(r, ")")
		setReason(&ev, nm.get(w, 20))
		if why, ok := cut(rest, "): "); ok {
			why = bytes.TrimSpace(why)
			ev.Text = vocab.Sanitize(why, vocab.MaxTextRunes)
			ev.Count = repeats(why)
			ev.Detailed().LowMemory = bytes.Contains(why, []byte("low memory"))
		}
	}
	return ev
}

// repeats reads a trailing "×K" (or "xK"): how many times it happened.
func repeats(b []byte) int {
	i := bytes.LastIndex(b, []byte("×"))
	skip := len("×")
	if i < 0 {
		if i = bytes.LastIndexByte(b, 'x'); i < 0 || i+1 >= len(b) || !isDigit(b[i+1]) || i > 0 && b[i-1] != ' ' {
			return 0
		}
		skip = 1
	}
	n, rest, ok := num(b[i+skip:])
	if !ok || len(bytes.TrimSpace(rest)) > 0 {
		return 0
	}
	return n
}

// parseRetire reads "<id>: <why>, idle <N><unit>[ [low memory]]".
func parseRetire(nm *names, b []byte) event.Event {
	ev := event.Event{Kind: event.KindDaemonRetire}
	ev.Session, b = sessionID(nm, b)
	if r, ok := cut(b, ": "); ok {
		w, rest := word(r, ",")
		setReason(&ev, nm.get(bytes.TrimSpace(w), 30))
		if i := bytes.Index(rest, []byte("idle ")); i >= 0 {
			ev.IdleS = durationS(rest[i+5:])
		}
	}
	ev.Detailed().LowMemory = bytes.Contains(b, []byte("[low memory]"))
	return ev
}

// durationS reads "25m", "3h", "2d", "90s", "1h30m" as seconds.
func durationS(b []byte) int {
	total := 0
	for len(b) > 0 {
		n, rest, ok := num(b)
		if !ok || len(rest) == 0 {
			break
		}
		unit := 0
		switch rest[0] {
		case 's':
			unit = 1
		case 'm':
			unit = 60
		case 'h':
			unit = 3600
		case 'd':
			unit = 86400
		}
		if unit == 0 {
			break
		}
		total += n * unit
		b = rest[1:]
	}
	return total
}

// parseBgNote reads the daemon's "bg: …" notes; only its low-memory ones
// are events: "low memory (782MB free) — retiring settled workers before
// spawning <id>", "low memory (macOS memorystatus pressure level 4) — …",
// "low memory persists after shedding non-pinned — …", "low memory —
// skipping spare dispatch <id>".
func parseBgNote(b []byte, out []event.Event) []event.Event {
	if r, ok := cut(b, "post-takeover prewarm burst"); ok {
		return append(out, prewarm(b, r))
	}
	rest, ok := cut(b, "low memory")
	if !ok {
		return out
	}
	ev := event.Event{Kind: event.KindDaemonLowMemory, Text: vocab.Sanitize(b, vocab.MaxTextRunes)}
	if r, ok := cut(rest, " ("); ok {
		if n, unit, ok := num(r); ok && bytes.HasPrefix(unit, []byte("MB")) {
			ev.Detailed().MemoryMB = n
		}
	}
	return append(out, ev)
}

// prewarm reads "post-takeover prewarm burst — respawned 0/1 stale
// workers, 1 refused in 0s": Count is the refused workers (background
// sessions that were not brought back), Eligible the stale ones.
func prewarm(line, b []byte) event.Event {
	ev := event.Event{Kind: event.KindDaemonPrewarm, Text: vocab.Sanitize(line, vocab.MaxTextRunes)}
	if r, ok := field(b, "respawned "); ok {
		_, r, _ = num(r)
		if r, ok := cut(r, "/"); ok {
			ev.Detailed().Eligible, _, _ = num(r)
		}
	}
	if i := bytes.Index(b, []byte(" refused")); i > 0 {
		j := i
		for j > 0 && isDigit(b[j-1]) {
			j--
		}
		ev.Count, _, _ = num(b[j:i])
	}
	return ev
}
