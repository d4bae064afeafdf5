#!/usr/bin/env bash
# The Windows lane: the Windows build of coworktop's tests run under Wine 8.
#
#   scripts/wine-lane.sh [PKG...]      (default: the packages below)
#
# It makes a Wine prefix in a temp folder (or reuses $COWORKTOP_WINE_PREFIX),
# puts a ProcessPrng shim in its system32 (Go 1.24+ needs bcryptprimitives.dll,
# which Wine 8 lacks; source in scripts/wine/processprng.c), and runs
# GOOS=windows go test -exec scripts/wine/exec.sh on each package. All test
# binaries share one prefix and so one wineserver: a test's writer and
# follower must, to see each other's share modes. Tests that Wine cannot run
# skip with a reason when COWORKTOP_WINE=1 (set here).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

WINE64=${WINE64:-/usr/lib/wine/wine64}
if ! [ -x "$WINE64" ]; then
  WINE64=$(command -v wine64 || true)
fi
[ -n "$WINE64" ] && [ -x "$WINE64" ] || { echo "wine-lane: wine64 not found (apt-get install wine64)" >&2; exit 1; }
command -v x86_64-w64-mingw32-gcc >/dev/null || { echo "wine-lane: x86_64-w64-mingw32-gcc not found (apt-get install gcc-mingw-w64-x86-64)" >&2; exit 1; }
WINESERVER=${WINESERVER:-$(dirname "$WINE64")/wineserver}
[ -x "$WINESERVER" ] || WINESERVER=$(command -v wineserver || echo wineserver)
export WINE64 WINESERVER

pkgs=("$@")
if [ ${#pkgs[@]} -eq 0 ]; then
  pkgs=(./vocab ./quota ./host ./event ./record ./internal/ring ./governor ./ingest ./render ./config ./redact ./journal ./sources ./sources/follow ./sources/records ./sources/quota ./sources/machine ./internal/testfs ./launch ./notify)
fi

scratch=$(mktemp -d)
if [ -n "${COWORKTOP_WINE_PREFIX:-}" ]; then
  export WINEPREFIX=$COWORKTOP_WINE_PREFIX
else
  export WINEPREFIX=$scratch/prefix
fi
cleanup() {
  "$WINESERVER" -k >/dev/null 2>&1 || true
  rm -rf "$scratch"
}
trap cleanup EXIT

export WINEDEBUG=-all WINEARCH=win64 WINEDLLOVERRIDES="mscoree,mshtml=" # no Mono/Gecko prompts
export COWORKTOP_WINE=1
start=$(date +%s)

if ! [ -f "$WINEPREFIX/system.reg" ]; then
  echo "wine-lane: making a prefix ($("$WINE64" --version))"
  "$WINE64" wineboot --init >/dev/null 2>&1
  "$WINESERVER" -w
fi
sys32=$WINEPREFIX/drive_c/windows/system32
x86_64-w64-mingw32-gcc -O2 -shared -Wl,--kill-at -o "$sys32/bcryptprimitives.dll" \
  scripts/wine/processprng.c -ladvapi32
# One wineserver for the whole lane, with Wine's own services (services.exe,
# explorer, winedevice) started here, their output to /dev/null: a test
# binary that started them would hand them its output pipe, and go test
# then waits a minute for it and fails ("Test I/O incomplete").
"$WINESERVER" -p >/dev/null 2>&1
"$WINE64" wineboot >/dev/null 2>&1 </dev/null
echo "wine-lane: prefix ready in $(( $(date +%s) - start )) s; ProcessPrng shim in system32"

log=$scratch/test.log
status=0
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go test -count=1 -v \
  -exec "$root/scripts/wine/exec.sh" "${pkgs[@]}" >"$log" 2>&1 || status=$?

# The failures and skips in full, then one line per package.
echo "wine-lane: skipped under Wine, with the reason each test gives:"
# go test -v prints a test's t.Skip line just before its "--- SKIP" line.
awk '/^[[:space:]]+[^[:space:]]+\.go:[0-9]+: / { last=$0; sub(/^[[:space:]]+/, "", last) }
     /^[[:space:]]*--- SKIP/ { print "  " $3 ": " last; last="" }' "$log" | sort -u
echo
echo "wine-lane: per package"
grep -E '^(ok|FAIL|---|\?)[[:space:]]' "$log" | grep -v -- '^---' || true
# The tests that prove a Windows behaviour, with what each shows: the lane
# says how each went, and fails if one did not run (renamed or skipped).
proofs=(
  "TestFollowNodeRotationOntoHeld|W1: Node-style renames of the held main.log and onto rotated generations while the follower runs: none refused, 0 lost, 0 repeated"
  "TestListDirIdentityMatchesHandle|W9: a file's identity read from the folder listing is its open handle's, across a rename"
  "TestOpenLogRegularReadOnly|a log opens read-only: a write through it fails"
  "TestDiscoverWindowsEveryFolder|W4/W5: every Windows log folder probed, the newest main.log chosen"
  "TestDiscoverServiceLog|W4: cowork-service.log found in ProgramData"
  "TestWindowsListerOwnProcess|the Windows process lister finds this process"
  "TestSampleHostReal|the Windows host reader: total and available memory (Wine has no paging-file figures: swap unknown)"
)
if [ $# -eq 0 ]; then
  echo
  echo "wine-lane: the Windows proofs"
  for p in "${proofs[@]}"; do
    name=${p%%|*} what=${p#*|}
    result=$(grep -E -- "^--- (PASS|FAIL|SKIP): $name " "$log" | head -1 | awk '{print $2, $4}' | tr -d ':')
    if [ -z "$result" ]; then
      result="DID NOT RUN"
      status=1
    elif [[ $result == SKIP* ]]; then
      status=1
    fi
    echo "  $name: $result  ($what)"
    # and what it logged (a test's t.Log lines follow its === RUN line)
    awk -v run="=== RUN   $name" '$0 == run { on=1; next } /^(=== |--- )/ { on=0 }
      on && /^    [^ ]+\.go:[0-9]+: / { sub(/^    /, ""); print "      " $0 }' "$log" | head -3
  done
fi
if [ $# -eq 0 ]; then
  echo
  echo "wine-lane: the Windows build end to end (scripts/wine/e2e.sh)"
  scripts/wine/e2e.sh || status=1
fi
echo
passed=$(grep -c -- '^[[:space:]]*--- PASS' "$log" || true)
skipped=$(grep -c -- '^[[:space:]]*--- SKIP' "$log" || true)
failed=$(grep -c -- '^[[:space:]]*--- FAIL' "$log" || true)
echo "wine-lane: $passed passed, $skipped skipped, $failed failed (subtests included) in $(( $(date +%s) - start )) s"
if [ "$status" -ne 0 ]; then
  echo "wine-lane: FAILED; the full log follows"
  cat "$log"
fi
exit "$status"
