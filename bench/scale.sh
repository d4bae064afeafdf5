#!/usr/bin/env bash
# The speed bars of report against grep, one log after another: three
# realistic months of logs (genlog -real: app restarts, 1.x and 2.x lines,
# CRLF, multi-line objects, the VM logs and daemon.log) — sparse on macOS,
# dense on Windows, dense with many session ids — then the generator's
# three older logs: its default file, a dense log, and a dense log that
# names a new session every 50 entries. Prints a table of medians of
# per-round ratios, their quartiles and how many rounds were at or under
# each bar. WHICH is all (the default), real or old.
# BENCH_LOGS=DIR keeps the generated logs for the next run (report-vs-grep.sh).
# Usage: bench/scale.sh [rounds] [MiB for the sparse logs] [MiB for the dense ones] [WHICH]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-9}
big=${2:-1024}
dense=${3:-400}
which=${4:-all}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

row() {
  local name=$1 bar=$2 mib=$3
  shift 3
  bash bench/report-vs-grep.sh "$mib" "$rounds" "$@" | tee -a "$out" >&2
  set -- $(grep '^RESULT' "$out" | tail -1)
  local under
  under=$(tr ',' '\n' <<< "$8" | awk -v bar="$bar" '$1 <= bar {u++} END {printf "%d of %d", u, NR}')
  printf '| %s | %s | %.2f | %.2f–%.2f | %s | %.2f | %.2f | %s |\n' "$name" "$bar" "$2" "$6" "$7" "$under" "$3" "$4" "$5" >> "$out.table"
}
: > "$out.table"
if [ "$which" != old ]; then
row "realistic sparse: a month on macOS, ${big} MiB (-every 10)" 1.2 "$big" -real
row "realistic dense: a month on Windows (CRLF), ${dense} MiB (-every 2.6)" 2.0 "$dense" -real -os win32 -every 2.6
row "realistic, many ids: a month on macOS, ${dense} MiB (-every 2.6, a new session every 50 entries)" 2.5 "$dense" -real -every 2.6 -ids 50
fi
if [ "$which" != real ]; then
row "generator default, ${big} MiB (1 event in 10 entries)" 1.2 "$big"
row "dense, ${dense} MiB (1 in 2.6)" 2.0 "$dense" -every 2.6
row "dense, new session id every 50 entries, ${dense} MiB" 2.5 "$dense" -every 2.6 -ids 50
fi
echo
echo '| log | bar | report/grep, 2 cores (median) | quartiles | rounds at or under the bar | 1 core (taskset -c 0) | CPU, 2 cores | peak RSS MB |'
echo '|---|---|---|---|---|---|---|---|'
cat "$out.table"
rm -f "$out.table"
