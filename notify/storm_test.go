package notify

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// TestEvictionStormIsOneNote (issue 53 R2): 1,000 evictions in 60 s ran
// notify-send 1,029 times. Now the first is told, and the rest in one note
// a minute later: "N sessions evicted in the last minute", every session
// counted once.
func TestEvictionStormIsOneNote(t *testing.T) {
	for _, tz := range []string{"UTC", "America/New_York", "Australia/Lord_Howe"} {
		t.Run(tz, func(t *testing.T) {
			loc, err := time.LoadLocation(tz)
			if err != nil {
				t.Skip(err)
			}
			start := time.Date(2026, 11, 1, 9, 0, 0, 0, loc)
			n := NewWith(NotifySendCommand, nil)
			st := governor.New(governor.DefaultLimits())
			n.Changes(st.Snapshot(start), true)
			var notes []Note
			for i := range 1000 {
				at := start.Add(time.Duration(i) * 60 * time.Millisecond)
				evict(st, fmt.Sprintf("local_%08d-0000-4000-8000-000000000000", i), at)
				if i%16 == 15 { // a snapshot a second
					notes = append(notes, n.Changes(st.Snapshot(at.Add(time.Second)), false)...)
				}
			}
			for s := 62; s <= 180; s++ {
				notes = append(notes, n.Changes(st.Snapshot(start.Add(time.Duration(s)*time.Second)), false)...)
			}
			if len(notes) > 2 {
				t.Fatalf("%d notes for a storm of 1,000 evictions, want at most 2: %+v", len(notes), notes[:3])
			}
			total := 0
			num := regexp.MustCompile(`(\d+) sessions evicted`)
			for _, note := range notes {
				if m := num.FindStringSubmatch(note.Title); m != nil {
					k, _ := strconv.Atoi(m[1])
					total += k
				} else {
					total++
				}
			}
			last := notes[len(notes)-1]
			if total != 1000 || !strings.HasSuffix(last.Title, "sessions evicted in the last minute") || !strings.HasPrefix(last.Message, "Latest: ") {
				t.Errorf("notes count %d sessions, want 1000: %+v", total, notes)
			}
			t.Logf("RELIABILITY 1,000 evictions in 60 s (%s): %d notes, the last %q", tz, len(notes), last.Title)
		})
	}
}

// TestNotesCappedAcrossKinds (issue 53 R2): at most NotesPerMinute notes in
// any minute, whatever their kinds; what is held is told later, merged by
// kind, none lost.
func TestNotesCappedAcrossKinds(t *testing.T) {
	var g gate
	start := time.Date(2026, 3, 29, 0, 30, 0, 0, time.UTC)
	kinds := []NoteKind{NoteOther, NoteUpdate, NoteWarning, NotePressure, NoteWaiting, NoteQuota}
	var sent []time.Time
	got := map[NoteKind]int{}
	for s := range 600 {
		now := start.Add(time.Duration(s) * time.Second)
		var in []Note
		if s < 120 {
			for _, k := range kinds {
				in = append(in, Note{Title: "t", Message: fmt.Sprintf("m%d", s), Kind: k})
			}
		}
		for _, note := range g.pass(now, in) {
			sent = append(sent, now)
			got[note.Kind]++
		}
	}
	for i := range sent {
		j := i
		for j < len(sent) && sent[j].Sub(sent[i]) < time.Minute {
			j++
		}
		if j-i > NotesPerMinute {
			t.Fatalf("%d notes in the minute from %s", j-i, sent[i].Format(time.TimeOnly))
		}
	}
	if len(g.held) != 0 {
		t.Errorf("still held after 8 quiet minutes: %+v", g.held)
	}
	for _, k := range kinds {
		if got[k] == 0 {
			t.Errorf("kind %d never told", k)
		}
	}
	t.Logf("RELIABILITY 720 notes of 6 kinds in 2 min: %d sent, at most %d in any minute, none left held", len(sent), NotesPerMinute)
}

// TestFlappingWaitToldOnce (issue 53 R2): one session flipping between
// waiting (at risk) and busy every few seconds for 90 s got 23 "waiting
// for you" notes; now one.
func TestFlappingWaitToldOnce(t *testing.T) {
	n := NewWith(NotifySendCommand, nil)
	t0 := time.Date(2026, 9, 30, 10, 0, 0, 0, time.Local)
	n.Changes(governor.Snapshot{Now: t0}, true)
	told := 0
	for s := 1; s <= 90; s++ {
		now := t0.Add(time.Duration(s) * time.Second)
		snap := governor.Snapshot{Now: now}
		if (s/4)%2 == 0 { // waits 4 s, busy 4 s
			snap = waitingSnap(now, now.Add(-time.Duration(s%4)*time.Second), true)
		}
		told += len(n.Changes(snap, false))
	}
	if told != 1 {
		t.Errorf("%d notes for one flapping session in 90 s, want 1", told)
	}
	t.Logf("RELIABILITY a wait flapping every 4 s for 90 s: %d note", told)
}
