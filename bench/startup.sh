#!/usr/bin/env bash
# Times `coworktop` (the live view) from its start to its first frame, with
# a month of logs in its folders: genlog -real's month, main.log rotated at
# 10 MiB as the app does (main.log, main1.log … mainN.log), the VM logs,
# and daemon.log in the Claude Code folder (CLAUDE_CONFIG_DIR). Each run
# starts coworktop on a fresh 120x40 pseudo-terminal (bench/firstframe.py,
# which answers the terminal's queries as a terminal does) and stops the
# clock when the first frame's Sessions pane has been drawn; it counts the
# first frames that showed a log still in "backfill". Then, in tmux (whose
# own start is inside the figure), the time until the screen shows the
# backfill done (the header's log line with its line count, none still in
# "backfill"; the text it waits for is $shown, below),
# polled every 5 ms, at most 5 s. Two months are timed: the app restarted every few MB
# (as a month of updates and relaunches writes it: the backfill reads from
# the last start), and an app that has run since the month began (no start
# in the last 32 MB: the backfill reads its whole window).
# Prints, for each, the median, quartiles, min and max of both times, the
# median CPU time (user and system) used by the first frame, and how many
# first frames showed a backfill under way, over ROUNDS runs.
# Usage: bench/startup.sh [ROUNDS] [MiB of logs]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-21}
mib=${2:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v python3 > /dev/null || { echo "startup.sh: needs python3" >&2; exit 2; }

go build -o "$work/coworktop" .
mkdir -p "$work/home"
for month in restarts longrun; do
  app=4
  [ "$month" = restarts ] || app=$((mib * 2))
  go run ./bench/genlog -real "$work/$month/logs" -mb "$mib" -rotate 10 -app-every "$app"
  mkdir -p "$work/$month/claude"
  mv "$work/$month/logs/daemon.log" "$work/$month/claude/"
  cat "$work/$month"/logs/* "$work/$month"/claude/* > /dev/null # warm the page cache
done

quartiles() { sort -g | awk '{a[NR]=$1} END {h=int(NR/2); printf "median %s ms (quartiles %s–%s, min %s, max %s)", med(a,1,NR), med(a,1,h), med(a,NR-h+1,NR), a[1], a[NR]}
  function med(a, lo, hi,  n) {n=hi-lo+1; if (n<1) return a[1]; return (n%2 ? a[lo+(n-1)/2] : (a[lo+n/2-1]+a[lo+n/2])/2)}'; }

# shown is the text the screen shows for a log read to its end, in the
# header's log line ("main.log following (1,234 lines, newest line 14:02)");
# a log still being read says "backfill" instead. ui/startup_bench_test.go
# reads this line and fails when the screen no longer shows it.
shown='lines, newest line'

# datashown MONTH: ms from starting tmux with coworktop until its screen
# shows the backfill done ($shown on a log, no "backfill" left), polled
# every 5 ms; nan after 5 s.
datashown() {
  local sock=coworktop-startup-$$-$RANDOM s e screen found=
  s=$EPOCHREALTIME
  tmux -L "$sock" new-session -d -x 120 -y 40 \
    "env HOME=$work/home CLAUDE_CONFIG_DIR=$work/$1/claude TERM=xterm-256color $work/coworktop --log-dir $work/$1/logs" ||
    { echo nan; return; }
  while awk -v s="$s" -v n="$EPOCHREALTIME" 'BEGIN {exit !(n - s < 5)}'; do
    screen=$(tmux -L "$sock" capture-pane -p 2> /dev/null || true)
    if [[ $screen == *"$shown"* && $screen != *backfill* ]]; then
      found=1
      break
    fi
    sleep 0.005
  done
  e=$EPOCHREALTIME
  tmux -L "$sock" kill-server 2> /dev/null || true
  if [ -n "$found" ]; then
    awk -v s="$s" -v e="$e" 'BEGIN {printf "%.1f\n", (e - s) * 1000}'
  else
    echo nan
  fi
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for month in restarts longrun; do
  : > "$work/$month.times"
  for _ in $(seq "$rounds"); do
    HOME=$work/home CLAUDE_CONFIG_DIR=$work/$month/claude TERM=xterm-256color FIRSTFRAME_FLAG=" backfill" \
      python3 bench/firstframe.py "Sessions" 10 120 40 \
      "$work/coworktop" --log-dir "$work/$month/logs" >> "$work/$month.times"
  done
  : > "$work/$month.data"
  if command -v tmux > /dev/null; then
    for _ in $(seq "$rounds"); do
      datashown "$month" >> "$work/$month.data"
    done
  fi
  files=$(ls "$work/$month/logs" | wc -l)
  case $month in
  restarts) what="a month with an app start every few MB" ;;
  *) what="an app running all month (no start in the backfill's 32 MB)" ;;
  esac
  printf '%s (%s MiB, %s files + daemon.log), %s runs:\n  first frame %s; CPU by then %s ms (median); %s of %s showed a backfill under way\n  backfill shown (tmux) %s\n' \
    "$what" "$mib" "$files" "$rounds" "$(cut -d' ' -f1 "$work/$month.times" | quartiles)" \
    "$(cut -d' ' -f2 "$work/$month.times" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" \
    "$(awk '$3 == 1' "$work/$month.times" | wc -l)" "$rounds" \
    "$(if [ -s "$work/$month.data" ]; then quartiles < "$work/$month.data"; else echo "not measured (no tmux)"; fi)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
