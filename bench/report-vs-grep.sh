#!/usr/bin/env bash
# Compares `coworktop report --json` with `grep -c '\[CliGovernor\]'` on the
# same generated log, side by side in one run. Each round runs both tools on
# both cores, then both pinned to one core (taskset -c 0); the figures are
# medians over the rounds of the per-round ratios, so a neighbour who takes a
# core for a while moves both sides of a ratio alike.
# With -real among the genlog flags, genlog writes a realistic month of logs
# into a folder (main.log, its VM logs, daemon.log); report reads the
# folder and grep every file in it.
# BENCH_LOGS=DIR keeps the generated logs in DIR (by MiB and flags) and uses
# them again on the next run, so repeated runs measure the same bytes.
# Usage: bench/report-vs-grep.sh [MiB] [rounds] [genlog flags, e.g. -every 2.6 -ids 50, or -real -os win32]
set -euo pipefail
cd "$(dirname "$0")/.."
mib=${1:-1024}
rounds=${2:-9}
shift $(($# < 2 ? $# : 2))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/coworktop" .
real=
flags=()
for a in "$@"; do
  if [ "$a" = -real ]; then real=1; else flags+=("$a"); fi
done
logs=$work/logs
if [ -n "${BENCH_LOGS:-}" ]; then
  key=$(printf '%s' "$mib ${real:+real} ${flags[*]}" | tr -c 'A-Za-z0-9.' _)
  logs=$BENCH_LOGS/$key
fi
if [ ! -s "$logs/main.log" ]; then
  mkdir -p "$logs"
  if [ -n "$real" ]; then
    go run ./bench/genlog -real "$logs" -mb "$mib" "${flags[@]}"
  else
    go run ./bench/genlog -out "$logs/main.log" -mb "$mib" "${flags[@]}"
  fi
fi
files=("$logs"/*)
target=$logs/main.log # report reads main.log alone, or the whole folder of a realistic month
[ -z "$real" ] || target=$logs
cat "${files[@]}" > /dev/null # warm the page cache for both tools

# run CMD…: one timed run; appends "wall-seconds cpu-seconds max-rss-KiB".
# grep stops early when its output is /dev/null, so output goes to a file.
run() {
  local into=$1 s e u sy m
  shift
  s=$EPOCHREALTIME
  /usr/bin/time -f '%U %S %M' -o "$work/t" "$@" > "$work/out" || true
  e=$EPOCHREALTIME
  read -r u sy m < "$work/t"
  awk -v s="$s" -v e="$e" -v u="$u" -v sy="$sy" -v m="$m" 'BEGIN {printf "%.4f %.2f %d\n", e - s, u + sy, m}' >> "$work/$into"
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
col() { awk -v c="$2" '{print $c}' "$work/$1"; }
perround() { paste -d' ' "$work/$1" "$work/$2" | awk -v c="$3" -v n="$4" '$(c + n) > 0 {printf "%.4f\n", $c / $(c + n)}'; }
ratios() { perround "$@" | median; }
# quartiles: the first and third quartiles of a list of numbers, as "q1 q3"
# (the medians of the lower and upper halves), to show how far a round
# moves from the median on a shared machine.
quartiles() { sort -g | awk '{a[NR]=$1} END {h=int(NR/2); printf "%s %s\n", med(a, 1, h), med(a, NR-h+1, NR)}
  function med(a, lo, hi,  n) {n=hi-lo+1; if (n<1) return a[1]; return (n%2 ? a[lo+(n-1)/2] : (a[lo+n/2-1]+a[lo+n/2])/2)}'; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for _ in $(seq "$rounds"); do
  run grep2 grep -c '\[CliGovernor\]' "${files[@]}"
  run report2 "$work/coworktop" report --json "$target"
  run grep1 taskset -c 0 grep -c '\[CliGovernor\]' "${files[@]}"
  run report1 taskset -c 0 "$work/coworktop" report --json "$target"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

r2=$(ratios report2 grep2 1 3)   # wall, two cores
read -r q1 q3 < <(perround report2 grep2 1 3 | quartiles)
r2all=$(perround report2 grep2 1 3 | sort -g | paste -sd, -) # every round's ratio, for scale.sh's count under the bar
c2=$(ratios report2 grep2 2 3)   # CPU seconds, two cores
r1=$(ratios report1 grep1 1 3)   # wall, one core
rss=$( (col report2 3; col report1 3) | sort -n | tail -1)
printf 'file: %s MiB (genlog %s), %s files, %s lines, %s [CliGovernor] lines; %s rounds; load average %s before, %s after\n' \
  "$mib" "${*:-default}" "${#files[@]}" "$(cat "${files[@]}" | wc -l)" "$(cat "${files[@]}" | grep -c '\[CliGovernor\]')" "$rounds" "$load_before" "$load_after"
printf 'two cores: grep %ss, report %ss (medians) · ratio %.2f (median of %s; quartiles %.2f–%.2f) · CPU ratio %.2f\n' \
  "$(col grep2 1 | median)" "$(col report2 1 | median)" "$r2" "$rounds" "$q1" "$q3" "$c2"
printf 'one core:  grep %ss, report %ss (medians) · ratio %.2f\n' "$(col grep1 1 | median)" "$(col report1 1 | median)" "$r1"
printf 'report peak RSS %d MB (bar: 64)\n' "$((rss / 1024))"
printf 'RESULT %s %s %s %s %s %s %s\n' "$r2" "$r1" "$c2" "$((rss / 1024))" "$q1" "$q3" "$r2all"
