#!/usr/bin/env bash
# tui-e2e.sh: end-to-end check of the live screen in a real terminal (tmux).
#
# For each size (120x40, 80x24, 60x20) it starts `coworktop --demo`, checks
# at three moments of the scenario (screen up, first eviction, the second
# eviction under memory pressure) that the header's live count equals the Sessions pane's, that
# the demo's simulated competitor is on screen and marked as the demo's,
# then presses ?, tab, /, space and q, checking the screen after each, and
# checks that the process exited; then that --no-mouse leaves the mouse to
# the terminal. Exits non-zero on any failure and prints
# one PASS/FAIL summary line.
#
# Usage: scripts/tui-e2e.sh [path/to/coworktop]   (default: builds one)
set -u

BIN=${1:-}
WAIT_EVICTION=${WAIT_EVICTION:-90}
work=$(mktemp -d)
trap 'for s in 120x40 80x24 60x20 no-mouse; do tmux -L "coworktop-e2e-$s" kill-server 2>/dev/null; done; rm -rf "$work"' EXIT

if ! command -v tmux >/dev/null; then
	echo "FAIL tui-e2e: tmux is not installed"
	exit 2
fi
if [ -z "$BIN" ]; then
	BIN="$work/coworktop"
	(cd "$(dirname "$0")/.." && go build -o "$BIN" .) || { echo "FAIL tui-e2e: build failed"; exit 2; }
fi

T="tmux -L coworktop-e2e"
failures=()
checks=0

screen() { $T capture-pane -p -t e2e 2>/dev/null; }

# expect NAME TEXT [SECONDS]: wait until the screen shows TEXT.
expect() {
	local name=$1 text=$2 secs=${3:-5} i
	checks=$((checks + 1))
	for ((i = 0; i < secs * 10; i++)); do
		if screen | grep -qF -- "$text"; then
			return 0
		fi
		sleep 0.1
	done
	failures+=("$size: $name (no \"$text\" on screen)")
	echo "--- $size: $name: screen was:" >&2
	screen >&2
	return 1
}

key() { $T send-keys -t e2e "$@"; sleep 0.3; }

# counts_agree MOMENT: the header's live count (Ses[|||  N/cap …) equals the
# Sessions pane's (Sessions · N live). A frame caught half drawn may show
# both numbers of different seconds, so a few captures are allowed.
counts_agree() {
	local moment=$1 s h p i
	checks=$((checks + 1))
	for ((i = 0; i < 5; i++)); do
		s=$(screen)
		h=$(printf '%s\n' "$s" | grep -oE 'Ses\[[| ]*[0-9]+' | grep -oE '[0-9]+$' | head -1)
		p=$(printf '%s\n' "$s" | grep -oE 'Sessions · [0-9]+ live' | grep -oE '[0-9]+' | head -1)
		if [ -n "$h" ] && [ "$h" = "$p" ]; then
			echo "$size $moment: header $h live = Sessions pane $p live" >&2
			return 0
		fi
		sleep 0.3
	done
	failures+=("$size: at $moment the header says ${h:-?} live, the Sessions pane ${p:-?}")
	echo "--- $size: $moment: screen was:" >&2
	printf '%s\n' "$s" >&2
	return 1
}

for size in 120x40 80x24 60x20; do
	w=${size%x*}
	h=${size#*x}
	# A tmux server of its own per size: a server killed a moment ago may
	# still hold a shared socket ("server exited unexpectedly").
	T="tmux -L coworktop-e2e-$size"
	$T kill-server 2>/dev/null
	$T new-session -d -s e2e -x "$w" -y "$h" \
		"env TERM=xterm-256color '$BIN' --demo; echo \"EXITED rc=\$?\"; sleep 30"
	expect "screen up" "demo" 15 || continue
	expect "sessions shown" "live" 15 || continue
	counts_agree "start" || true
	expect "the demo's competitor, marked" "(demo) Docker" 15 || true
	expect "eviction shown" "EVICTED" "$WAIT_EVICTION" || continue
	counts_agree "first eviction" || true
	expect "second eviction (memory pressure)" "2 evictions" 60 || true
	counts_agree "second eviction" || true
	key '?'
	if [ "$size" = 60x20 ]; then
		expect "the help says it scrolls" "Help · ↓" || true
	else
		expect "full help" "open row" || true
		key End
		# The legend grows as the screen does: its end, not one entry.
		expect "the help scrolls to the legend's end" "scroll this help · ? or esc closes it" || true
	fi
	key Escape
	key Tab
	expect "tab moves focus to the idle ranking" "▶Idle ranking" || true
	key '/'
	expect "filter prompt" "filter Idle ranking" || true
	key Escape
	key Space
	expect "PAUSED banner" "PAUSED" || true
	key Space
	key q
	expect "process exited" "EXITED rc=0" 10 || true
done

# --no-mouse: the program asks the terminal for no mouse events (tmux's
# mouse_any_flag), where a run without it does.
size=no-mouse
T="tmux -L coworktop-e2e-$size"
for flag in "" --no-mouse; do
	$T kill-server 2>/dev/null
	$T new-session -d -s e2e -x 100 -y 30 "env TERM=xterm-256color '$BIN' --demo $flag; sleep 30"
	expect "screen up${flag:+ with $flag}" "demo" 15 || continue
	want=1
	[ -n "$flag" ] && want=0
	checks=$((checks + 1))
	got=$($T display -p -t e2e '#{mouse_any_flag}')
	[ "$got" = "$want" ] || failures+=("mouse reporting is $got with '${flag:-no flag}', want $want")
	$T kill-server 2>/dev/null
done

if [ ${#failures[@]} -eq 0 ]; then
	echo "PASS tui-e2e: $checks checks at 120x40, 80x24 and 60x20"
	exit 0
fi
printf '  %s\n' "${failures[@]}" >&2
echo "FAIL tui-e2e: ${#failures[@]} of $checks checks failed"
exit 1
