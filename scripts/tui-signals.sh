#!/usr/bin/env bash
# tui-signals.sh: signals leave the terminal usable (in tmux, from a shell
# with job control). ctrl+z and an outside SIGTSTP stop the live screen with
# the terminal as it was before (stty -g compared), fg brings it back in raw
# mode (a key press is answered), and SIGQUIT ends it with the terminal
# restored. Prints one PASS/FAIL line.
# Usage: scripts/tui-signals.sh [path/to/coworktop]   (default: builds one)
set -u
cd "$(dirname "$0")/.."
work=$(mktemp -d)
T="tmux -L coworktop-signals"
trap '$T kill-server 2>/dev/null; rm -rf "$work"' EXIT
if [ -n "${1:-}" ]; then
  cp "$1" "$work/coworktop"
else
  go build -o "$work/coworktop" . || { echo "FAIL tui-signals: build failed"; exit 2; }
fi
cp -r testdata/logs/macos "$work/logs"
failures=()

screen() { $T capture-pane -p -t s 2>/dev/null; }
# wait_for NAME TEXT: wait (bounded) until the screen shows TEXT.
wait_for() {
  for _ in $(seq 50); do
    screen | grep -qF -- "$2" && return 0
    sleep 0.1
  done
  failures+=("$1 (no \"$2\" on screen)")
  echo "--- $1: screen was:" >&2; screen >&2
  return 1
}
# wait_gone NAME TEXT: wait (bounded) until the screen no longer shows TEXT.
wait_gone() {
  for _ in $(seq 50); do
    screen | grep -qF -- "$2" || return 0
    sleep 0.1
  done
  failures+=("$1 (\"$2\" still on screen)")
  echo "--- $1: screen was:" >&2; screen >&2
  return 1
}
state() { ps -o stat= -p "$1" 2>/dev/null | tr -d ' '; }
# stopped NAME PID: the process is stopped and the terminal is as before.
stopped() {
  wait_for "$1: shell back" "Stopped" || return
  case $(state "$2") in T*) ;; *) failures+=("$1: not stopped ($(state "$2"))"); return ;; esac
  tty_same "$1"
}
tty_same() {
  rm -f "$work/now"
  $T send-keys -t s "clear; stty -g > $work/now; cmp -s $work/before $work/now && echo TTY-SAME-\$((6*7))" Enter
  wait_for "$1: terminal restored" "TTY-SAME-42"
}
# back NAME: fg redraws the screen in raw mode (? opens the help at once,
# a second ? closes it). The close is waited for: a key still unread when the
# next SIGTSTP lands belongs to the shell, as it would with any program.
# "following" is the program's own status line; the shell's echo of fg
# names the binary, so "coworktop" would match before the redraw.
back() {
  $T send-keys -t s "fg" Enter
  wait_for "$1: redrawn" "following" || return
  $T send-keys -t s "?"
  wait_for "$1: raw mode (a key is answered)" "Help" || return
  $T send-keys -t s "?"
  wait_gone "$1: help closed" "Help"
}

$T kill-server 2>/dev/null
$T new-session -d -s s -x 120 -y 40 "env TERM=xterm-256color PS1='PROMPT\$ ' bash --norc -i"
wait_for "shell" "PROMPT"
$T send-keys -t s "stty -g > $work/before; '$work/coworktop' --log-dir '$work/logs'" Enter
wait_for "screen up" "following"
pid=$(pgrep -f "^$work/coworktop" | head -1)

$T send-keys -t s C-z
stopped "ctrl+z" "$pid" && back "fg after ctrl+z"
kill -TSTP "$pid"
stopped "SIGTSTP" "$pid" && back "fg after SIGTSTP"
kill -QUIT "$pid"
wait_for "SIGQUIT: exited" "quit on SIGQUIT" && tty_same "SIGQUIT"

if [ ${#failures[@]} -eq 0 ]; then
  echo "PASS tui-signals: ctrl+z, SIGTSTP + fg, SIGQUIT leave the terminal as it was"
else
  printf 'FAIL tui-signals: %s\n' "${failures[@]}"
  exit 1
fi
