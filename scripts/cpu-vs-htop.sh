#!/usr/bin/env bash
# Idle cost of the live TUI next to htop, side by side in one run: both in
# detached 120x40 tmux panes at a 1 s refresh, on a log folder that receives
# no new lines. Reports CPU (utime+stime over the window, % of one core) and
# RSS for each. Usage: scripts/cpu-vs-htop.sh [seconds] [sessions]
# (needs tmux, htop). With sessions N > 0 it first starts N stand-in desktop
# sessions (a claude under .../Claude/claude-code/<version>/, each with 14
# children standing for MCP servers and tools: 15 N processes), writes a
# session record naming each one's pid and a main.log starting them, so the
# live view joins every session to its processes on each scan (issue 38:
# 20 sessions, 300 processes).
set -euo pipefail
cd "$(dirname "$0")/.."
window=${1:-60}
sessions=${2:-0}
work=$(mktemp -d)
loadpids=()
cleanup() {
  tmux kill-session -t cwt-cpu 2>/dev/null || true
  tmux kill-session -t htop-cpu 2>/dev/null || true
  for p in "${loadpids[@]}"; do kill -- "-$p" 2>/dev/null || kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
go build -o "$work/coworktop" .
flags=""
if [ "$sessions" -gt 0 ]; then
  cli="$work/Claude/claude-code/2.1.284"
  mkdir -p "$cli" "$work/bin" "$work/logs" "$work/records/sessions"
  cp "$(command -v sh)" "$cli/claude"
  cp "$(command -v sleep)" "$work/bin/node"
  now() { date -d "-$1 seconds" '+%Y-%m-%d %H:%M:%S'; }
  { echo "$(now 1800) [info] Starting app {"; echo "  appVersion: '2.110.0',"; echo "  platform: 'linux',"; echo "}"; } > "$work/logs/main.log"
  for i in $(seq 1 "$sessions"); do
    id=$(printf 'local_%08x-0000-4000-8000-%012x' "$i" "$i")
    kids=""
    for _ in $(seq 1 14); do kids="$kids $work/bin/node 100000 &"; done
    setsid "$cli/claude" -c "$kids wait" </dev/null >/dev/null 2>&1 &
    loadpids+=("$!")
    printf '{"pid":%d,"hostSessionId":"%s","status":"idle"}\n' "$!" "$id" > "$work/records/sessions/$!.json"
    echo "$(now $((1700 - i * 60))) [info] Starting local session $id in /home/u/project-$i" >> "$work/logs/main.log"
  done
  flags="--records-dir $work/records"
  sleep 1
  echo "load: $sessions sessions, $(pgrep -c -f "$work/(bin/node|Claude/)") of their processes, $(ls /proc | grep -c '^[0-9]') processes on the machine"
else
  cp -r testdata/logs/macos "$work/logs"
fi

tmux new-session -d -s cwt-cpu -x 120 -y 40 "${COWORKTOP_ENV:-} $work/coworktop --log-dir $work/logs $flags --refresh 1s"
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
