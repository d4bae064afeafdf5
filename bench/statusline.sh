#!/usr/bin/env bash
# Times `coworktop statusline` as Claude Code runs it (sh -c, the JSON on
# stdin) side by side with `coworktop --version` (a bare start of the same
# binary), first from one caller, then from CALLERS callers at once (as
# many sessions' status lines refreshing together). Each caller alternates
# the two, so load moves both alike. The log folder holds a realistic month
# (genlog -real, main.log rotated at 10 MiB); the quota is recorded to the
# status line's own state file, in a cache folder of its own.
# Prints, per mode, the median and p99 wall time of each and the
# differences, then the CPU time (task-clock, perf stat) of each, which no
# other load on the machine moves. It does so for two builds of this
# checkout: `go build`'s (what `go install` makes: dynamically linked where
# a C compiler is present) and the release archives' (CGO_ENABLED=0
# -trimpath -ldflags '-s -w', as .goreleaser.yaml builds them: static).
# Usage: bench/statusline.sh [rounds per caller] [callers] [log MiB]
# BIN=path times that one build instead.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-50}
callers=${2:-20}
mib=${3:-64}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A Go hello-world, the floor of a bare start (built like the release).
mkdir -p "$work/hello"
printf 'package main\n\nimport "os"\n\nfunc main() { os.Stdout.WriteString("hello\\n") }\n' > "$work/hello/main.go"
printf 'module hello\n\ngo 1.22\n' > "$work/hello/go.mod"
(cd "$work/hello" && CGO_ENABLED=0 go build -trimpath -ldflags '-s -w' -o "$work/hello-world" .)
builds=()
if [ -n "${BIN:-}" ]; then
  builds=("$BIN")
else
  go build -o "$work/go-build" .
  CGO_ENABLED=0 go build -trimpath -ldflags '-s -w' -o "$work/release" .
  builds=("$work/go-build" "$work/release")
fi
go run ./bench/genlog -real "$work/logs" -mb "$mib" -rotate 10 > /dev/null
cat "$work"/logs/* > /dev/null # warm the page cache
input=$work/input.json
cp sources/quota/testdata/quota/statusline-input.json "$input"
export HOME=$work/home XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config COWORKTOP_LOG_DIR=$work/logs
mkdir -p "$HOME"

# caller N: ROUNDS pairs, each call's wall time in ms appended to
# $work/N.line and $work/N.bare.
caller() {
  local n=$1 s e
  for _ in $(seq "$rounds"); do
    s=$EPOCHREALTIME
    sh -c "'$bin' statusline" < "$input" > /dev/null
    e=$EPOCHREALTIME
    echo "$s $e" >> "$work/$n.line"
    s=$EPOCHREALTIME
    sh -c "'$bin' --version" < "$input" > /dev/null
    e=$EPOCHREALTIME
    echo "$s $e" >> "$work/$n.bare"
    s=$EPOCHREALTIME
    sh -c "'$work/hello-world'" < "$input" > /dev/null
    e=$EPOCHREALTIME
    echo "$s $e" >> "$work/$n.hello"
  done
}
# stats FILE...: "median M ms, p99 P ms" of the calls in the files.
stats() {
  cat "$@" | awk '{printf "%.3f\n", ($2 - $1) * 1000}' | sort -g |
    awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; p = a[int(NR*0.99 + 0.999)]; printf "%.1f %.1f %d", m, p, NR}'
}
report() { # report MODE
  read -r lm lp ln <<< "$(stats "$work"/*.line)"
  read -r bm bp _ <<< "$(stats "$work"/*.bare)"
  read -r hm hp _ <<< "$(stats "$work"/*.hello)"
  echo "$1: $ln calls each; statusline median $lm ms, p99 $lp ms; --version median $bm ms, p99 $bp ms;" \
    "above a bare start: median $(awk -v a="$lm" -v b="$bm" 'BEGIN{printf "%+.1f", a-b}') ms, p99 $(awk -v a="$lp" -v b="$bp" 'BEGIN{printf "%+.1f", a-b}') ms;" \
    "hello-world median $hm ms, p99 $hp ms: the bare start above it by $(awk -v a="$bm" -v b="$hm" 'BEGIN{printf "%+.1f", a-b}') ms at the median"
  rm -f "$work"/*.line "$work"/*.bare "$work"/*.hello
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null)"
for bin in "${builds[@]}"; do
  echo "== $(basename "$bin") ($(file -b "$bin" 2> /dev/null | grep -o 'statically linked\|dynamically linked' || echo "?"))"
  "$bin" statusline < "$input" # the first run looks at the log folder; its line
  caller 1
  report "1 caller"
  for n in $(seq "$callers"); do caller "$n" & done
  wait
  report "$callers callers at once"

  if command -v perf > /dev/null && perf stat -x, -e task-clock true 2> /dev/null; then
    # The input redirected inside sh -c: each of the runs reads it afresh.
    cpu() { perf stat -x, -r "$rounds" -e task-clock sh -c "$1 < '$input'" 2>&1 > /dev/null | awk -F, '/task-clock/ {printf "%.1f", $1}'; }
    l=$(cpu "'$bin' statusline") b=$(cpu "'$bin' --version") h=$(cpu "'$work/hello-world'")
    echo "CPU (task-clock, mean of $rounds, sh included): statusline $l ms, --version $b ms, hello-world $h ms;" \
      "above a bare start $(awk -v a="$l" -v b="$b" 'BEGIN{printf "%+.1f", a-b}') ms, bare start above hello-world $(awk -v a="$b" -v b="$h" 'BEGIN{printf "%+.1f", a-b}') ms"
  fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null)"
