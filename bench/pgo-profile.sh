#!/usr/bin/env bash
# Writes default.pgo, the CPU profile that `go build` and `go install` use
# for profile-guided optimisation (it inlines the hot calls of the per-line
# path that the inliner's budget turns away): `report --json` on the three
# logs bench/scale.sh measures, three runs each, merged. Re-run it after a
# change to ingest or governor's hot paths; a stale profile still builds,
# it only helps less.
# Usage: bench/pgo-profile.sh [MiB for the default log] [MiB for the dense ones]
set -euo pipefail
cd "$(dirname "$0")/.."
big=${1:-1024}
dense=${2:-400}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -pgo=off -o "$work/coworktop" .
go run ./bench/genlog -out "$work/default.log" -mb "$big"
go run ./bench/genlog -out "$work/dense.log" -mb "$dense" -every 2.6
go run ./bench/genlog -out "$work/ids.log" -mb "$dense" -every 2.6 -ids 50
for log in default dense ids; do
  for run in 1 2 3; do
    COWORKTOP_CPUPROFILE="$work/$log.$run.prof" "$work/coworktop" report --json "$work/$log.log" > /dev/null
  done
done
go tool pprof -proto "$work"/*.prof > default.pgo
echo "default.pgo: $(wc -c < default.pgo) bytes from $(ls "$work"/*.prof | wc -l) profiles"
