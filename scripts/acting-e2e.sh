#!/usr/bin/env bash
# acting-e2e.sh: from seeing to doing, in a real terminal (tmux).
#
# A log where a desktop session waits on a permission prompt, with the
# session records of a live process that name its Claude Code id, and a
# stand-in `claude` first on PATH that records its arguments (its --help
# lists --desktop). coworktop runs with --terminal-signals on, and the
# script reads:
#   - the window title tmux keeps for the pane: "coworktop · needs you 1";
#   - o on the waiting session's row runs `claude --desktop --resume <id>`
#     and the footer says so;
#   - with a stand-in whose --help lacks --desktop, o runs nothing and the
#     screen shows the command to copy.
# Exits non-zero on any failure and prints one PASS/FAIL summary line.
#
# Usage: scripts/acting-e2e.sh [path/to/coworktop]   (default: builds one)
set -u

BIN=${1:-}
work=$(mktemp -d)
T="tmux -L coworktop-acting-e2e"
trap '$T kill-server 2>/dev/null; sleep 0.2; tmux -L coworktop-acting-e2e-old kill-server 2>/dev/null; rm -rf "$work"' EXIT

if ! command -v tmux >/dev/null; then
	echo "FAIL acting-e2e: tmux is not installed"
	exit 2
fi
if [ -z "$BIN" ]; then
	BIN="$work/coworktop"
	(cd "$(dirname "$0")/.." && go build -o "$BIN" .) || { echo "FAIL acting-e2e: build failed"; exit 2; }
fi

local_id=local_aaaaaaaa-0000-4000-8000-000000000001
code_id=6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f
mkdir -p "$work/logs" "$work/records/sessions" "$work/records/claude-code-sessions/acct/org" "$work/home" "$work/bin" "$work/oldbin"
stamp() { date -d "-$1 minutes" '+%Y-%m-%d %H:%M:%S'; }
{
	printf "%s [info] Starting app {\n  appVersion: '2.110.0',\n  platform: 'linux',\n}\n" "$(stamp 15)"
	printf '%s [info] Starting local session %s in /home/u/api-gateway\n' "$(stamp 10)" "$local_id"
} >"$work/logs/main.log"
# The record of a live process: this shell's, alive for the whole run.
printf '{"pid":%d,"sessionId":"%s","hostSessionId":"%s","status":"waiting","waitingFor":"approve Bash","updatedAt":%d}\n' \
	$$ "$code_id" "$local_id" "$(($(date +%s) - 720))000" >"$work/records/sessions/1.json"
printf '{"sessionId":"%s","title":"API gateway: rate limits"}\n' "$local_id" >"$work/records/claude-code-sessions/acct/org/$local_id.json"

# stand_in DIR HELP-EXTRA: a claude that prints its version and help, and
# otherwise writes its arguments, one a line, to DIR/args.
stand_in() {
	cat >"$1/claude" <<SH
#!/bin/sh
case "\$1" in
--version) echo '$2 (Claude Code)';;
--help) printf 'Usage: claude [options]\n  -r, --resume [id]  Resume a conversation\n$3';;
*) for a in "\$@"; do printf '%s\n' "\$a"; done > '$1/args';;
esac
SH
	chmod +x "$1/claude"
}
stand_in "$work/bin" 2.1.309 '  --desktop  Open the session in the Claude desktop app\n'
stand_in "$work/oldbin" 2.1.200 ''

failures=()
checks=0
screen() { $T capture-pane -p -t a 2>/dev/null; }
fail() {
	failures+=("$1")
	echo "--- $1: screen was:" >&2
	screen >&2
}

# expect NAME PATTERN [SECONDS]: wait until a line of the screen matches.
expect() {
	local name=$1 pattern=$2 secs=${3:-8} i
	checks=$((checks + 1))
	for ((i = 0; i < secs * 10; i++)); do
		screen | grep -qE -- "$pattern" && return 0
		sleep 0.1
	done
	fail "$name (no line matching /$pattern/)"
	return 1
}

# start PATH-DIR: coworktop in a fresh tmux server, its stand-in first on PATH.
start() {
	$T new-session -d -s a -x 160 -y 45 "env HOME='$work/home' XDG_CONFIG_HOME='$work/home/.config' TERM=xterm-256color PATH='$1:/usr/bin:/bin' '$BIN' --log-dir '$work/logs' --records-dir '$work/records' --terminal-signals on; sleep 30"
}

# select_and_open: filter the Sessions pane to the waiting session, press o.
select_and_open() {
	$T send-keys -t a / A P I Enter
	sleep 0.3
	$T send-keys -t a o
}

start "$work/bin"
expect "the header counts who needs you" 'needs you 1' 30
checks=$((checks + 1))
title=""
for ((i = 0; i < 50; i++)); do
	title=$($T display-message -p -t a '#{pane_title}')
	[ "$title" = "coworktop · needs you 1" ] && break
	sleep 0.1
done
[ "$title" = "coworktop · needs you 1" ] || fail "the window title is '$title', want 'coworktop · needs you 1'"
select_and_open
expect "the footer says what ran" "asked the app to open API gateway: rate limits: claude --desktop --resume $code_id"
checks=$((checks + 1))
want=$(printf -- '--desktop\n--resume\n%s' "$code_id")
for ((i = 0; i < 50; i++)); do
	[ "$(cat "$work/bin/args" 2>/dev/null)" = "$want" ] && break
	sleep 0.1
done
[ "$(cat "$work/bin/args" 2>/dev/null)" = "$want" ] || fail "the stand-in claude ran with '$(cat "$work/bin/args" 2>/dev/null)'"
$T send-keys -t a q
sleep 0.5
$T kill-server 2>/dev/null
sleep 0.3

T="tmux -L coworktop-acting-e2e-old"
start "$work/oldbin"
expect "the header counts who needs you (old CLI)" 'needs you 1' 30
select_and_open
expect "a CLI without --desktop: why" 'does not list --desktop'
expect "a CLI without --desktop: the command to copy" "claude --desktop --resume $code_id"
checks=$((checks + 1))
[ -e "$work/oldbin/args" ] && fail "a claude without --desktop was run with '$(cat "$work/oldbin/args")'"
$T send-keys -t a Escape q

if [ ${#failures[@]} -gt 0 ]; then
	printf 'FAIL acting-e2e: %d of %d checks failed\n' "${#failures[@]}" "$checks"
	printf '  %s\n' "${failures[@]}"
	exit 1
fi
printf 'PASS acting-e2e: %d checks (title, o with and without --desktop)\n' "$checks"
