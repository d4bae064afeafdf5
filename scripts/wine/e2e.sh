#!/usr/bin/env bash
# End-to-end checks of the Windows build under Wine, run by
# scripts/wine-lane.sh in its prefix (WINEPREFIX, WINE64 set there): the
# real discovery, with Wine's own %LOCALAPPDATA% and %ProgramData%, and the
# Git Bash check. Prints one line per check; exits 1 if one failed.
set -euo pipefail
: "${WINEPREFIX:?set by scripts/wine-lane.sh}" "${WINE64:?set by scripts/wine-lane.sh}"
cd "$(dirname "$0")/../.."

scratch=$(mktemp -d)
exe=$scratch/coworktop.exe
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go build -o "$exe" .

# Wine's user folders are drive_c/users/<Unix user>.
local_dir=$WINEPREFIX/drive_c/users/$(id -un)/AppData/Local
msix=$local_dir/Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming/Claude/logs
service=$WINEPREFIX/drive_c/ProgramData/Claude/Logs
made=("$local_dir/Packages/Claude_pzs8sxrjxfjjc" "$local_dir/Claude" "$WINEPREFIX/drive_c/ProgramData/Claude")
cleanup() { rm -rf "$scratch" "${made[@]}"; }
trap cleanup EXIT
for d in "${made[@]}"; do
  if [ -e "$d" ]; then echo "wine-e2e: $d exists already; not touching it" >&2; made=(); exit 1; fi
done

# An upgraded MSIX install: the live log in the package's LocalCache, an
# older one left in %LOCALAPPDATA%\Claude\Logs, the VM service's log in
# ProgramData with a coworkd folder beside it.
mkdir -p "$msix" "$local_dir/Claude/Logs" "$service/coworkd"
cp testdata/logs/windows/main.log "$msix/"
cp testdata/logs/windows-service/cowork-service.log "$service/"
: > "$service/coworkd/user-S-1-5-21-1000-1001.log"
printf 'x\n' > "$local_dir/Claude/Logs/main.log"
touch -d '3 days ago' "$local_dir/Claude/Logs/main.log"

failed=0
check() { # check NAME OUTPUT WANT...
  local name=$1 out=$2 want
  shift 2
  for want in "$@"; do
    if ! grep -qF -- "$want" <<<"$out"; then
      echo "  FAIL $name: output lacks: $want"
      printf '%s\n' "$out" | sed 's/^/    | /'
      failed=1
      return
    fi
  done
  echo "  ok   $name"
}

out=$("$WINE64" "$exe" doctor 2>&1 || true)
check "doctor picks the MSIX LocalCache folder over an older Local one (W5)" "$out" \
  'LocalCache\Roaming (builds before the 2026-08-21 move); found' \
  'not used: its newest log was written' \
  'using: C:\users\'
check "doctor reads cowork-service.log from C:\\ProgramData\\Claude\\Logs (W4)" "$out" \
  'cowork vm service log:' "read with the app's logs" 'coworkd: 1 log(s)'
out=$("$WINE64" "$exe" report 2>&1 || true)
check "report without PATH has the VM's size from cowork-service.log (W4)" "$out" \
  '2 CPUs, 4096 MB' 'VM service: 1 start, 1 stop'
set +e
out=$(echo | MSYSTEM=MINGW64 "$WINE64" "$exe" --demo 2>&1)
code=$?
set -e
if [ "$code" -eq 1 ]; then
  check "under Git Bash's mintty the live view stops with one line (W7)" "$out" 'Windows Terminal' 'winpty coworktop'
else
  echo "  FAIL under Git Bash's mintty the live view stops with one line (W7): exit $code"
  failed=1
fi

# N3: the snippet `statusline --install` prints, run through bash -c as Claude
# Code runs it under Git Bash, from a folder whose Windows path holds
# backslashes and a space. Linux bash stands in for Git Bash: a folder named
# C: in its working folder stands in for the drive, and holds, at the path
# the Windows build should print, a script that runs that build with Wine.
win_user=$(id -un)
progs=$WINEPREFIX/drive_c/users/$win_user/AppData/Local/Programs/co\ worktop
made+=("$progs")
mkdir -p "$progs"
cp "$exe" "$progs/coworktop.exe"
out=$("$WINE64" "$progs/coworktop.exe" statusline --install 2>&1 || true)
snippet=$(grep -m1 '"command": ' <<<"$out" | sed 's/^ *"command": //' | python3 -c 'import json,sys; print(json.loads(sys.stdin.read()))' 2>/dev/null || true)
drive=$scratch/bash-cwd/C:
stand_in=$drive/users/$win_user/AppData/Local/Programs/co\ worktop/coworktop.exe
mkdir -p "$(dirname "$stand_in")"
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$WINE64" "$progs/coworktop.exe" > "$stand_in"
chmod +x "$stand_in"
input=$PWD/sources/quota/testdata/quota/statusline-input.json
set +e
line=$(cd "$scratch/bash-cwd" && bash -c "$snippet" < "$input" 2>&1)
code=$?
set -e
if [ "$code" -eq 0 ]; then
  check "the --install snippet runs under bash -c from a path with backslashes and a space (N3): $snippet" "$line" 'coworktop · Opus 4.7'
else
  echo "  FAIL the --install snippet runs under bash -c (N3): exit $code: $snippet"
  printf '%s\n%s\n' "$out" "$line" | sed 's/^/    | /'
  failed=1
fi

# F2: a chained command that hangs is ended with the processes it started,
# through a job object (cmd's TestChainedHangEndsJob, run from cmd/ as go
# test runs it).
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go test -c -o "$scratch/cmd.test.exe" ./cmd
out=$(cd cmd && "$WINE64" "$scratch/cmd.test.exe" -test.run '^TestChainedHangEndsJob$' -test.v 2>&1 < /dev/null || true)
check "statusline --chain: a command that hangs is ended with its child at the time limit, through a job object (F2)" "$out" \
  '--- PASS: TestChainedHangEndsJob'
# Issue 52 items 4 and 8: coworktop killed (TerminateProcess) ends the
# chained command's processes (the job kills on close); without sh the
# command goes to cmd.exe unparsed (`echo "a b"` prints "a b" in quotes, a
# quoted script in a folder with a space runs with its quoted arguments).
out=$(cd cmd && "$WINE64" "$scratch/cmd.test.exe" -test.run '^(TestChainedJobKilledOnClose|TestChainWithoutShQuotesAsCmd)$' -test.v 2>&1 < /dev/null || true)
check "statusline --chain: coworktop killed, the chained command's processes end with it (job kill on close)" "$out" \
  '--- PASS: TestChainedJobKilledOnClose'
check "statusline --chain without sh: cmd.exe gets the command unparsed (quotes, a folder with a space)" "$out" \
  '--- PASS: TestChainWithoutShQuotesAsCmd'
exit "$failed"
