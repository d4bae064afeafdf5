#!/usr/bin/env bash
# Times `coworktop statusline` as Claude Code runs it (sh -c, the JSON on
# stdin), with a main.log of the given size in its log folder (only its
# tail is read) and the quota recorded to a state file of its own.
# Prints the median and the slowest wall time over the runs.
# Usage: bench/statusline.sh [runs] [log MiB]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
mib=${2:-64}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/coworktop" .
mkdir -p "$work/logs"
go run ./bench/genlog -out "$work/logs/main.log" -mb "$mib" > /dev/null
input=sources/testdata/quota/statusline-input.json
export HOME=$work XDG_CACHE_HOME=$work/cache COWORKTOP_LOG_DIR=$work/logs

# Each round times the status line, then `coworktop --version` the same
# way (the cost of starting the process at all), so a busy machine moves
# both alike.
timed() {
  local into=$1 s e
  shift
  s=$EPOCHREALTIME
  sh -c "$*" < "$input" > "$work/out.$into"
  e=$EPOCHREALTIME
  awk -v s="$s" -v e="$e" 'BEGIN {printf "%.2f\n", (e - s) * 1000}' >> "$work/$into"
}
for _ in $(seq "$runs"); do
  timed ms "'$work/coworktop' statusline"
  timed base "'$work/coworktop' --version"
done
echo "line: $(cat "$work/out.ms")"
median() { sort -n "$1" | awk '{a[NR] = $1} END {m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "median %.1f ms, slowest %.1f ms", m, a[NR]}'; }
echo "statusline: $runs runs, $(median "$work/ms"); coworktop --version: $(median "$work/base")"
