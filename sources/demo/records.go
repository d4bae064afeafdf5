package demo

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// The demo's session records, laid out as one records folder (Claude
// Code's sessions/ and jobs/, the app's claude-code-sessions/) inside the
// demo's own folder: titles for every session, Remote Control on the
// session the log shows it on, and a session that waits for the person's
// approval and then becomes the next victim.

// demoTitles are the titles the app shows for the scenario's sessions.
var demoTitles = map[string]string{
	"S1": "Billing: invoice rounding", "S2": "Web: dark mode toggle", "S3": "Terraform: staging VPC",
	"S4": "Docs: release notes 2.4", "S5": "Mobile: push opt-in", "S6": "Pipeline: nightly backfill",
	"S7": "ML: eval harness", "S8": "Search: ranking tweak", "S9": "API gateway: rate limits",
	"S10": "Design system: tokens",
}

// demoRecordStep is one record written at its offset: a Claude Code
// session record's status (of session, "" for a background job).
type demoRecordStep struct {
	at         time.Duration
	session    string
	status     string
	waitingFor string
}

// demoRecordSteps: S4 (docs-site) asked to run a command 30 s before the
// demo starts and waits for the person; once S2 is evicted at +2m it is the
// longest idle, the next victim.
var demoRecordSteps = []demoRecordStep{
	{at: -8 * time.Minute, session: "S4", status: "busy"},
	{at: -8 * time.Minute, session: "S9", status: "busy"},
	{at: -8 * time.Minute, session: "S8", status: "idle"},
	{at: -30 * time.Second, session: "S4", status: "waiting", waitingFor: "approve Bash"},
	{at: 150 * time.Second, session: "S9", status: "idle"},
}

// RecordsDir is the demo's records folder (for --records-dir).
func (d *Demo) RecordsDir() string { return RecordsFolder(d.dir) }

// RecordsFolder is the records folder of a demo writing into dir.
func RecordsFolder(dir string) string { return filepath.Join(dir, "records") }

// recordsUntil writes the record steps due by offset upTo; the first call
// also writes the app's records and the background job.
func (d *Demo) recordsUntil(upTo time.Duration) error {
	if !d.recordsBegun {
		d.recordsBegun = true
		if err := d.writeAppRecords(); err != nil {
			return err
		}
		job := map[string]any{"name": "nightly-deps", "state": "working", "status": "busy", "updatedAt": d.start.Add(-8 * time.Minute).UnixMilli()}
		if err := d.writeJSON(filepath.Join("jobs", "nightly-deps", "state.json"), job); err != nil {
			return err
		}
	}
	for d.nextRecord < len(demoRecordSteps) && demoRecordSteps[d.nextRecord].at <= upTo {
		s := demoRecordSteps[d.nextRecord]
		rec := map[string]any{"pid": os.Getpid(), "sessionId": "demo-" + s.session, "hostSessionId": demoSessionID(s.session),
			"entrypoint": "claude-desktop", "kind": "interactive", "status": s.status, "updatedAt": d.start.Add(s.at).UnixMilli()}
		if s.waitingFor != "" {
			rec["waitingFor"] = s.waitingFor
		}
		if err := d.writeJSON(filepath.Join("sessions", "demo-"+s.session+".json"), rec); err != nil {
			return err
		}
		d.nextRecord++
	}
	return nil
}

// writeAppRecords writes the app's record of every session: its title, and
// Remote Control on S6.
func (d *Demo) writeAppRecords() error {
	for i := 1; i <= len(demoTitles); i++ {
		s := "S" + strconv.Itoa(i)
		rec := map[string]any{"sessionId": demoSessionID(s), "title": demoTitles[s], "createdAt": d.start.Add(-8 * time.Minute).UnixMilli()}
		if s == "S6" {
			rec["remoteControlState"] = "active"
		}
		if err := d.writeJSON(filepath.Join("claude-code-sessions", "demo-account", "demo-org", demoSessionID(s)+".json"), rec); err != nil {
			return err
		}
	}
	return nil
}

// writeJSON writes v to name in the records folder, whole (a temporary
// file renamed over it), as Claude writes its records.
func (d *Demo) writeJSON(name string, v any) error {
	p := filepath.Join(d.RecordsDir(), name)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("demo records: %w", err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("demo records: %w", err)
	}
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("demo records: %w", err)
	}
	if err := os.Rename(tmp, p); err != nil {
		return fmt.Errorf("demo records: %w", err)
	}
	return nil
}
