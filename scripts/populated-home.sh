#!/usr/bin/env bash
# populated-home.sh: run the test suite as it runs on the machine of someone
# who uses coworktop and Claude (issue 40). The tests must each set their own
# HOME, cache and config folders and must not depend on what else runs on
# the machine; this script proves it by giving them the opposite of a clean
# machine:
#   - a HOME whose ~/.cache/coworktop/statusline.json holds a quota reading
#     (written by `coworktop statusline`, as Claude Code's status line does),
#   - a Claude Code session record in ~/.claude/sessions/<pid>.json and a
#     desktop app's record, for a live process,
#   - the Linux app's log folder (~/.config/Claude/logs) with a real-shaped
#     main.log,
#   - a stand-in `claude` running from an app folder
#     (…/Claude/claude-code/<version>/claude), as the desktop app starts it;
# and then runs `go test ./...` once with that HOME and no XDG variables,
# and fails if a test left a process behind.
#
# Usage: scripts/populated-home.sh [go test flags and packages]
# (default: -count=1 ./...). The stand-in process and the folder are
# removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

# Keep Go's own caches where they are: a new HOME would otherwise move
# them and rebuild everything.
export GOCACHE="$(go env GOCACHE)" GOMODCACHE="$(go env GOMODCACHE)" GOPATH="$(go env GOPATH)"

home=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$home"
}
trap cleanup EXIT

unset XDG_CONFIG_HOME XDG_CACHE_HOME XDG_DATA_HOME XDG_STATE_HOME \
  CLAUDE_CONFIG_DIR COWORKTOP_LOG_DIR COWORKTOP_RECORDS_DIR
export HOME="$home"

# The stand-in claude: a copy of sleep under the app's data folder, so the
# process table shows a `claude` whose executable is in
# …/Claude/claude-code/<version>/.
app="$home/.config/Claude"
mkdir -p "$app/claude-code/2.1.290" "$app/logs"
cp "$(command -v sleep)" "$app/claude-code/2.1.290/claude"
"$app/claude-code/2.1.290/claude" 3600 &
pid=$!

# The app's log: a real-shaped main.log (testdata/logs/linux).
cp testdata/logs/linux/main.log "$app/logs/main.log"

# Claude Code's session record for that process, and the desktop app's.
session=local_5f0c2a1e-8b7d-4c3a-9e21-0d6f4b8a7c10
mkdir -p "$home/.claude/sessions" "$app/claude-code-sessions/acct/org"
now_ms=$(($(date +%s) * 1000))
cat >"$home/.claude/sessions/$pid.json" <<EOF
{"pid":$pid,"sessionId":"0b7c9f2e-1d3a-4e5b-8c6d-7f8091a2b3c4","cwd":"$home/proj","startedAt":$now_ms,"version":"2.1.290","kind":"interactive","entrypoint":"claude-desktop","hostSessionId":"$session","status":"waiting","waitingFor":"approve Bash","updatedAt":$now_ms}
EOF
cat >"$app/claude-code-sessions/acct/org/$session.json" <<EOF
{"sessionId":"$session","cwd":"$home/proj","title":"populated home","createdAt":$now_ms,"lastActivityAt":$now_ms}
EOF

# The status line's state file, written the way Claude Code's status line
# writes it: `coworktop statusline` reading the status-line JSON on stdin,
# its resets moved into the future.
bin="$home/bin/coworktop"
CGO_ENABLED=0 go build -o "$bin" .
sed -e 's/1738425600/4102444800/; s/1738857600/4102876800/' sources/quota/testdata/quota/statusline-input.json |
  "$bin" statusline >/dev/null
state="$home/.cache/coworktop/statusline.json"
if [ ! -s "$state" ]; then echo "populated-home: no status-line state file at $state" >&2; exit 1; fi
rm -rf "$home/bin"

echo "populated HOME: $(cd "$home" && find . -type f | sort | tr '\n' ' ')"
echo "stand-in claude: pid $pid, $(readlink "/proc/$pid/exe" 2>/dev/null || echo "$app/claude-code/2.1.290/claude")"

if [ $# -eq 0 ]; then set -- -count=1 ./...; fi
# The tests run in a session of their own, so that any process one of them
# leaves behind is found afterwards, however it was started (its own
# process group included).
setsid go test "$@" &
tests=$!
sid=$(ps -o sid= -p "$tests" | tr -d ' ')
rc=0
wait "$tests" || rc=$?
sleep 3 # a stand-in's watcher exits within 200 ms of its parent
left=$(ps -eo sid=,pid=,args= | awk -v s="$sid" '$1 == s { $1 = ""; print }')
if [ -n "$left" ]; then
  echo "populated-home: processes the tests left behind:" >&2
  echo "$left" >&2
  for p in $(echo "$left" | awk '{print $1}'); do kill "$p" 2>/dev/null || true; done
  [ "$rc" -ne 0 ] || rc=1
fi
exit "$rc"
