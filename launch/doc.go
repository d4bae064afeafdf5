// Package launch opens a session in the Claude desktop app through the one
// documented, user-level command coworktop acts by:
// `claude --desktop --resume <Claude Code session id>` (Claude Code
// 2.1.285+).
//
// It finds the Claude Code CLI on PATH (never through "." or a relative
// PATH entry) and in the desktop app's own claude-code/<version>/ folder,
// reads each one's version (what `claude --version` prints, else the
// folder's name; never a guess) and checks that its `--help` lists
// `--desktop`. Those probes run without a terminal, in a process group of
// their own ended whole on their timeout, their output kept through
// vocab.CappedWriter; a failed probe is remembered for FailureMemory, and
// one o prepares at a time.
//
// `--desktop` refuses to run with its output away from a terminal, so the
// command itself runs on coworktop's terminal: a Run is a Bubble Tea
// ExecCommand, run while the screen is suspended. What it printed on its
// error output and its exit status are the answer shown; only exit 0 is
// taken for success. It runs nothing through a shell, and writes, signals
// or scripts nothing of the app's.
package launch
