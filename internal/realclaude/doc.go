// Package realclaude runs the real Claude Code, pinned to one version from
// npm, offline against a stub of the Messages API, as the tests' client. It
// owns only test scaffolding: no package of the program imports it, and it
// touches nothing outside the folders it is given or makes (its install
// cache, the tests' scratch homes, its own tmux server).
//
// Every test that needs to know what Claude Code really writes (its
// session records, transcripts, status-line input, `--help`, `--version`,
// its answer to `--desktop`) uses it, so a new version that changes a field
// shows here first: bump Version and run the tests.
//
// # Using it
//
//	bin := realclaude.Binary(t)            // installs once; skips (fails under CI=true) without npm
//	stub := realclaude.NewStub(t)          // the Messages API, on 127.0.0.1
//	stub.SetLimits(realclaude.Limits{FiveHour: 42, SevenDay: 17, ...})
//	home := realclaude.NewHome(t, bin, stub) // a scratch HOME with onboarding done
//	home.Trust(t, dirA, dirB)               // both folders trusted before any session runs
//	a := home.Start(t, dirA, realclaude.Options{})   // a real session under tmux
//	b := home.Start(t, dirB, realclaude.Options{})   // a second one, in another folder
//	a.Send(t, "hello")                      // types a prompt and presses Enter
//	a.WaitRecord(t, realclaude.StatusIs("idle"))
//	a.Send(t, realclaude.PromptBash)        // the stub answers with a Bash tool_use
//	a.WaitRecord(t, realclaude.StatusIs("waiting")) // "waitingFor": "permission prompt"
//
// What a test reads:
//   - the session record: Session.Record (the parsed ~/.claude/sessions/<pid>.json)
//     and Session.RecordPath; home.SessionsDir() for coworktop's records folder
//     (COWORKTOP_RECORDS_DIR, or HOME=home.Dir).
//   - the transcript: Session.TranscriptPath (~/.claude/projects/<cwd with
//     every non-alphanumeric as "-">/<sessionId>.jsonl), one assistant line
//     per reply with the usage the stub sent (Stub.Usage, or Reply.Usage
//     from a Respond hook).
//   - the status-line input: Options.StatusLine sets settings.json's
//     statusLine command; Options.CaptureStatusLine keeps each input it is
//     given in a file (Session.StatusLineInput). For a subscriber (the
//     default: CLAUDE_CODE_OAUTH_TOKEN is set) it carries rate_limits from
//     the stub's headers (Stub.SetLimits).
//   - the screen: Session.Screen, Session.WaitScreen.
//
// The stub answers by the last user message: PromptBash gets a Bash
// tool_use that needs permission (then text once the tool result comes
// back), PromptHold streams a first word and holds the reply open until
// Stub.Release (the session is busy meanwhile), anything else a short text
// reply. Stub.Respond replaces that choice.
//
// # Where it installs
//
// `npm install --ignore-scripts @anthropic-ai/claude-code@<Version>` into
// $COWORKTOP_REALCLAUDE_DIR/<Version> (default: the user cache folder's
// coworktop-realclaude), and the platform package's own `claude` binary
// is run directly. testfs.Main pins that folder and npm's cache to where
// they were before it moved HOME, so the install is made once per
// machine, not once per test binary. Without npm, or when the install
// fails, the tests that need it skip with one line; under CI=true they
// fail instead (CI installs npm and the package).
package realclaude
