#!/usr/bin/env bash
# needs-you-e2e.sh: the NEEDS YOU column in a real terminal (tmux).
#
# At 120x40 and 80x24 it starts `coworktop --demo` (whose records say that
# docs-site waits to approve Bash) and reads the screen: the title line
# counts one session that needs you, the Sessions pane has its NEEDS YOU
# column, and the waiting session's row shows its title and
# "approve Bash · <time>" ("Bash · <time>" where the column is narrow); at 120x40 also the Remote Control session's
# (rc) and the background session's row, and the help's words. Exits
# non-zero on any failure and prints one PASS/FAIL summary line.
#
# Usage: scripts/needs-you-e2e.sh [path/to/coworktop]   (default: builds one)
set -u

BIN=${1:-}
work=$(mktemp -d)
# One tmux server per size: a server killed and one started at once on the
# same socket race ("server exited unexpectedly").
trap 'for s in 120x40 80x24; do tmux -L "coworktop-needs-you-$s" kill-server 2>/dev/null; done; rm -rf "$work"' EXIT

if ! command -v tmux >/dev/null; then
	echo "FAIL needs-you-e2e: tmux is not installed"
	exit 2
fi
if [ -z "$BIN" ]; then
	BIN="$work/coworktop"
	(cd "$(dirname "$0")/.." && go build -o "$BIN" .) || { echo "FAIL needs-you-e2e: build failed"; exit 2; }
fi

failures=()
checks=0
screen() { $T capture-pane -p -t ny 2>/dev/null; }

# expect NAME PATTERN [SECONDS]: wait until a line of the screen matches
# the extended regular expression PATTERN.
expect() {
	local name=$1 pattern=$2 secs=${3:-8} i
	checks=$((checks + 1))
	for ((i = 0; i < secs * 10; i++)); do
		if screen | grep -qE -- "$pattern"; then
			return 0
		fi
		sleep 0.1
	done
	failures+=("$size: $name (no line matching /$pattern/)")
	echo "--- $size: $name: screen was:" >&2
	screen >&2
	return 1
}

for size in 120x40 80x24; do
	w=${size%x*} h=${size#*x}
	T="tmux -L coworktop-needs-you-$size"
	# A home of its own: the demo reads only the records it writes.
	$T new-session -d -s ny -x "$w" -y "$h" "env HOME='$work' TERM=xterm-256color '$BIN' --demo; sleep 30"
	expect "the title line counts who needs you" 'needs you 1 · ' 30 # start-up, on a loaded machine
	expect "the Sessions pane has the column" 'NAME +STATE +NEEDS YOU'
	# The urgent sort puts the session that waits for the person first:
	# no filter is needed at either size (issue 46).
	expect "the waiting session, under its title" 'Docs[^│]* idle +(approve )?Bash · [0-9]+[sm]'
	if [ "$size" = 120x40 ]; then
		expect "Remote Control protects its session" 'Pipel[^│]* idle \(rc\)'
		expect "the background session's row, its state said once" '│ night[^│]* bg: working +│'
		$T send-keys -t ny '?'
		# Page down until the column's entry is on screen (the legend grows).
		for _ in $(seq 1 12); do
			screen | grep -qE 'NEEDS YOU +what the session waits for from you' && break
			$T send-keys -t ny PageDown
			sleep 0.2
		done
		expect "the help explains the column" 'NEEDS YOU +what the session waits for from you'
	fi
	$T send-keys -t ny q
done

if [ ${#failures[@]} -gt 0 ]; then
	printf 'FAIL needs-you-e2e: %d of %d checks failed\n' "${#failures[@]}" "$checks"
	printf '  %s\n' "${failures[@]}"
	exit 1
fi
printf 'PASS needs-you-e2e: %d checks at 120x40 and 80x24\n' "$checks"
