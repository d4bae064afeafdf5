#!/usr/bin/env bash
# Compares the CPU time of two coworktop binaries on the same generated log:
# `report --json`, the two run alternately so a busy neighbour slows both
# alike. Prints per binary the median and quartiles of user+sys seconds and
# the median peak RSS. CPU time, not wall time: on a shared machine it moves
# far less with the load.
# Usage: bench/ab-cpu.sh OLD-BINARY NEW-BINARY [MiB] [rounds] [genlog flags, e.g. -every 2.6]
# (build the old one from a checkout of the commit before, with go build -o).
set -euo pipefail
old=$(realpath "$1")
new=$(realpath "$2")
cd "$(dirname "$0")/.."
mib=${3:-400}
rounds=${4:-21}
shift $(($# < 4 ? $# : 4))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go run ./bench/genlog -out "$work/main.log" -mb "$mib" "$@"
cat "$work/main.log" > /dev/null # warm the page cache
for _ in $(seq "$rounds"); do
  for b in old new; do
    bin=$old
    [ "$b" = new ] && bin=$new
    /usr/bin/time -f '%U %S %M' -o "$work/t" "$bin" report --json "$work/main.log" > /dev/null
    awk -v b="$b" '{print b, $1 + $2, $3}' "$work/t" >> "$work/runs"
  done
done
printf 'file: %s MiB (genlog %s), %s rounds, load average at the end %s\n' "$mib" "${*:-default}" "$rounds" "$(cut -d' ' -f1-3 /proc/loadavg)"
for b in old new; do
  awk -v b="$b" '$1 == b {print $2}' "$work/runs" | sort -g |
    awk -v b="$b" '{a[NR] = $1} END {printf "%s: CPU median %.2f s (quartiles %.2f-%.2f)", b, a[int((NR + 1) / 2)], a[int((NR + 3) / 4)], a[int((3 * NR + 1) / 4)]}'
  awk -v b="$b" '$1 == b {print $3}' "$work/runs" | sort -g | awk '{a[NR] = $1} END {printf ", peak RSS median %d MB\n", a[int((NR + 1) / 2)] / 1024}'
done
