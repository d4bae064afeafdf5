#!/usr/bin/env bash
# The follower under a file-descriptor limit (issue 29): `coworktop events
# --follow` runs with `ulimit -n 12` while a writer appends governor lines to
# main.log at 20 lines/s and rotates it every 50 lines (main1.log onto
# main2.log, then main.log onto main1.log). Under such a limit listing the
# folder or opening a generation fails now and then (EMFILE); the follower
# must keep what it knows and retry, never take the failure for a deletion.
# Each line carries its own time stamp, so every event names its line: the
# check is that each of the lines written arrived exactly once.
# Usage: scripts/follow-ulimit.sh [lines] [fd-limit]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-300}
limit=${2:-12}
work=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
go build -o "$work/coworktop" .
mkdir "$work/logs"
log=$work/logs
# Line i is stamped 12:00:00 + i seconds: its time names it in the output.
line() { printf '2026-12-01 %02d:%02d:%02d [info] [CliGovernor] at cap; yielding warm spawn\n' $((12 + $1 / 3600)) $(($1 / 60 % 60)) $(($1 % 60)); }
printf '2026-12-01 11:59:59 [info] the writer starts\n' > "$log/main.log"

(ulimit -n "$limit"; exec "$work/coworktop" events --follow "$log") > "$work/out" 2> "$work/err" &
pid=$!
sleep 2 # the follower's first check: what is there now is history
kill -0 "$pid" 2>/dev/null || { echo "follow-ulimit: coworktop stopped under ulimit -n $limit:"; cat "$work/err"; exit 1; }

for i in $(seq 1 "$n"); do
  if [ $((i % 50)) -eq 0 ]; then
    [ -e "$log/main1.log" ] && mv -f "$log/main1.log" "$log/main2.log"
    mv -f "$log/main.log" "$log/main1.log"
  fi
  line "$i" >> "$log/main.log"
  sleep 0.05
done
sleep 3
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
pid=

grep -o '"time":"2026-12-01T[^"]*"' "$work/out" | sort | uniq -c > "$work/counts" || true
got=$(wc -l < "$work/counts")
repeated=$(awk '$1 > 1 { r += $1 - 1 } END { print r + 0 }' "$work/counts")
lost=$((n - got))
echo "follow-ulimit: ulimit -n $limit, $n lines, rotated every 50: $got arrived, $lost lost, $repeated repeated ($(wc -l < "$work/out") events)"
if [ -s "$work/err" ]; then
  echo "follow-ulimit: coworktop's stderr:"
  cat "$work/err"
fi
[ "$lost" -eq 0 ] && [ "$repeated" -eq 0 ]
