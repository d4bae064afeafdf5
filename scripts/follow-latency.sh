#!/usr/bin/env bash
# Latency of a new log line through the live pipeline, at the default
# settings: `coworktop events --follow` on a log folder, 50 governor lines
# appended to main.log one at a time (open, append, close, as the app
# writes), 50-150 ms apart so they fall anywhere between two beats. A line's
# latency is from just before its write to the moment its event is read
# from coworktop's output. Reports the median and p90, and fails if the
# median is 50 ms or more. Then, with tmux, the same for the live screen: the
# time until the status line's line count changes, polled with capture-pane
# (each poll costs a few ms, so this figure is an upper bound).
# Usage: scripts/follow-latency.sh [appends]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-50}
work=$(mktemp -d)
pid=
T="tmux -L coworktop-latency"
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; $T kill-server 2>/dev/null; rm -rf "$work"' EXIT
go build -o "$work/coworktop" .
mkdir "$work/logs"
log="$work/logs/main.log"
yield() { printf '2026-12-01 12:00:%02d [info] [CliGovernor] at cap; yielding warm spawn\n' $(($1 % 60)); }
yield 0 > "$log"

# Every line of output, stamped when it is read (bash's clock: no fork).
stamp() { while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done; }
"$work/coworktop" events --follow "$work/logs" > >(stamp > "$work/out") 2> "$work/err" &
pid=$!

# Wait until following has begun: lines written before that are history,
# read quietly by the backfill. Append until one comes through.
i=1
until grep -q "\"line\":$i," "$work/out" 2>/dev/null; do
  i=$((i + 1))
  [ "$i" -gt 100 ] && { echo "follow-latency: no event from coworktop"; cat "$work/err"; exit 1; }
  yield "$i" >> "$log"
  sleep 0.1
done

: > "$work/sent"
for i in $(seq $((i + 1)) $((i + n))); do
  t=$EPOCHREALTIME
  yield "$i" >> "$log"
  echo "$i $t" >> "$work/sent"
  sleep "$(printf '0.%03d' $((RANDOM % 100 + 50)))"
done
sleep 0.5

awk -v n="$n" '
  NR == FNR { sent[$1] = $2; next }
  match($0, /"line":[0-9]+/) {
    l = substr($0, RSTART + 7, RLENGTH - 7)
    if ((l in sent) && !(l in got)) { got[l] = $1; lat[++k] = ($1 - sent[l]) * 1000 }
  }
  END {
    if (k < n) { printf "follow-latency: %d of %d lines arrived\n", k, n; exit 1 }
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (lat[j] < lat[i]) { t = lat[i]; lat[i] = lat[j]; lat[j] = t }
    med = (k % 2) ? lat[(k + 1) / 2] : (lat[k / 2] + lat[k / 2 + 1]) / 2
    p90 = lat[int(0.9 * k + 0.999999)]
    printf "follow latency over %d appends, default settings: median %.1f ms, p90 %.1f ms, max %.1f ms\n", k, med, p90, lat[k]
    if (med >= 50) { print "follow-latency: median is not below 50 ms"; exit 1 }
  }' "$work/sent" "$work/out"

command -v tmux >/dev/null || { echo "screen latency: skipped (no tmux)"; exit 0; }
kill "$pid" 2>/dev/null || true; pid=
$T kill-server 2>/dev/null || true
$T new-session -d -s s -x 160 -y 45 "env TERM=xterm-256color '$work/coworktop' --log-dir '$work/logs'"
count() { $T capture-pane -p -t s 2>/dev/null | grep -o 'main.log following ([0-9]* lines' | head -1; }
for _ in $(seq 100); do [ -n "$(count)" ] && break; sleep 0.1; done
[ -n "$(count)" ] || { echo "screen latency: the live screen shows no main.log status"; exit 1; }
: > "$work/screen"
for i in $(seq $((i + 1)) $((i + n))); do
  before=$(count)
  t=$EPOCHREALTIME
  yield "$i" >> "$log"
  polls=0
  for _ in $(seq 2000); do polls=$((polls + 1)); [ "$(count)" != "$before" ] && break; done
  echo "$t $EPOCHREALTIME $polls" >> "$work/screen"
  sleep "$(printf '0.%03d' $((RANDOM % 100 + 50)))"
done
awk '{ lat[NR] = ($2 - $1) * 1000; total += lat[NR]; polls += $3 }
  END {
    per = total / polls
    k = NR
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (lat[j] < lat[i]) { t = lat[i]; lat[i] = lat[j]; lat[j] = t }
    med = (k % 2) ? lat[(k + 1) / 2] : (lat[k / 2] + lat[k / 2 + 1]) / 2
    printf "screen latency over %d appends (live TUI, tmux polling): median %.1f ms, p90 %.1f ms, max %.1f ms (one poll takes %.1f ms here: an upper bound)\n", k, med, lat[int(0.9 * k + 0.999999)], lat[k], per
  }' "$work/screen"
