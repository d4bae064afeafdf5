#!/usr/bin/env bash
# reliability.sh: the heavier reliability checks of docs/reliability.md, the
# ones that need a real terminal, another user or minutes of wall time:
#
#   - terminal safety: the hostile fixture (testdata/hostile) shown by the
#     live TUI, replay, report and events on a real terminal (tmux with
#     set-clipboard on): no paste buffer, no title change, screen not cleared;
#   - terminal faults: q, SIGTERM, SIGHUP, a SIGWINCH storm and sizes from
#     1x1 to 400x120: the process survives the resizes, and after it exits
#     the pane is out of the alternate screen, the cursor is shown and mouse
#     reporting is off;
#   - unreadable logs with real permissions (the follower test run as nobody
#     when this runs as root);
#   - huge inputs at full size with the child's peak RSS;
#   - the soak (COWORKTOP_SOAK, default 3m: the first minute is warm-up);
#   - the simulated day (COWORKTOP_SIMDAY simulated hours, default 3; 24
#     for the whole day, once per release);
#   - replay never writes into the (read-only) log folder.
#
# Prints one table row per check and exits non-zero if any failed.
# Usage: scripts/reliability.sh   (needs go and tmux; run from anywhere)
set -u
cd "$(dirname "$0")/.."
SOAK=${COWORKTOP_SOAK:-3m}
work=$(mktemp -d)
T="tmux -L coworktop-rel -f /dev/null"
trap '$T kill-server 2>/dev/null; chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

rows=()
failed=0
row() { # row RESULT INPUT CHECKED
	rows+=("$(printf '%-4s | %-44s | %s' "$1" "$2" "$3")")
	[ "$1" = PASS ] || failed=$((failed + 1))
}

gotest() { # gotest NAME ENV... -- ARGS: one row per RELIABILITY line, PASS if go test passed
	local name=$1 out rc
	shift
	out=$(env "$@" 2>&1)
	rc=$?
	while IFS= read -r l; do
		row "$([ $rc = 0 ] && echo PASS || echo FAIL)" "$name" "${l#*RELIABILITY }"
	done < <(printf '%s\n' "$out" | grep 'RELIABILITY')
	if [ $rc != 0 ]; then
		row FAIL "$name" "$(printf '%s\n' "$out" | grep -E '_test.go:[0-9]+:' | grep -v RELIABILITY | head -3 | tr '\n' ' ')"
	elif ! printf '%s\n' "$out" | grep -q 'RELIABILITY'; then
		row PASS "$name" "$(printf '%s\n' "$out" | grep -c '^--- PASS') tests passed"
	fi
}

command -v tmux >/dev/null || { echo "FAIL reliability: tmux is not installed"; exit 2; }
BIN="$work/coworktop"
go build -o "$BIN" . || { echo "FAIL reliability: build failed"; exit 2; }

fmt() { $T display -p -t "$1" "$2" 2>/dev/null; }
screen() { $T capture-pane -p -t "$1" 2>/dev/null; }
wait_for() { # wait_for TARGET TEXT SECONDS
	local i
	for ((i = 0; i < $3 * 10; i++)); do
		screen "$1" | grep -qF -- "$2" && return 0
		sleep 0.1
	done
	return 1
}
wait_dead() { # wait_dead TARGET SECONDS
	local i
	for ((i = 0; i < $2 * 10; i++)); do
		[ "$(fmt "$1" '#{pane_dead}')" = 1 ] && return 0
		sleep 0.1
	done
	return 1
}
buffers() { $T list-buffers 2>/dev/null | wc -l; }

$T new-session -d -s rel -x 120 -y 40 -n idle "sleep 3600"
$T set -g set-clipboard on
$T set -g remain-on-exit on
$T set -g allow-rename on

# --- terminal safety -------------------------------------------------------
hostile="$work/hostile"
mkdir -p "$hostile" && cp testdata/hostile/main.log "$hostile/"
chmod -R a-w "$hostile"
listing() { (cd "$1" && find . -printf '%p %s %T@ %m\n' | sort && find . -type f -exec sha256sum {} + | sort); }
before=$(listing "$hostile")

# The detectors work: the raw file on the terminal does set the title and a
# paste buffer, so their absence below means something.
$T new-window -t rel -n control "cat '$hostile/main.log'; sleep 3600"
sleep 1
if [ "$(buffers)" -gt 0 ] && fmt rel:control '#{pane_title}' | grep -q PWNED; then
	row PASS "control: raw cat of the hostile log" "tmux sees the OSC 52 buffer and the title (the detectors work)"
else
	row FAIL "control: raw cat of the hostile log" "tmux did not record OSC 52/title: buffers $(buffers), title '$(fmt rel:control '#{pane_title}')'"
fi
$T kill-window -t rel:control
$T delete-buffer -a 2>/dev/null || while $T delete-buffer 2>/dev/null; do :; done

safety() { # safety NAME EXPECT-ON-SCREEN COMMAND...
	local name=$1 expect=$2 t
	shift 2
	t=$($T new-window -P -F '#{window_id}' -t rel "env TERM=xterm-256color $*")
	local title0
	title0=$(fmt "$t" '#{pane_title}')
	if ! wait_for "$t" "$expect" 20; then
		row FAIL "hostile log: $name" "\"$expect\" never on screen"
		screen "$t" >&2
		return
	fi
	sleep 2
	local title shown
	title=$(fmt "$t" '#{pane_title}')
	shown=$(screen "$t")
	if [ "$(buffers)" -ne 0 ]; then
		row FAIL "hostile log: $name" "a paste buffer appeared (OSC 52 reached tmux)"
	elif printf '%s' "$title" | grep -q PWNED; then
		row FAIL "hostile log: $name" "title changed to '$title'"
	elif ! printf '%s' "$shown" | grep -qF -- "$expect"; then
		row FAIL "hostile log: $name" "screen cleared"
	else
		row PASS "hostile log: $name" "no paste buffer, title '$title' (was '$title0'), screen kept"
	fi
	$T send-keys -t "$t" q
	wait_dead "$t" 5 || true
	$T kill-window -t "$t"
}
safety live "Log:" "'$BIN' --log-dir '$hostile'"
safety replay "replay" "'$BIN' replay --speed 100 '$hostile'"
safety report "coworktop report:" "sh -c \"'$BIN' report '$hostile'; '$BIN' events '$hostile' | head -3; sleep 3600\""

after=$(listing "$hostile")
if [ "$before" = "$after" ]; then
	row PASS "read-only log folder: live, replay, report" "names, sizes, mtimes, modes, SHA-256 unchanged"
else
	row FAIL "read-only log folder: live, replay, report" "the folder changed"
fi

# --- terminal faults -------------------------------------------------------
gone() { # gone PID SECONDS: wait until the process has exited
	local i
	for ((i = 0; i < $2 * 10; i++)); do
		kill -0 "$1" 2>/dev/null || return 0
		sleep 0.1
	done
	return 1
}
# The TUI runs under a shell that outlives it, so the modes read afterwards
# are the ones coworktop left behind (tmux itself resets a dead pane's
# cursor when it prints "Pane is dead").
fault() { # fault NAME ACTION
	local name=$1 t
	t=$($T new-window -P -F '#{window_id}' -t rel "sh -c \"env TERM=xterm-256color '$BIN' --log-dir testdata/logs/macos; echo EXITED rc=\\\$?; sleep 3600\"")
	$T resize-window -t "$t" -x 120 -y 40
	if ! wait_for "$t" "Log" 20; then
		row FAIL "fault: $name" "screen never came up"
		return
	fi
	local pid alive=ok
	pid=$(pgrep -P "$(fmt "$t" '#{pane_pid}')" | head -1)
	case $2 in
	q) $T send-keys -t "$t" q ;;
	TERM | HUP | INT) kill -s "$2" "$pid" ;;
	storm)
		for i in $(seq 1 300); do
			$T resize-window -t "$t" -x $((20 + RANDOM % 300)) -y $((5 + RANDOM % 100))
		done
		sleep 1
		kill -0 "$pid" 2>/dev/null || alive="died during the storm"
		$T resize-window -t "$t" -x 120 -y 40
		$T send-keys -t "$t" q
		;;
	sizes)
		for sz in 1x1 2x1 1x2 10x3 40x10 59x14 60x15 80x24 120x40 200x60 400x120 1x120 400x1; do
			$T resize-window -t "$t" -x "${sz%x*}" -y "${sz#*x}"
			sleep 0.3
			kill -0 "$pid" 2>/dev/null || { alive="died at $sz"; break; }
		done
		$T resize-window -t "$t" -x 120 -y 40
		sleep 0.5
		$T send-keys -t "$t" q
		;;
	esac
	if ! gone "$pid" 10; then
		row FAIL "fault: $name" "process still running 10 s after the fault"
		kill -9 "$pid" 2>/dev/null
		$T kill-window -t "$t"
		return
	fi
	sleep 0.3
	local modes rc
	modes=$(fmt "$t" 'alt=#{alternate_on} cursor=#{cursor_flag} mouse=#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_all_flag}')
	rc=$(screen "$t" | grep -o 'EXITED rc=[0-9]*' | tail -1)
	if [ "$alive" != ok ]; then
		row FAIL "fault: $name" "$alive"
	elif [ "$modes" = "alt=0 cursor=1 mouse=0000" ]; then
		row PASS "fault: $name" "restored: $modes, ${rc:-no exit line}"
	else
		row FAIL "fault: $name" "not restored: $modes, ${rc:-no exit line}"
	fi
	$T kill-window -t "$t"
}
fault q q
fault SIGTERM TERM
fault SIGHUP HUP
fault SIGINT INT
fault "SIGWINCH storm (300 resizes)" storm
fault "sizes 1x1 .. 400x120" sizes

# --- unreadable logs with real permissions ---------------------------------
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	go test -c -o "$work/sources.test" ./sources/follow && mkdir -p "$work/tmp" && chmod 1777 "$work/tmp" && chmod 755 "$work" "$work/sources.test"
	out=$(setpriv --reuid=nobody --regid=nogroup --clear-groups env TMPDIR="$work/tmp" HOME="$work/tmp" \
		"$work/sources.test" -test.run '^TestFollowUnreadableIsRetried$' -test.v 2>&1)
	if printf '%s' "$out" | grep -q -- '--- PASS: TestFollowUnreadableIsRetried'; then
		row PASS "chmod 000 log, then readable (as nobody)" "status unreadable with the reason, then read again"
	else
		row FAIL "chmod 000 log, then readable (as nobody)" "$(printf '%s' "$out" | tail -3 | tr '\n' ' ')"
	fi
else
	out=$(go test -count=1 -run '^TestFollowUnreadableIsRetried$' -v ./sources/follow 2>&1)
	if printf '%s' "$out" | grep -q -- '--- PASS'; then
		row PASS "chmod 000 log, then readable" "status unreadable with the reason, then read again"
	else
		row FAIL "chmod 000 log, then readable" "$(printf '%s' "$out" | tail -3 | tr '\n' ' ')"
	fi
fi

# --- the status line under bad luck (issue 41 F1, F2, F10) ------------------
sl_home=$work/sl-home
mkdir -p "$sl_home"
sl_env() { HOME=$sl_home XDG_CACHE_HOME=$sl_home/cache COWORKTOP_LOG_DIR=$sl_home/no-logs "$@"; }
sl() { # sl ARGS...: one status-line run as Claude Code makes it, in a home of its own
	sl_env "$BIN" statusline "$@" < sources/quota/testdata/quota/statusline-input.json
}
start=$(date +%s%N)
bytes=$(sl --chain yes 2> /dev/null | wc -c)
ms=$(( ($(date +%s%N) - start) / 1000000 ))
rss=$( { sl_env /usr/bin/time -f 'rss %M' "$BIN" statusline --chain yes < sources/quota/testdata/quota/statusline-input.json > /dev/null; } 2>&1 | sed -n 's/^rss //p')
if [ "${bytes:-0}" -le $((64 * 1024 + 200)) ] && [ "$ms" -lt 3000 ]; then
	row PASS "statusline --chain yes" "$bytes bytes printed (64 KiB bound), in $ms ms, peak RSS ${rss:-?} KB"
else
	row FAIL "statusline --chain yes" "$bytes bytes printed in $ms ms, peak RSS ${rss:-?} KB"
fi
pids=()
for i in $(seq 10); do
	sl --chain "sleep 120 & echo \$! > '$work/sl-pid.$i'; wait" > /dev/null 2>&1
	pids+=("$(cat "$work/sl-pid.$i" 2>/dev/null)")
done
left=0
sleep 0.5
for p in "${pids[@]}"; do
	if [ -n "$p" ] && kill -0 "$p" 2>/dev/null && ! grep -q '^[^)]*) Z' "/proc/$p/stat" 2>/dev/null; then
		left=$((left + 1))
		kill "$p" 2>/dev/null
	fi
done
if [ "$left" -eq 0 ] && [ "${#pids[@]}" -eq 10 ]; then
	row PASS "statusline --chain 'sleep 120 &' x10" "every chained command ended with its sleep at 3 s: 0 left running"
else
	row FAIL "statusline --chain 'sleep 120 &' x10" "$left sleep(s) left running"
fi
# Issue 52 item 4: the chained command dies with the status line: SIGTERM,
# SIGINT, SIGHUP, its parent gone, or a child left in the background.
gotest "statusline --chain ends with coworktop" go test -count=1 -v -run '^(TestChainedEndsWithCoworktop|TestChainedEndsWhenTheParentGoes|TestChainedBackgroundChildEndsWithIt)$' ./cmd
mkdir -p "$sl_home/cache/coworktop"
: > "$sl_home/cache/coworktop/.statusline.json.4242.tmp"
touch -d '5 minutes ago' "$sl_home/cache/coworktop/.statusline.json.4242.tmp"
echo '{"rate_limits":{"five_hour":{"used_percentage":77}}}' | sl_env "$BIN" statusline > /dev/null 2>&1
if [ ! -e "$sl_home/cache/coworktop/.statusline.json.4242.tmp" ] && [ -s "$sl_home/cache/coworktop/statusline.json" ]; then
	row PASS "empty .statusline.json.*.tmp left by a kill" "removed by the next write; the state file written"
else
	row FAIL "empty .statusline.json.*.tmp left by a kill" "still there, or no state file"
fi

# --- the config file under bad luck (issue 53 R3, R7, R10) ----------------
cfg=$work/cfg.toml
cw_cfg() { COWORKTOP_CONFIG=$cfg HOME=$sl_home "$BIN" "$@"; }
printf '"\\u00e9" = 1\n"\\u001b]0;PWNED\\u0007" = 2\n' > "$cfg"
out=$(cw_cfg config check 2>&1); rc=$?
if [ $rc = 2 ] && ! printf '%s' "$out" | grep -q 'panic' && ! printf '%s' "$out" | LC_ALL=C grep -q $'[\x07\x1b]' && printf '%s' "$out" | grep -q 'line 2: unknown key'; then
	row PASS "config key with an escape (\"\\u00e9\", ESC)" "config check: exit 2, unknown keys at their lines, no control byte printed"
else
	row FAIL "config key with an escape (\"\\u00e9\", ESC)" "exit $rc: $(printf '%s' "$out" | head -2 | tr '\n' ' ' | cat -v)"
fi
printf 'sort = "needs-you"\ntheme = "sepia"\n' > "$cfg"
out=$(cw_cfg report testdata/logs/macos 2>&1 >/dev/null); rc=$?
if [ $rc = 0 ] && printf '%s' "$out" | grep -q 'sort = "needs-you": unknown, ignored'; then
	row PASS "config sort = \"needs-you\" (a newer version's)" "report: exit 0, a warning with the default in effect"
else
	row FAIL "config sort = \"needs-you\" (a newer version's)" "exit $rc: $(printf '%s' "$out" | head -2 | tr '\n' ' ')"
fi
awk 'BEGIN { while (n < 1048000) { l = sprintf("unknown_%d = %d\n", i, i); n += length(l); printf "%s", l; i++ } }' > "$cfg"
start=$(date +%s%N)
cw_cfg snapshot --json testdata/logs/macos > /dev/null 2>&1; rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ $rc = 0 ] && [ "$ms" -lt 5000 ]; then
	row PASS "config of 1 MiB of unknown keys" "snapshot --json: exit 0 in $ms ms (was 32.6 s: time by the keys' square)"
else
	row FAIL "config of 1 MiB of unknown keys" "snapshot --json: exit $rc in $ms ms"
fi

# --- notification storms (issue 53 R2) --------------------------------------
gotest "notification storm" go test -count=1 -v -run '^(TestEvictionStormIsOneNote|TestNotesCappedAcrossKinds|TestFlappingWaitToldOnce)$' ./notify

# --- quota under bad luck (issue 53 R8, R13) ---------------------------------
gotest "quota: names bounded, clock stepped back" go test -count=1 -v -run '^(TestApplyQuotaKeysBoundedPerSource|TestStatuslineClockSteppedBack)$' ./governor ./sources/quota

gotest "records: shown fields cut when read" go test -count=1 -v -run '^TestShownFieldsCutWhenRead$' ./sources/records

gotest "records: no needs-you 0 of records not read" go test -count=1 -v -run '^TestNeedsYouNotClaimedOfRecordsNotRead$' ./governor

# --- what a claude prints, o's probe, the process scan (issue 53 R1, R4, R5, R9, R12, smaller) ---
gotest "claude's output bounded, no ReadFrom" go test -count=1 -v -run '^(TestRunOutputBounded|TestNoBufferEmbeddingWriter)$' ./launch ./cmd
gotest "o's probe: group ended, failure kept" go test -count=1 -v -run '^(TestRunOutputEndsItsGroup|TestProbeFailureRemembered|TestRelativePathEntryIsSaid|TestCompareVersions)$' ./launch
gotest "o pressed while opening" go test -count=1 -v -run '^TestOpenRunsOnTerminalAndShowsAnswer$' ./ui
gotest "scan: command lines cut, zombies gone" go test -count=1 -v -run '^(TestCommandLineReadOnlyAsFarAsNeeded|TestZombieIsNotListed|TestZombieIsNoLiveProcess)$' ./sources/machine ./sources/records
gotest "quota: no '-0%', title restored at quit" go test -count=1 -v -run '^(TestPercentTextNoMinusZero|TestQuitRestoresTheTitle)$' ./quota ./third_party/bubbletea

gotest "memory: one process joins one session" go test -count=1 -v -run '^TestOneProcessJoinsOneSession$' ./governor

# --- huge inputs and the soak (go tests with the full sizes) ---------------
gotest "huge input, report --json" COWORKTOP_RELIABILITY=full go test -count=1 -v -run '^TestHugeInputsBoundedMemory$' ./cmd
gotest "simulated day, ${COWORKTOP_SIMDAY:-3} h at 300x" COWORKTOP_SIMDAY="${COWORKTOP_SIMDAY:-3}" go test -count=1 -v -timeout 30m -run '^TestSimulatedDay$' ./cmd
gotest "soak $SOAK, 200 lines/s, rotations" COWORKTOP_SOAK="$SOAK" go test -count=1 -v -timeout 30m -run '^TestSoakFollowRotations$' ./cmd

printf '\n%-4s | %-44s | %s\n' result "input or fault" "what was checked"
printf '%s\n' "${rows[@]}"
if [ $failed -eq 0 ]; then
	echo "PASS reliability: ${#rows[@]} checks"
	exit 0
fi
echo "FAIL reliability: $failed of ${#rows[@]} checks failed"
exit 1
