#!/usr/bin/env bash
# Compares `coworktop report` with `grep -c '\[CliGovernor\]'` on the same
# large log, side by side in one run: alternating runs, medians, the ratio,
# and report's peak resident memory. Usage: bench/report-vs-grep.sh [MiB] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
mib=${1:-1024}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/coworktop" .
go run ./bench/genlog -out "$work/main.log" -mb "$mib"
cat "$work/main.log" > /dev/null # warm the page cache for both tools

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
: > "$work/grep.t"; : > "$work/report.t"; : > "$work/report.rss"
for _ in $(seq "$runs"); do
  # grep stops early when its output is /dev/null, so its count goes to a file.
  /usr/bin/time -f '%e' -o "$work/t" grep -c '\[CliGovernor\]' "$work/main.log" > "$work/grep.out" || true
  cat "$work/t" >> "$work/grep.t"
  /usr/bin/time -f '%e %M' -o "$work/t" "$work/coworktop" report "$work/main.log" > "$work/report.out"
  awk '{print $1}' "$work/t" >> "$work/report.t"
  awk '{print $2}' "$work/t" >> "$work/report.rss"
done
g=$(median < "$work/grep.t"); r=$(median < "$work/report.t"); rss=$(sort -n "$work/report.rss" | tail -1)
printf 'file: %s MiB, %s lines, %s [CliGovernor] lines\n' "$mib" "$(wc -l < "$work/main.log")" "$(cat "$work/grep.out")"
printf 'grep -c median %ss · report median %ss · ratio %.2f (bar: 1.50) · report peak RSS %d MB (bar: 64)\n' \
  "$g" "$r" "$(awk -v r="$r" -v g="$g" 'BEGIN{print r/g}')" "$((rss / 1024))"
