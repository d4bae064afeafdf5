#!/usr/bin/env bash
# Writes default.pgo, the CPU profile that `go build` and `go install` use
# for profile-guided optimisation (it inlines the hot calls of the per-line
# path that the inliner's budget turns away): `report --json` on the six
# logs bench/scale.sh measures (the three realistic months of genlog -real
# and the generator's three older logs), three runs each, merged. Re-run it
# after a change to ingest or governor's hot paths; a stale profile still
# builds, it only helps less.
# BENCH_LOGS=DIR uses (and keeps) the logs report-vs-grep.sh keeps there.
# Usage: bench/pgo-profile.sh [MiB for the sparse logs] [MiB for the dense ones]
set -euo pipefail
cd "$(dirname "$0")/.."
big=${1:-1024}
dense=${2:-400}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -pgo=off -o "$work/coworktop" .
n=0
# one MiB FLAGS…: the log (or folder) genlog writes for them, made once.
one() {
  local mib=$1 real= flags=() a key logs target
  shift
  for a in "$@"; do
    if [ "$a" = -real ]; then real=1; else flags+=("$a"); fi
  done
  key=$(printf '%s' "$mib ${real:+real} ${flags[*]}" | tr -c 'A-Za-z0-9.' _)
  logs=${BENCH_LOGS:-$work}/$key
  if [ ! -s "$logs/main.log" ]; then
    mkdir -p "$logs"
    if [ -n "$real" ]; then
      go run ./bench/genlog -real "$logs" -mb "$mib" "${flags[@]}"
    else
      go run ./bench/genlog -out "$logs/main.log" -mb "$mib" "${flags[@]}"
    fi
  fi
  target=$logs/main.log
  [ -z "$real" ] || target=$logs
  for run in 1 2 3; do
    n=$((n + 1))
    COWORKTOP_CPUPROFILE="$work/$n.prof" "$work/coworktop" report --json "$target" > /dev/null
  done
}
one "$big" -real
one "$dense" -real -os win32 -every 2.6
one "$dense" -real -every 2.6 -ids 50
one "$big"
one "$dense" -every 2.6
one "$dense" -every 2.6 -ids 50
go tool pprof -proto "$work"/*.prof > default.pgo
echo "default.pgo: $(wc -c < default.pgo) bytes from $(ls "$work"/*.prof | wc -l) profiles"
