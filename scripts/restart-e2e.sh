#!/usr/bin/env bash
# restart-e2e.sh: coworktop started right after an update restart still
# sees the last hour, and its four outputs tell one story (issue 23).
#
# It writes a log folder with the app's real line shapes, stamped relative
# to now: a run that logged its cap, evicted a session and logged memory
# pressure, then an update restart that stopped two sessions (that run
# rotated to main1.log), the app's start again, one session auto-resumed
# 20 s after the update and a new one, and a memory sample 30 s ago. Then:
# - the live view in tmux (120x40 and 80x24) must show the eviction from
#   before the restart in "the last hour", the logged cap, "2 lost" (the
#   auto-resumed session left out), a project name and from when it reads;
# - snapshot --json, report --json and serve's /metrics must give the same
#   cap (logged), live count and lost count.
# Exits non-zero on any failure and prints one PASS/FAIL summary line.
#
# Usage: scripts/restart-e2e.sh [path/to/coworktop]   (default: builds one)
set -u

BIN=${1:-}
work=$(mktemp -d)
T="tmux -L coworktop-restart-e2e"
serve_pid=
trap 'for s in 120x40 80x24; do tmux -L "coworktop-restart-e2e-$s" kill-server 2>/dev/null; done; [ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null; rm -rf "$work"' EXIT

for tool in tmux curl; do
	if ! command -v "$tool" >/dev/null; then
		echo "FAIL restart-e2e: $tool is not installed"
		exit 2
	fi
done
if [ -z "$BIN" ]; then
	BIN="$work/coworktop"
	(cd "$(dirname "$0")/.." && go build -o "$BIN" .) || { echo "FAIL restart-e2e: build failed"; exit 2; }
fi

logs="$work/logs"
mkdir -p "$logs"
now=$(date +%s)
at() { date -d "@$((now - $1))" '+%Y-%m-%d %H:%M:%S'; } # seconds ago, local wall clock as the app writes it
web=local_aaaaaaaa-0000-4000-8000-000000000001
api=local_bbbbbbbb-0000-4000-8000-000000000002
docs=local_cccccccc-0000-4000-8000-000000000003
infra=local_dddddddd-0000-4000-8000-000000000004
start="[info] Starting app { appVersion: '1.46388.2', isPackaged: true, platform: 'darwin', arch: 'arm64' }"
cat > "$logs/main1.log" <<LOG
$(at 3000) $start
$(at 2999) [debug] [CliGovernor] acquire(user) effective=0/8
$(at 2998) [info] Starting local session $web in /Users/u/projects/web-frontend
$(at 2997) [info] Starting local session $api in /Users/u/projects/api
$(at 2996) [info] Starting local session $docs in /Users/u/projects/docs
$(at 2400) [info] [CliGovernor] at cap=8; evicting $docs (idle 596s) for warm spawn
$(at 2400) [info] Pausing session $docs (governor_evict)
$(at 1800) [warn] [CliGovernor] memory pressure (warning): would evict 0 idle session(s), 2 effective
$(at 900) [info] [stealth-update] Triggering stealth update after idle timeout
$(at 900) [info] [CCD] Stopping 2 active session(s) on quit
$(at 900) [info] beforeQuitForUpdate handler fired, going down for update
LOG
cat > "$logs/main.log" <<LOG
$(at 890) $start
$(at 880) [info] Resuming session $web
$(at 600) [info] Starting local session $infra in /Users/u/projects/infra
$(at 30) [info] [process-memory] trigger=interval tree_rss_sum=900MB tree_footprint_sum=0MB electron(4)=500MB children(6)=400MB top=[electron_main:2100:200MB] sys_free=9650MB/32768MB sys_free_raw=9650MB
LOG

failures=()
checks=0
fail() { failures+=("$1"); }

screen() { $T capture-pane -p -t e2e 2>/dev/null; }
# expect SIZE NAME TEXT: wait up to 10 s until the screen shows TEXT.
expect() {
	local size=$1 name=$2 text=$3 i
	checks=$((checks + 1))
	for ((i = 0; i < 100; i++)); do
		screen | grep -qF -- "$text" && return 0
		sleep 0.1
	done
	fail "$size: $name (no \"$text\" on screen)"
	echo "--- $size: $name: screen was:" >&2
	screen >&2
}

for size in 120x40 80x24; do
	w=${size%x*} h=${size#*x}
	# A tmux server of its own per size: one killed a moment ago may still
	# be going away when the next starts.
	T="tmux -L coworktop-restart-e2e-$size"
	$T new-session -d -s e2e -x "$w" -y "$h" "env TERM=xterm-256color '$BIN' --log-dir '$logs'; sleep 30"
	expect "$size" "the eviction before the restart counts in the last hour" "1 eviction in the last hour"
	expect "$size" "lost, less the auto-resumed session" "2 lost"
	expect "$size" "from when the view reads" "from $(date -d "@$((now - 3000))" '+%H:%M:%S')"
	if [ "$w" -ge 120 ]; then
		expect "$size" "the cap logged before the restart, with its age" "cap 8 (logged 40m"
		expect "$size" "a project name from before the restart (maybe clipped)" "web-f"
	else
		expect "$size" "the cap logged before the restart" "2/8"
	fi
	$T send-keys -t e2e q
done

# The same folder through snapshot, report and serve.
num() { grep -o "\"$1\": *[0-9]*" | head -n 1 | grep -o '[0-9]*$'; }
snap=$("$BIN" snapshot --json "$logs" 2>/dev/null)
report=$("$BIN" report --json "$logs" 2>/dev/null)
s_live=$(printf '%s' "$snap" | num live)
s_cap=$(printf '%s' "$snap" | grep -A2 '"cap": {' | num value)
s_src=$(printf '%s' "$snap" | grep -A3 '"cap": {' | grep -o '"source": "[a-z]*"' | head -n 1)
r_cap=$(printf '%s' "$report" | sed -n '/"governor": {/,/}/p' | num cap)
r_src=$(printf '%s' "$report" | grep -o '"cap_source": "[a-z]*"')
r_lost=$(printf '%s' "$report" | grep -o '"lost": [0-9]*' | tail -n 1 | grep -o '[0-9]*$')

port=$((20000 + RANDOM % 20000))
"$BIN" serve --metrics-addr "127.0.0.1:$port" "$logs" 2>/dev/null &
serve_pid=$!
metrics=
for ((i = 0; i < 100; i++)); do
	metrics=$(curl -s "http://127.0.0.1:$port/metrics" || true)
	if printf '%s' "$metrics" | grep -q '^coworktop_session_cap{source="logged"} 8$' &&
		printf '%s' "$metrics" | grep -q '^coworktop_sessions_lost 2$'; then
		break
	fi
	sleep 0.1
done
m_live=$(printf '%s\n' "$metrics" | sed -n 's/^coworktop_sessions_live //p')
m_cap=$(printf '%s\n' "$metrics" | sed -n 's/^coworktop_session_cap{source="logged"} //p')
m_lost=$(printf '%s\n' "$metrics" | sed -n 's/^coworktop_sessions_lost //p')
snap_text=$("$BIN" snapshot "$logs" 2>/dev/null)
s_lostn=$(printf '%s\n' "$snap_text" | sed -n 's/^ *lost *\([0-9]*\) lost.*/\1/p')
checks=$((checks + 1))
printf '%s\n' "$snap_text" | grep -q 'aaaaaaaa *web-frontend *idle' || fail "snapshot: no project name for the session from before the restart"

checks=$((checks + 1))
want="cap 8 logged, 2 live, 2 lost"
got_snap="cap $s_cap ${s_src#*: }, $s_live live, ${s_lostn:-?} lost"
got_report="cap $r_cap ${r_src#*: }, ${r_lost:-?} lost"
got_serve="cap ${m_cap:-?} logged, ${m_live:-?} live, ${m_lost:-?} lost"
[ "$got_snap" = 'cap 8 "logged", 2 live, 2 lost' ] || fail "snapshot: $got_snap, want $want"
[ "$got_report" = 'cap 8 "logged", 2 lost' ] || fail "report --json: $got_report, want cap 8 logged, 2 lost"
[ "$got_serve" = "$want" ] || fail "serve: $got_serve, want $want"

if [ ${#failures[@]} -gt 0 ]; then
	printf 'FAIL restart-e2e: %s\n' "${failures[@]}"
	exit 1
fi
echo "PASS restart-e2e: $checks checks at 120x40 and 80x24; snapshot, report and serve agree ($want)"
