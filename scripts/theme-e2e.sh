#!/usr/bin/env bash
# theme-e2e.sh: the default theme follows the terminal's background, in a
# real terminal (tmux answers the background colour query with the pane's
# colour). It runs `coworktop --demo` three times at 120x40:
#   - on tmux's default (dark) background: the dark palette (muted = the
#     fixed grey 246, not SGR 90, which is the background on some palettes);
#   - on a white background: the light palette (muted = 256-colour 243);
#   - with NO_COLOR=1: no colour sequence at all.
# Prints one PASS/FAIL line; exits non-zero on failure.
#
# Usage: scripts/theme-e2e.sh [path/to/coworktop]   (default: builds one)
set -u
BIN=${1:-}
work=$(mktemp -d)
trap 'for n in dark light nocolor; do tmux -L "coworktop-theme-e2e-$n" kill-server 2>/dev/null; done; rm -rf "$work"' EXIT
command -v tmux >/dev/null || { echo "FAIL theme-e2e: tmux is not installed"; exit 2; }
if [ -z "$BIN" ]; then
	BIN="$work/coworktop"
	(cd "$(dirname "$0")/.." && go build -o "$BIN" .) || { echo "FAIL theme-e2e: build failed"; exit 2; }
fi
failures=()

# run NAME ENV STYLE WANT [UNWANTED]: start the demo with ENV on a pane of
# STYLE (its own tmux server), and wait up to 10 s for its screen to hold
# the sequence WANT and not UNWANTED. False when it never did.
run() {
	local name=$1 env=$2 style=$3 want unwanted i T="tmux -L coworktop-theme-e2e-$1"
	want=$(printf '%b' "$4")
	unwanted=$(printf '%b' "${5:-}")
	# The style is set before the program starts: it asks at once.
	$T -f /dev/null start-server \; set -g window-style "${style:-default}" \; \
		new-session -d -s t -x 120 -y 40 "env COWORKTOP_CONFIG=$work/none.toml $env $BIN --demo"
	for ((i = 0; i < 100; i++)); do
		$T capture-pane -p -e -t t > "$work/$name" 2>/dev/null
		if grep -q "Memory timeline" "$work/$name" && grep -q -- "$want" "$work/$name" &&
			{ [ -z "$unwanted" ] || ! grep -q -- "$unwanted" "$work/$name"; }; then
			$T kill-server 2>/dev/null
			return 0
		fi
		sleep 0.1
	done
	$T kill-server 2>/dev/null
	return 1
}

run dark "" "" '\e\[38;5;246m' '\e\[38;5;243m' ||
	failures+=("dark background: the dark palette (muted 246, no 243) never drawn")
grep -q -- "$(printf '%b' '\e\[90m')" "$work/dark" &&
	failures+=("dark background: muted text in SGR 90, which some palettes make the background")
run light "" "bg=white,fg=black" '\e\[38;5;243m' '\e\[38;5;246m' ||
	failures+=("white background: the theme never switched to the light palette")
run nocolor "NO_COLOR=1" "" "Memory timeline" ||
	failures+=("NO_COLOR: screen not drawn")
grep -q -- "$(printf '%b' '\e\[[0-9;]*[1-9][0-9;]*m')" "$work/nocolor" &&
	failures+=("NO_COLOR: colour or attribute sequences drawn")

if [ ${#failures[@]} -gt 0 ]; then
	printf 'FAIL theme-e2e: %s\n' "${failures[@]}"
	exit 1
fi
echo "PASS theme-e2e: dark and light backgrounds detected, NO_COLOR honoured"
