#!/usr/bin/env bash
# quota-e2e.sh: the issue-26 promise, end to end. A person adds the
# statusLine snippet; Claude Code runs `coworktop statusline` through the
# shell with its JSON on stdin. The same 5-hour figure must then show in
# the status line's output (the binding window, here 7d, first), coworktop's header (the live view in tmux, at
# 120x40 and 80x24), snapshot --json and serve's /metrics.
#
# Usage: scripts/quota-e2e.sh [path/to/coworktop]   (default: builds one)
set -u

BIN=${1:-}
work=$(mktemp -d)
serve_pid=
trap 'for s in 120x40 80x24; do tmux -L "coworktop-quota-e2e-$s" kill-server 2>/dev/null; done; [ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null; rm -rf "$work"' EXIT
cd "$(dirname "$0")/.."

for tool in tmux curl; do
	if ! command -v "$tool" >/dev/null; then
		echo "FAIL quota-e2e: $tool is not installed"
		exit 2
	fi
done
if [ -z "$BIN" ]; then
	BIN="$work/coworktop"
	go build -o "$BIN" . || { echo "FAIL quota-e2e: build failed"; exit 2; }
fi

# A home of its own: coworktop's cache folder, no Claude files, a log folder.
export HOME=$work XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config COWORKTOP_LOG_DIR=$work/logs
mkdir -p "$work/logs"
cp testdata/logs/linux/main.log "$work/logs/"
# The documented statusLine document, its resets moved into the future.
sed -e 's/1738425600/4102444800/' -e 's/1738857600/4102876800/' sources/quota/testdata/quota/statusline-input.json > "$work/input.json"

failures=()
checks=0
fail() { failures+=("$1"); }

checks=$((checks + 1))
line=$(sh -c "'$BIN' statusline" < "$work/input.json")
case $line in
*"7d 41% · 5h 24%"*) ;;
*) fail "status line: '$line' lacks 7d 41% · 5h 24% (the binding window first)" ;;
esac

screen() { $T capture-pane -p -t q 2>/dev/null; }
for size in 120x40 80x24; do
	w=${size%x*} h=${size#*x}
	# A tmux server of its own per size: one killed a moment ago may still
	# be going away.
	T="tmux -L coworktop-quota-e2e-$size"
	$T new-session -d -s q -x "$w" -y "$h" "env HOME='$HOME' XDG_CACHE_HOME='$XDG_CACHE_HOME' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' COWORKTOP_LOG_DIR='$COWORKTOP_LOG_DIR' TERM=xterm-256color '$BIN'; sleep 30"
	checks=$((checks + 1))
	pattern='Quota\[.*5h 24%'
	[ "$size" = 120x40 ] && pattern='Quota\[.*7d 41% · 5h 24%.*statusline, [0-9]+s ago'
	ok=
	for ((i = 0; i < 100; i++)); do
		if screen | grep -qE -- "$pattern"; then ok=1; break; fi
		sleep 0.1
	done
	if [ -z "$ok" ]; then
		fail "$size header: no line matching /$pattern/"
		screen >&2
	fi
	$T send-keys -t q q
done

checks=$((checks + 1))
snap=$("$BIN" snapshot --json 2>/dev/null)
s_pct=$(printf '%s' "$snap" | grep -A12 '"five_hour": {' | grep -o '"percent": [0-9.]*' | grep -o '[0-9.]*$')
s_src=$(printf '%s' "$snap" | grep -A6 '"five_hour": {' | grep -o '"source": "[a-z]*"')
[ "$s_pct" = 23.5 ] && [ "$s_src" = '"source": "statusline"' ] || fail "snapshot --json: five_hour percent '$s_pct', $s_src"

checks=$((checks + 1))
port=$((20000 + RANDOM % 20000))
"$BIN" serve --metrics-addr "127.0.0.1:$port" 2>/dev/null &
serve_pid=$!
want='coworktop_quota_used_percent{scope="",source="statusline",window="five_hour"} 23.5'
ok=
for ((i = 0; i < 100; i++)); do
	if curl -s "http://127.0.0.1:$port/metrics" | grep -qxF -- "$want"; then ok=1; break; fi
	sleep 0.1
done
[ -n "$ok" ] || fail "serve /metrics: no line '$want'"

if [ ${#failures[@]} -gt 0 ]; then
	printf 'FAIL quota-e2e: %d of %d checks failed\n' "${#failures[@]}" "$checks"
	printf '  %s\n' "${failures[@]}"
	exit 1
fi
printf 'PASS quota-e2e: the 5-hour figure agrees in the status line, the header (120x40, 80x24), snapshot --json and /metrics (%d checks)\n' "$checks"
