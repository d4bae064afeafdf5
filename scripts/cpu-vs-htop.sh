#!/usr/bin/env bash
# Idle cost of the live TUI next to htop, side by side in one run: both in
# detached 120x40 tmux panes at a 1 s refresh, on a log folder that receives
# no new lines. Reports CPU (utime+stime over the window, % of one core) and
# RSS for each. Usage: scripts/cpu-vs-htop.sh [seconds]   (needs tmux, htop)
set -euo pipefail
cd "$(dirname "$0")/.."
window=${1:-60}
work=$(mktemp -d)
trap 'tmux kill-session -t cwt-cpu 2>/dev/null; tmux kill-session -t htop-cpu 2>/dev/null; rm -rf "$work"' EXIT
go build -o "$work/coworktop" .
cp -r testdata/logs/macos "$work/logs"

tmux new-session -d -s cwt-cpu -x 120 -y 40 "${COWORKTOP_ENV:-} $work/coworktop --log-dir $work/logs --refresh 1s"
tmux new-session -d -s htop-cpu -x 120 -y 40 "htop -d 10"
sleep 10 # warm-up: backfill, first scans

pidof_pane() { tmux display -p -t "$1" '#{pane_pid}'; }
cwt=$(pidof_pane cwt-cpu); htp=$(pidof_pane htop-cpu)
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
hz=$(getconf CLK_TCK)
c0=$(ticks "$cwt"); h0=$(ticks "$htp")
sleep "$window"
c1=$(ticks "$cwt"); h1=$(ticks "$htp")
awk -v c=$((c1 - c0)) -v h=$((h1 - h0)) -v hz="$hz" -v w="$window" -v cr="$(rss "$cwt")" -v hr="$(rss "$htp")" 'BEGIN {
  printf "window %ds at 1 s refresh\n", w
  printf "coworktop  CPU %.2f%% of one core  RSS %.1f MB\n", 100*c/hz/w, cr/1024
  printf "htop -d 10 CPU %.2f%% of one core  RSS %.1f MB\n", 100*h/hz/w, hr/1024
  if (h > 0) printf "ratio coworktop/htop %.2f (bar: below 1)\n", c/h
}'
