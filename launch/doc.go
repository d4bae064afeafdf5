// Package launch opens a session in the Claude desktop app through the one
// documented, user-level command coworktop acts by:
// `claude --desktop --resume <Claude Code session id>` (Claude Code
// 2.1.285+).
//
// It finds the Claude Code CLI on PATH and in the desktop app's own
// claude-code/<version>/ folder, reads each one's version (what
// `claude --version` prints, else the folder's name; never a guess) and
// checks that its `--help` lists `--desktop`. It runs the command without a
// shell, with its input and output away from the terminal, and waits for it
// on a goroutine of its own. It writes, signals or scripts nothing of the
// app's and sends it nothing else.
package launch
