#!/usr/bin/env bash
# The real-time soak (issue 52 #3): the simulated day's test
# (TestSimulatedDay) at the wall clock's pace, with the same rows every ten
# minutes: the live view in tmux, `serve` and `events --follow` on one log
# folder, a writer of real line shapes with rotations and app restarts,
# session records created, changed and deleted, the status line every five
# seconds. Lines written, read, lost and repeated; per process RSS, Go
# heap, goroutines, CPU, threads and descriptors; what serve's model holds.
#
#   scripts/soak-day.sh [HOURS] [OUT_DIR]   (default 2 hours, a temp dir)
#
# The code is the commit checked out now, copied (git archive) so that
# edits during the run cannot change what runs. COWORKTOP_SIMDAY_RESTART
# (default 30m) is the app's restart period, COWORKTOP_SIMDAY_SPEED (default
# 1) its pace. The load average is sampled
# beside the rows (OUT_DIR/loadavg). Linux only; needs go and tmux.
set -euo pipefail
cd "$(dirname "$0")/.."
hours=${1:-2}
out=${2:-$(mktemp -d)}
mkdir -p "$out"
commit=$(git rev-parse HEAD)
src=$out/src
rm -rf "$src" && mkdir -p "$src"
git archive "$commit" | tar -x -C "$src"
(cd "$src" && go test -c -o "$out/cmd.test" ./cmd)
echo "$commit" > "$out/commit"
(while :; do echo "$(date -u +%FT%TZ) $(cat /proc/loadavg)" >> "$out/loadavg"; sleep 600; done) &
sampler=$!
trap 'kill "$sampler" 2>/dev/null || true' EXIT
rc=0
(cd "$src/cmd" && COWORKTOP_SIMDAY="$hours" COWORKTOP_SIMDAY_SPEED="${COWORKTOP_SIMDAY_SPEED:-1}" \
	COWORKTOP_SIMDAY_RESTART="${COWORKTOP_SIMDAY_RESTART:-30m}" \
	"$out/cmd.test" -test.run '^TestSimulatedDay$' -test.v -test.count=1 \
	-test.timeout "$((hours * 60 + 30))m") > "$out/test.log" 2>&1 || rc=$?
grep 'RELIABILITY\|^--- \|^\(ok\|FAIL\|PASS\)' "$out/test.log" | tee "$out/summary.txt"
echo "commit $commit, exit $rc, log $out/test.log"
exit "$rc"
