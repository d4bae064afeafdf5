#!/usr/bin/env bash
# readable-e2e.sh: every "why" readable and names first, in a real
# terminal (tmux), on `coworktop --demo` (issue 23 #3, #5, #6, #8).
#
# At 80x24: tab to the Evictions pane, press enter on its first row (an AT
# RISK row) and read the opened risk's whole text and evidence; esc; F1
# opens the help, which defines the states and terms with none cut; F10
# quits. At 80x24 and 200x50: the next victim is named, no Sessions or
# ranking row leads with a bare hex id, the Sessions pane sorts urgent
# first, and no state says idle beside a record's "busy" (issue 46).
# Exits non-zero on any failure and prints one PASS/FAIL summary line.
#
# Usage: scripts/readable-e2e.sh [path/to/coworktop]   (default: builds one)
set -u

BIN=${1:-}
work=$(mktemp -d)
T="tmux -L coworktop-readable"
trap '$T kill-server 2>/dev/null; rm -rf "$work"' EXIT

if ! command -v tmux >/dev/null; then
	echo "FAIL readable-e2e: tmux is not installed"
	exit 2
fi
if [ -z "$BIN" ]; then
	BIN="$work/coworktop"
	(cd "$(dirname "$0")/.." && go build -o "$BIN" .) || { echo "FAIL readable-e2e: build failed"; exit 2; }
fi

failures=()
checks=0
size=
screen() { $T capture-pane -p -t rd 2>/dev/null; }

# expect NAME PATTERN [SECONDS]: wait until a line of the screen matches
# the extended regular expression PATTERN.
expect() {
	local name=$1 pattern=$2 secs=${3:-10} i
	checks=$((checks + 1))
	for ((i = 0; i < secs * 10; i++)); do
		screen | grep -qE -- "$pattern" && return 0
		sleep 0.1
	done
	failures+=("$size: $name (no line matching /$pattern/)")
	echo "--- $size: $name: screen was:" >&2
	screen >&2
	return 1
}

# absent NAME PATTERN: no line of the screen matches PATTERN.
absent() {
	checks=$((checks + 1))
	if screen | grep -qE -- "$2"; then
		failures+=("$size: $1 (a line matches /$2/)")
		echo "--- $size: $1: screen was:" >&2
		screen >&2
		return 1
	fi
}

key() { $T send-keys -t rd "$@"; sleep 0.4; }

start() {
	local w=${size%x*} h=${size#*x}
	$T kill-server 2>/dev/null
	sleep 0.2
	# A home of its own: the demo reads only what it writes.
	$T new-session -d -s rd -x "$w" -y "$h" "env HOME='$work' TERM=xterm-256color '$BIN' --demo; echo EXITED \$?; sleep 30"
	expect "the screen is up" 'Sessions · [0-9]+ live'
	expect "the demo's risks are up" 'AT RISK'
}

# Names first at both sizes.
for size in 80x24 200x50; do
	start
	expect "the next victim is named" '[0-9]+ [A-Za-z][^│]*◀ next \(est\)'
	absent "a ranking row leads with a hex id" '^[│ ]*[0-9]+ [0-9a-f]{8} '
	absent "a Sessions row leads with a hex id" '^│?[ >!][0-9a-f]{8} '
	expect "the Sessions pane sorts urgent first" 'Sessions · [0-9]+ live · sort urgent'
	absent "a record's busy beside a state" ' busy '
	absent "log words on the first screen" 'sys_free|warm spawn|effective|reaped|AbortError'
	key q
	expect "q quits" 'EXITED 0'
done

size=80x24
start
# The tab order: Sessions, Idle ranking, (the hidden event log), Evictions.
for _ in 1 2 3 4 5 6; do
	screen | grep -qE '▶Evictions' && break
	key Tab
done
expect "the Evictions pane has the focus" '▶Evictions'
key Enter
expect "enter opens the risk's full text" 'Evictions · full text'
expect "the risk is not cut" 'AT RISK now: .*'
expect "its evidence is listed" '^│ *evidence:'
key Escape
absent "esc closes it" 'full text'
key F1
expect "F1 opens the help" '─ Help '
# Read every page of the help from the top: the terms are defined, and no
# term or definition inside the help's box is cut.
key Home
: >"$work/help"
for _ in $(seq 1 14); do
	screen | grep '^│' >>"$work/help"
	key PageDown
done
for term in 'active <1m' 'idle \(rc\)' 'paused: idle' 'evicted' 'disconnected' 'protected' 'warm spawn' 'user spawn' \
	'yield' 'sweep' 'headroom' 'CPU%' 'EVICTED, CRASHED, STOPPED, IDLE PAUSE, LOST \(bg\)'; do
	checks=$((checks + 1))
	grep -qE "^│ $term" "$work/help" || failures+=("$size: the help does not define \"$term\"")
done
checks=$((checks + 1))
if grep -qF '…' "$work/help"; then
	failures+=("$size: the help cuts a term or a definition (…)")
	grep -F '…' "$work/help" >&2
fi
key Escape
key F10
expect "F10 quits" 'EXITED 0'

if [ ${#failures[@]} -gt 0 ]; then
	printf 'FAIL readable-e2e: %d of %d checks failed\n' "${#failures[@]}" "$checks"
	printf '  %s\n' "${failures[@]}"
	exit 1
fi
printf 'PASS readable-e2e: %d checks at 80x24 and 200x50\n' "$checks"
