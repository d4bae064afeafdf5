#!/usr/bin/env bash
# Idle cost of session records (issue 41, item 3): the live view (in a
# detached 120x40 tmux pane, 1 s refresh) and `serve`, side by side, on a
# log folder that receives no new lines and a records folder holding FILES
# Claude Code records (~/.claude/sessions/<pid>.json): one live session
# waiting on a permission prompt, the rest orphans of dead processes whose
# times are spread over the last 30 days, as a machine that never cleans
# them accumulates. Each round measures CPU (utime+stime over the window, %
# of one core) of both processes, then the same with an empty records
# folder, so the records' own share shows. Prints every round, then the
# medians. Usage:
#   bench/records-idle.sh [files] [seconds] [rounds]      (needs tmux)
# COWORKTOP_REV=<commit> builds that commit instead of the work tree (to
# compare with the code before a change).
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-10000}
window=${2:-30}
rounds=${3:-3}
work=$(mktemp -d)
sessions=()
cleanup() {
  for s in "${sessions[@]}"; do tmux kill-session -t "$s" 2>/dev/null || true; done
  [ -n "${serve_pid:-}" ] && kill "$serve_pid" 2>/dev/null || true
  [ -n "${sleeper:-}" ] && kill "$sleeper" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

if [ -n "${COWORKTOP_REV:-}" ]; then
  git worktree add -q --detach "$work/src" "$COWORKTOP_REV"
  (cd "$work/src" && go build -o "$work/coworktop" .)
  git worktree remove --force "$work/src"
else
  go build -o "$work/coworktop" .
fi
cp -r testdata/logs/macos "$work/logs"

# The records: the live one belongs to a process of this script's.
sleep 100000 &
sleeper=$!
mkdir -p "$work/full/sessions" "$work/empty/sessions"
printf '{"pid":%d,"hostSessionId":"local_live","status":"waiting","waitingFor":"approve Bash","updatedAt":%d}' \
  "$sleeper" "$(($(date +%s) * 1000))" >"$work/full/sessions/$sleeper.json"
python3 - "$work/full/sessions" "$files" <<'EOF'
import os, sys, time
d, n = sys.argv[1], int(sys.argv[2])
now = time.time()
for i in range(n - 1):
    pid = 4000000 + i  # above any pid_max: never alive
    p = os.path.join(d, f"{pid}.json")
    with open(p, "w") as f:
        f.write('{"pid":%d,"sessionId":"0b7c%06d","hostSessionId":"local_orphan%d","cwd":"/home/u/p","startedAt":%d,'
                '"procStart":"Fri Sep 11 09:43:48 2026","status":"idle","updatedAt":%d}' % (pid, i, i, int(now*1000), int(now*1000)))
    t = now - 3600 - (i * 30 * 86400.0 / max(1, n))
    os.utime(p, (t, t))
EOF

hz=$(getconf CLK_TCK)
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
port=$((20000 + RANDOM % 20000))

# measure RECORDS: one round's CPU % for the live view and serve, in
# $result ("tui serve"). It runs in this shell, so that the clean-up on exit
# knows its tmux session and its serve.
measure() {
  local recs=$1 name=cwt-rec-$$-$RANDOM
  sessions+=("$name")
  tmux new-session -d -s "$name" -x 120 -y 40 \
    "COWORKTOP_RECORDS_DIR=$recs $work/coworktop --log-dir $work/logs --refresh 1s"
  COWORKTOP_RECORDS_DIR=$recs "$work/coworktop" serve --metrics-addr "127.0.0.1:$port" --log-dir "$work/logs" >/dev/null 2>&1 &
  serve_pid=$!
  sleep 8 # warm-up: backfill, first readings of every record
  local tui s0 t0 s1 t1
  tui=$(tmux display -p -t "$name" '#{pane_pid}')
  t0=$(ticks "$tui"); s0=$(ticks "$serve_pid")
  sleep "$window"
  t1=$(ticks "$tui"); s1=$(ticks "$serve_pid")
  tmux kill-session -t "$name"
  kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true
  serve_pid=
  result=$(awk -v t=$((t1 - t0)) -v s=$((s1 - s0)) -v hz="$hz" -v w="$window" 'BEGIN { printf "%.2f %.2f\n", 100*t/hz/w, 100*s/hz/w }')
}

out=$work/rounds
for r in $(seq "$rounds"); do
  measure "$work/full"
  read -r tf sf <<<"$result"
  measure "$work/empty"
  read -r te se <<<"$result"
  printf 'round %d: %d records: live view %s%%, serve %s%%; no records: live view %s%%, serve %s%%\n' "$r" "$files" "$tf" "$sf" "$te" "$se"
  echo "$tf $sf $te $se" >>"$out"
done
awk -v n="$files" -v w="$window" '
  { tf[NR]=$1; sf[NR]=$2; te[NR]=$3; se[NR]=$4 }
  function med(a, k,   i, j, t, b) { for (i=1;i<=k;i++) b[i]=a[i]; for (i=1;i<=k;i++) for (j=i+1;j<=k;j++) if (b[j]<b[i]) { t=b[i]; b[i]=b[j]; b[j]=t }; return (k%2) ? b[(k+1)/2] : (b[k/2]+b[k/2+1])/2 }
  END {
    printf "medians of %d rounds of %d s, %% of one core (bar: under 1 with %d records)\n", NR, w, n
    printf "  live view: %.2f with %d records, %.2f without\n", med(tf, NR), n, med(te, NR)
    printf "  serve:     %.2f with %d records, %.2f without\n", med(sf, NR), n, med(se, NR)
  }' "$out"
