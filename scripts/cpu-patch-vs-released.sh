#!/usr/bin/env bash
# What the patched Bubble Tea (carried in third_party/) saves: the idle
# live TUI as every build makes it (patched renderer) and built against the
# released Bubble Tea v2.1.1 (scripts/build-released-tea.sh), side by side in one run with htop, each in a detached 120x40 tmux pane at a 1 s
# refresh on a log folder that receives no new lines. Reports CPU
# (utime+stime over the window, % of one core) and RSS for each.
# Usage: scripts/cpu-patch-vs-released.sh [seconds]   (needs tmux, htop)
set -euo pipefail
cd "$(dirname "$0")/.."
window=${1:-60}
work=$(mktemp -d)
sessions=(cwt-patched cwt-released htop-idle)
trap 'for s in "${sessions[@]}"; do tmux kill-session -t "$s" 2>/dev/null; done; rm -rf "$work"' EXIT
go build -o "$work/patched" .
scripts/build-released-tea.sh "$work/released"
cp -r testdata/logs/macos "$work/logs"

tmux new-session -d -s cwt-patched -x 120 -y 40 "$work/patched --log-dir $work/logs --refresh 1s"
tmux new-session -d -s cwt-released -x 120 -y 40 "$work/released --log-dir $work/logs --refresh 1s"
tmux new-session -d -s htop-idle -x 120 -y 40 "htop -d 10"
sleep 10 # warm-up: backfill, first scans

pid() { tmux display -p -t "$1" '#{pane_pid}'; }
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
hz=$(getconf CLK_TCK)
declare -A p t0
for s in "${sessions[@]}"; do p[$s]=$(pid "$s"); t0[$s]=$(ticks "${p[$s]}"); done
sleep "$window"
echo "window ${window}s at 1 s refresh (htop -d 10)"
for s in "${sessions[@]}"; do
	awk -v n="$s" -v c=$(($(ticks "${p[$s]}") - ${t0[$s]})) -v hz="$hz" -v w="$window" -v r="$(rss "${p[$s]}")" \
		'BEGIN { printf "%-13s CPU %.2f%% of one core  RSS %.1f MB\n", n, 100*c/hz/w, r/1024 }'
done
