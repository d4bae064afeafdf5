#!/bin/sh
# Times the start-up backfill of main.log's last 32 MB and compares it with
# `grep -c` on the same bytes. Given a commit, it also runs that commit's
# backfill and the work tree's in turn (which goes first swapped each round),
# ROUNDS times, on four logs: one with
# no app start in its last 32 MB (the whole window is sent), one with an app
# start 31 MB before its end, one with an app start 1 MB before its end, and
# the first cut to a size one byte short of a page multiple (reads counted
# back from the end then begin a byte before a page boundary); it prints the
# medians of each (ns per backfill, peak RSS of a process doing one) and the
# median of the per-round ratios.
# It does the same for `coworktop snapshot --json` on those logs: a fresh
# process that backfills and parses them, as the live view does at start-up.
# Usage: bench/backfill.sh [OLD-COMMIT [ROUNDS]]   (from the repository root)
set -eu
old=${1:-}
rounds=${2:-9}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/logs" "$dir/start" "$dir/late" "$dir/odd"
line1='2026-08-30 20:35:14 [info] [process-memory] sys_free=1234MB total=16384MB sys_free_raw=429MB children=7'
line2='2026-08-30 20:35:15 [info] [CliGovernor] acquire(warm) effective=3/6'
yes "$line1
$line2" | head -c 41943040 > "$dir/logs/main.log"
tail -c 33554432 "$dir/logs/main.log" > "$dir/last32.log"
{
	head -c 9437184 "$dir/logs/main.log"
	printf "\n2026-08-30 20:35:13 [info] Starting app {\n  appVersion: '1.40609.0'\n}\n"
	tail -c 32505856 "$dir/logs/main.log"
} > "$dir/start/main.log"
{
	head -c 40894464 "$dir/logs/main.log"
	printf "\n2026-08-30 20:35:13 [info] Starting app {\n  appVersion: '1.40609.0'\n}\n"
	tail -c 1048576 "$dir/logs/main.log"
} > "$dir/late/main.log"
head -c 41938943 "$dir/logs/main.log" > "$dir/odd/main.log"
logs="logs start late odd"
cat "$dir/last32.log" $(for l in $logs; do echo "$dir/$l/main.log"; done) > /dev/null # warm the page cache

echo "load: $(uptime | sed 's/.*load average: //')"
echo "grep -c on the same 32 MB (best of 5):"
best=
for i in 1 2 3 4 5; do
	s=$(date +%s%N); grep -c '\[CliGovernor\]' "$dir/last32.log" > /dev/null; e=$(date +%s%N)
	t=$(( (e - s) / 1000 ))
	if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
done
echo "  ${best} us"
echo "backfill (go test -bench):"
COWORKTOP_BENCH_LOG_DIR="$dir/logs" go test ./sources/ -run '^$' -bench 'Backfill32MB' -benchtime 20x | grep Benchmark
[ -n "$old" ] || exit 0

mkdir "$dir/old"
git archive "$old" | tar -x -C "$dir/old"
(cd "$dir/old" && go test -c -o "$dir/old.test" ./sources/ && go build -o "$dir/old.bin" .)
go test -c -o "$dir/new.test" ./sources/
go build -o "$dir/new.bin" .

# one NAME LOG: ns per backfill (20 in a row), the ns and peak RSS in KiB of
# one backfill in a fresh process (what start-up pays), and the same for
# snapshot --json, appended to NAME.LOG.{ns,ns1,rss,snap,snaprss}.
one() {
	COWORKTOP_BENCH_LOG_DIR="$dir/$2" "$dir/$1.test" -test.run '^$' -test.bench 'Backfill32MB$' -test.benchtime 20x |
		awk '/^Benchmark/ { print $3 }' >> "$dir/$1.$2.ns"
	COWORKTOP_BENCH_LOG_DIR="$dir/$2" /usr/bin/time -f '%M' -o "$dir/rss" \
		"$dir/$1.test" -test.run '^$' -test.bench 'Backfill32MB$' -test.benchtime 1x |
		awk '/^Benchmark/ { print $3 }' >> "$dir/$1.$2.ns1"
	cat "$dir/rss" >> "$dir/$1.$2.rss"
	s=$(date +%s%N)
	/usr/bin/time -f '%M' -o "$dir/rss" "$dir/$1.bin" snapshot --json "$dir/$2" > /dev/null
	e=$(date +%s%N)
	echo $(( (e - s) / 1000 )) >> "$dir/$1.$2.snap"
	cat "$dir/rss" >> "$dir/$1.$2.snaprss"
}
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "$old against the work tree, $rounds rounds, load before: $(uptime | sed 's/.*load average: //')"
# ratio NAME: the last round's new/old of NAME, appended to NAME.ratio.
ratio() { paste "$dir/old.$1" "$dir/new.$1" | tail -1 | awk '{ print $2 / $1 }' >> "$dir/$1.ratio"; }
for i in $(seq "$rounds"); do
	# Which runs first is swapped every round: the second of two runs in a
	# row is often slower, by as much as the changes measured here.
	order="old new"
	[ $((i % 2)) = 1 ] || order="new old"
	for log in $logs; do
		for v in $order; do one "$v" "$log"; done
		for m in ns ns1 snap; do ratio "$log.$m"; done
	done
done
echo "load after: $(uptime | sed 's/.*load average: //')"
for log in $logs; do
	case $log in
	logs) echo "no app start in the last 32 MB:" ;;
	start) echo "an app start 31 MB before the end:" ;;
	late) echo "an app start 1 MB before the end:" ;;
	odd) echo "no app start, the size one byte short of a page multiple:" ;;
	esac
	echo "  20 in a row: old $(median "$dir/old.$log.ns") ns, new $(median "$dir/new.$log.ns") ns, new/old median $(median "$dir/$log.ns.ratio")"
	echo "  one in a fresh process: old $(median "$dir/old.$log.ns1") ns, new $(median "$dir/new.$log.ns1") ns, new/old median $(median "$dir/$log.ns1.ratio")"
	echo "  peak RSS old $(median "$dir/old.$log.rss") KiB, new $(median "$dir/new.$log.rss") KiB"
	echo "  snapshot --json: old $(median "$dir/old.$log.snap") us, new $(median "$dir/new.$log.snap") us, new/old median $(median "$dir/$log.snap.ratio")"
	echo "  snapshot peak RSS old $(median "$dir/old.$log.snaprss") KiB, new $(median "$dir/new.$log.snaprss") KiB"
done
