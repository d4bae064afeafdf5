package cmd

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/internal/testfs"
	"github.com/coworktop/coworktop/journal"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/vocab"
)

// TestMinutesAndNamesAreKept: the live modes' host samples become one
// record a minute (the minute's last), the quota figures ride with it, and
// a session's name or title is kept when it changes, redacted.
func TestMinutesAndNamesAreKept(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "journal")
	w, err := journal.Open(journalOptions(&globalOptions{}, dir))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now().Truncate(time.Minute).Add(-10 * time.Minute)
	var m minuteSummary
	names := sessionNames{}
	m.observe(w, governor.Update{Quota: []quota.Sample{{Window: quota.FiveHour, Percent: 42, Source: quota.Statusline, At: start}}})
	for i := range 150 { // two and a half minutes of samples a second
		at := start.Add(time.Duration(i) * time.Second)
		h := host.HostMemory{At: at, Total: vocab.Figure{Value: 16 << 30, Known: true}, Available: vocab.Figure{Value: uint64(1000+i) << 20, Known: true}, Pressure: host.PressureWarning}
		m.observe(w, governor.Update{Host: &h})
	}
	m.flush(w)
	rec := &record.Reading{At: start, App: []record.App{{SessionID: "local_10c0ffee-1111-4000-8000-000000000001", Title: "Fix the login page for /Users/alice"}}}
	names.observe(w, rec)
	names.observe(w, rec) // unchanged: not kept again
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var minutes []journal.Minute
	var sessions []journal.Session
	if _, err := journal.Read(dir, journal.Span{}, time.Local, func(r journal.Record) {
		switch {
		case r.Minute != nil:
			minutes = append(minutes, *r.Minute)
		case r.Session != nil:
			sessions = append(sessions, *r.Session)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if len(minutes) != 3 || minutes[0].AvailableBytes != uint64(1059)<<20 || minutes[1].AvailableBytes != uint64(1119)<<20 || minutes[0].Pressure != "warning" {
		t.Errorf("minutes: %+v", minutes)
	}
	if len(minutes) > 0 && (len(minutes[0].Quota) != 1 || minutes[0].Quota[0].Percent != 42) {
		t.Errorf("the minute's quota: %+v", minutes[0].Quota)
	}
	if len(sessions) != 1 || strings.Contains(sessions[0].Session, "1111-4000") || strings.Contains(sessions[0].Title, "alice") || !strings.Contains(sessions[0].Title, "Fix the login page") {
		t.Errorf("sessions: %+v", sessions)
	}
}
