package governor

import (
	"github.com/coworktop/coworktop/record"
	"strings"
)

// Getting a session back: the one documented, user-level command that opens
// a session in the desktop app (`claude --desktop --resume <id>`, Claude
// Code 2.1.285+), the Claude Code id it needs and where that id was read.
// The TUI's `o` key, the session details and the report's lost sessions
// all word it here.

// DesktopFlagSince is the first Claude Code version documented to take
// `--desktop` (field-2026-12.md §1).
const DesktopFlagSince = "2.1.285"

// ResumeCommand is the command that opens the session whose Claude Code id
// is codeID in the desktop app; "" when codeID is not a Claude Code id (a
// bare UUID), so no untrusted text ever becomes a command.
func ResumeCommand(codeID string) string {
	if !validCodeID(codeID) {
		return ""
	}
	return "claude --desktop --resume " + codeID
}

// validCodeID reports whether s is a Claude Code session id as its records
// write it: a bare UUID, 8-4-4-4-12 hexadecimal digits.
func validCodeID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := range len(s) {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// codeSessionID is the Claude Code session id of the desktop session id
// (local_<uuid>) and the record it was read from: the app's session record
// (cliSessionId), the live process's record (sessionId), or the record a
// process left behind when it died. "", FromNone when no record read gives
// it: main.log names only the app's local id.
func (s *State) codeSessionID(id string) (string, record.Source) {
	rs := &s.records
	if a := rs.app[id]; a != nil && validCodeID(a.CLISessionID) {
		return strings.ToLower(a.CLISessionID), record.FromAppRecord
	}
	if c := rs.code[id]; c != nil && validCodeID(c.SessionID) {
		return strings.ToLower(c.SessionID), record.FromCodeRecord
	}
	if c, ok := rs.leftover[id]; ok && validCodeID(c.SessionID) {
		return strings.ToLower(c.SessionID), record.FromCodeRecord
	}
	return "", record.FromNone
}

// Recovery is how to get one session back, as the details and the report
// say it.
type Recovery struct {
	Name   string        // the session's name: its title, project or short id
	CodeID string        // its Claude Code id; "" when no record gives it
	Source record.Source // where CodeID was read
}

// RecoveryOf is how to get session id back, under the name the outputs
// give it.
func (s *State) RecoveryOf(id, name string) Recovery {
	codeID, src := s.codeSessionID(id)
	return Recovery{Name: name, CodeID: codeID, Source: src}
}

// Command is the command that resumes it, "" without a Claude Code id.
func (r Recovery) Command() string { return ResumeCommand(r.CodeID) }
