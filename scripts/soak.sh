#!/usr/bin/env bash
# A long soak of the three long-running modes on one rotating log folder
# (issue 29 #8). Not run in CI: the default is 24 hours.
#
#   scripts/soak.sh [DURATION_SECONDS] [OUT_DIR]     (default 86400, a temp dir)
#
# A writer appends governor lines to main.log at 20 lines/s (open, append,
# close, as the app writes) and rotates it every 50 lines the way the app
# does (main1.log onto main2.log, then main.log onto main1.log). Against that
# folder run, at once: the live TUI in tmux (120x40), `serve` on a free port,
# and `events --follow`. Every minute it samples, for each of the three:
# RSS (kB), open descriptors and threads from /proc, and the lines each has
# counted: the TUI's status line ("main.log following (N lines"), serve's
# coworktop_log_lines_read_total and coworktop_log_list_errors_total, and
# events printed, against lines written. Samples go to OUT_DIR/samples.csv.
#
# At the end: each line stamp must have reached `events --follow` exactly
# once, and serve's and the TUI's line counts must equal the lines written
# since they started; RSS growth over the second half is printed for each.
# Linux only (/proc). Needs tmux and curl. scripts/soak-day.sh is the soak
# with the simulated day's rows (records, quota, heap, goroutines).
set -euo pipefail
cd "$(dirname "$0")/.."
dur=${1:-86400}
out=${2:-$(mktemp -d)}
mkdir -p "$out"
work=$(mktemp -d)
T="tmux -L coworktop-soak"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  $T kill-server 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
for tool in tmux curl; do
  command -v "$tool" >/dev/null || { echo "soak: $tool is not installed" >&2; exit 2; }
done
go build -o "$work/coworktop" .
logs=$work/logs
mkdir "$logs"
echo "2026-01-01 00:00:00 [info] soak starts" > "$logs/main.log"

# Line i carries a stamp that names it: 2026-01-01 plus i seconds.
writer() {
  local i=0 t
  while :; do
    i=$((i + 1))
    if [ $((i % 50)) -eq 0 ]; then
      [ -e "$logs/main1.log" ] && mv -f "$logs/main1.log" "$logs/main2.log"
      mv -f "$logs/main.log" "$logs/main1.log"
    fi
    t=$(date -u -d "@$((1767225600 + i))" '+%Y-%m-%d %H:%M:%S')
    echo "$t [info] [CliGovernor] at cap; yielding warm spawn" >> "$logs/main.log"
    echo "$i" > "$work/written.tmp" && mv -f "$work/written.tmp" "$work/written"
    sleep 0.05
  done
}

port_file=$work/port
"$work/coworktop" serve --metrics-addr 127.0.0.1:0 "$logs" > "$work/serve.out" 2> "$work/serve.err" &
pids+=($!); serve_pid=$!
"$work/coworktop" events --follow "$logs" > "$work/events" 2> "$work/events.err" &
pids+=($!); events_pid=$!
$T new-session -d -s soak -x 120 -y 40 "$work/coworktop --log-dir $logs"
sleep 3
tui_pid=$($T list-panes -t soak -F '#{pane_pid}')
# serve prints the address it bound; find the port.
port=$(grep -o '127\.0\.0\.1:[0-9]*' "$work/serve.out" "$work/serve.err" 2>/dev/null | head -1 | sed 's/.*://')
[ -n "$port" ] || { echo "soak: serve did not say its address:" >&2; cat "$work/serve.out" "$work/serve.err" >&2; exit 1; }
echo "$port" > "$port_file"

writer &
pids+=($!); writer_pid=$!

metric() { curl -s "127.0.0.1:$port/metrics" | awk -v m="$1" '$1 == m { print $2; exit }'; }
proc() { # pid -> "rss_kB fds threads"
  local rss thr fds
  rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0)
  thr=$(awk '/^Threads:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0)
  fds=$(ls "/proc/$1/fd" 2>/dev/null | wc -l)
  echo "$rss $fds $thr"
}
tui_lines() { $T capture-pane -p -t soak | grep -o 'main\.log [a-z]* ([0-9]* lines' | grep -o '[0-9]*' | head -1; }

csv=$out/samples.csv
echo "minute,written,tui_rss_kb,tui_fds,tui_threads,tui_lines,serve_rss_kb,serve_fds,serve_threads,serve_lines,serve_list_errors,events_rss_kb,events_fds,events_threads,events_printed" > "$csv"
start=$(date +%s)
minute=0
while [ $(( $(date +%s) - start )) -lt "$dur" ]; do
  sleep 60
  minute=$((minute + 1))
  read -r trss tfd tthr <<< "$(proc "$tui_pid")"
  read -r srss sfd sthr <<< "$(proc "$serve_pid")"
  read -r erss efd ethr <<< "$(proc "$events_pid")"
  echo "$minute,$(cat "$work/written" 2>/dev/null || echo 0),$trss,$tfd,$tthr,$(tui_lines || echo),$srss,$sfd,$sthr,$(metric coworktop_log_lines_read_total),$(metric coworktop_log_list_errors_total),$erss,$efd,$ethr,$(wc -l < "$work/events")" >> "$csv"
done
kill "$writer_pid"; wait "$writer_pid" 2>/dev/null || true
sleep 5
written=$(cat "$work/written")

grep -o '"time":"[^"]*"' "$work/events" | sort | uniq -c > "$work/counts"
got=$(wc -l < "$work/counts")
repeated=$(awk '$1 > 1 { r += $1 - 1 } END { print r + 0 }' "$work/counts")
serve_lines=$(metric coworktop_log_lines_read_total)
tui=$(tui_lines || echo "?")
growth() { # column -> growth of the median of the last quarter over the median of the second quarter, %
  awk -F, -v c="$1" 'NR > 1 { v[++n] = $c } END {
    if (n < 4) { print "n/a"; exit }
    q = int(n / 4); a = 0; b = 0
    for (i = q + 1; i <= 2 * q; i++) a += v[i]
    for (i = n - q + 1; i <= n; i++) b += v[i]
    printf "%+.1f %%", (b - a) / a * 100 }' "$csv"
}
{
  echo "soak: $((dur / 60)) min, $written lines written (20/s, rotated every 50)"
  echo "events --follow: $got of $written stamps arrived, $((written - got)) lost, $repeated repeated"
  echo "serve: coworktop_log_lines_read_total $serve_lines (written $written, plus the first line before the start), list errors $(metric coworktop_log_list_errors_total)"
  echo "TUI status line: $tui lines"
  echo "RSS growth, second quarter to last: TUI $(growth 3), serve $(growth 7), events $(growth 12)"
  echo "samples: $csv"
} | tee "$out/summary.txt"
[ "$got" -eq "$written" ] && [ "$repeated" -eq 0 ]
