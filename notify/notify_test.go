package notify

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
)

var t0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// recorder is a fake Exec that keeps every argv it is asked to run.
type recorder struct{ calls [][]string }

func (r *recorder) exec(_ context.Context, argv []string) error {
	r.calls = append(r.calls, slices.Clone(argv))
	return nil
}

var hostile = []string{
	`"; do shell script "rm -rf ~"`,
	`local_$(touch /tmp/pwned)`,
	"local_`id`",
	"local_a\nend run\non run argv\ndo shell script \"id\"",
	"local_\x1b]0;title\x07\x1b[31mred\x1b[0m",
	`-e do shell script "id"`,
	`<a href="x">click</a> &amp;`,
	"local_\u202eevil\u200b",
	"--help",
}

// evictedState evicts one session with the given id, after a baseline.
func evict(st *governor.State, id string, at time.Time) {
	st.Apply(event.Event{Time: at, Kind: event.KindSessionStart, Session: id, Cwd: "/x/" + id})
	st.Apply(event.Event{Time: at.Add(time.Second), Kind: event.KindAtCap, Cap: 6, Verb: event.VerbEvicting, Session: id, IdleS: 75, Reason: event.ReasonWarm})
}

// TestHostileSessionCannotInject runs the real command builders through the
// real Notifier with a recording exec: the script text never changes, and the
// hostile text only ever appears as its own argument, cleaned.
func TestHostileSessionCannotInject(t *testing.T) {
	for _, build := range []struct {
		name string
		cmd  Command
		// fixed is the argv prefix that must be identical on every call.
		fixed []string
	}{
		{"osascript", OsascriptCommand, []string{"osascript", "-e", "on run argv",
			"-e", "display notification (item 1 of argv) with title (item 2 of argv)", "-e", "end run", "--"}},
		{"notify-send", NotifySendCommand, []string{"notify-send", "--app-name=coworktop", "--"}},
	} {
		t.Run(build.name, func(t *testing.T) {
			rec := &recorder{}
			n := NewWith(build.cmd, rec.exec)
			st := governor.New(governor.DefaultLimits())
			if err := n.Observe(context.Background(), st.Snapshot(t0), false); err != nil {
				t.Fatal(err)
			}
			for i, id := range hostile {
				at := t0.Add(time.Duration(i+1) * time.Minute)
				evict(st, id, at)
				if err := n.Observe(context.Background(), st.Snapshot(at.Add(2*time.Second)), false); err != nil {
					t.Fatal(err)
				}
			}
			if len(rec.calls) != len(hostile) {
				t.Fatalf("%d notifications for %d evictions", len(rec.calls), len(hostile))
			}
			for i, argv := range rec.calls {
				if !slices.Equal(argv[:len(build.fixed)], build.fixed) {
					t.Errorf("call %d: fixed part changed: %q", i, argv[:len(build.fixed)])
				}
				if len(argv) != len(build.fixed)+2 {
					t.Fatalf("call %d: %d arguments after the fixed part, want 2: %q", i, len(argv)-len(build.fixed), argv)
				}
				for _, arg := range argv[len(build.fixed):] {
					assertClean(t, arg)
				}
			}
			// The eviction really is reported, with the (cleaned) name.
			last := rec.calls[0]
			if !strings.Contains(strings.Join(last, " "), "evicted") {
				t.Errorf("no eviction wording in %q", last)
			}
		})
	}
}

func assertClean(t *testing.T, arg string) {
	t.Helper()
	for _, bad := range []string{`"`, "'", "`", "$", ";", "\n", "\r", "\x1b", "\x07", "<", ">", "&", "~", "\\", "\u202e", "\u200b"} {
		if strings.Contains(arg, bad) {
			t.Errorf("argument %q contains %q", arg, bad)
		}
	}
	if strings.HasPrefix(arg, "-") {
		t.Errorf("argument %q could read as an option", arg)
	}
	if len([]rune(arg)) > maxMessage {
		t.Errorf("argument %q longer than %d runes", arg, maxMessage)
	}
}

func TestCleanKeepsOrdinaryText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int
		want string
	}{
		{"session 1a2b3c4d (my-proj) evicted: warm spawn at the cap, idle 1m15s.", 160,
			"session 1a2b3c4d (my-proj) evicted: warm spawn at the cap, idle 1m15s."},
		{"--help", 160, "help"},
		{"Prüfung 日本語", 160, "Prüfung 日本語"},
		{strings.Repeat("x", 500), 20, strings.Repeat("x", 20)},
	} {
		if got := Clean(tc.in, tc.max); got != tc.want {
			t.Errorf("Clean(%.30q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestChangesBaselineAndPressure(t *testing.T) {
	st := governor.New(governor.DefaultLimits())
	n := NewWith(NotifySendCommand, (&recorder{}).exec)
	// History read at start-up is not news.
	evict(st, "local_old", t0)
	st.Apply(event.Event{Time: t0.Add(2 * time.Second), Kind: event.KindPressure, Pressure: host.PressureWarning})
	if notes := n.Changes(st.Snapshot(t0.Add(3*time.Second)), true); len(notes) != 0 {
		t.Fatalf("backfill produced notes: %v", notes)
	}
	if notes := n.Changes(st.Snapshot(t0.Add(4*time.Second)), false); len(notes) != 0 {
		t.Fatalf("nothing changed but notes: %v", notes)
	}
	// Two evictions at once: one note that says two.
	evict(st, "local_11111111-aaaa", t0.Add(time.Minute))
	evict(st, "local_22222222-bbbb", t0.Add(time.Minute+10*time.Second))
	notes := n.Changes(st.Snapshot(t0.Add(2*time.Minute)), false)
	if len(notes) != 1 || !strings.Contains(notes[0].Title, "2 sessions evicted") || !strings.Contains(notes[0].Message, "22222222") ||
		!strings.Contains(notes[0].Message, "at cap, warm spawn") {
		t.Fatalf("notes = %+v", notes)
	}
	// The governor goes critical.
	st.Apply(event.Event{Time: t0.Add(3 * time.Minute), Kind: event.KindPressure, Pressure: host.PressureCritical})
	notes = n.Changes(st.Snapshot(t0.Add(3*time.Minute)), false)
	if len(notes) != 1 || !strings.Contains(notes[0].Title, "critical") || !strings.Contains(notes[0].Message, "was warning") {
		t.Fatalf("notes = %+v", notes)
	}
	// Host pressure: unknown → normal is silent; normal → warning is news;
	// a flap back within a minute is held; critical always goes through.
	hostLevel := func(at time.Time, p host.PressureLevel) []Note {
		st.ApplyHost(host.HostMemory{At: at, Pressure: p})
		return n.Changes(st.Snapshot(at), false)
	}
	base := t0.Add(10 * time.Minute)
	if got := hostLevel(base, host.PressureNormal); len(got) != 0 {
		t.Fatalf("first host level notified: %v", got)
	}
	if got := hostLevel(base.Add(time.Second), host.PressureWarning); len(got) != 1 || !strings.Contains(got[0].Message, "warning (was normal)") {
		t.Fatalf("host warning: %+v", got)
	}
	if got := hostLevel(base.Add(2*time.Second), host.PressureNormal); len(got) != 0 {
		t.Fatalf("flap within a minute notified: %+v", got)
	}
	if got := hostLevel(base.Add(3*time.Second), host.PressureCritical); len(got) != 1 || !strings.Contains(got[0].Title, "critical") {
		t.Fatalf("host critical: %+v", got)
	}
	if got := hostLevel(base.Add(2*time.Minute), host.PressureNormal); len(got) != 1 {
		t.Fatalf("back to normal after the gap: %+v", got)
	}
}

// TestIgnoreBefore: when the caller cannot tell backfill from live updates
// (the TUI), evictions the log dated before the start are not news.
func TestIgnoreBefore(t *testing.T) {
	st := governor.New(governor.DefaultLimits())
	n := NewWith(NotifySendCommand, (&recorder{}).exec)
	start := t0.Add(time.Hour)
	n.IgnoreBefore(start)
	n.Changes(st.Snapshot(start), false) // baseline: nothing read yet
	evict(st, "local_old", t0)
	st.Apply(event.Event{Time: t0.Add(5 * time.Second), Kind: event.KindPressure, Pressure: host.PressureCritical})
	if notes := n.Changes(st.Snapshot(start.Add(time.Second)), false); len(notes) != 0 {
		t.Fatalf("old history notified: %+v", notes)
	}
	evict(st, "local_old2", t0.Add(time.Minute))
	evict(st, "local_new", start.Add(time.Minute))
	notes := n.Changes(st.Snapshot(start.Add(2*time.Minute)), false)
	if len(notes) != 1 || notes[0].Title != "coworktop: session evicted" || !strings.Contains(notes[0].Message, "local_new") {
		t.Fatalf("notes = %+v", notes)
	}
}
