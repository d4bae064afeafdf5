#!/usr/bin/env bash
# go-install-check.sh: shows that `go install github.com/coworktop/coworktop@VERSION`
# works for a user, from a local file-based module proxy built from this
# checkout's HEAD (no tag or network needed for coworktop itself; its
# dependencies come from the usual module proxy). It installs both @VERSION
# and @latest, checks that what it installed carries the patched Bubble Tea
# of third_party/ (the module names no released one: `go install` builds
# the same program as the project), and runs it on a fixture.
# Prints one PASS/FAIL line.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
version=v0.0.0-$(TZ=UTC git -C "$root" log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S)-$(git -C "$root" rev-parse --short=12 HEAD)
fail() { echo "FAIL go-install: $*"; exit 1; }

# A clone, so the zip holds exactly what is committed (a worktree's .git is
# not a folder, which the zip maker needs).
git clone -q --no-hardlinks "$root" "$work/src" || fail "cloning the checkout"
(cd "$root/scripts/modproxy" && go run . -module github.com/coworktop/coworktop \
	-version "$version" -src "$work/src" -rev HEAD -out "$work/proxy") || fail "building the local proxy"

# A fresh module cache, as a new user has; dependencies are read from this
# machine's download cache when it has them, else from the usual proxy.
cache=$(go env GOMODCACHE)/cache/download
upstream=$(go env GOPROXY)
export GOFLAGS=-mod=mod GOBIN="$work/bin" GOMODCACHE="$work/modcache"
export GONOSUMDB=github.com/coworktop/coworktop # a local build has no checksum-database entry
export GOPROXY="file://$work/proxy,file://$cache,$upstream"
cd "$work"
for v in "$version" latest; do
	rm -f "$GOBIN/coworktop"
	go install "github.com/coworktop/coworktop@$v" 2>"$work/install.err" || { cat "$work/install.err"; fail "go install @$v"; }
	out=$("$GOBIN/coworktop" --version) || fail "the installed binary (@$v) does not run"
	case "$out" in *"$version"*) ;; *) fail "@$v installed '$out', want $version" ;; esac
	deps=$(go version -m "$GOBIN/coworktop")
	if grep -q 'charm.land/bubbletea' <<<"$deps"; then fail "@$v links a released Bubble Tea: $(grep bubbletea <<<"$deps")"; fi
	grep -aq 'coworktop/third_party/bubbletea\.' "$GOBIN/coworktop" || fail "@$v holds no function of third_party/bubbletea"
done
"$GOBIN/coworktop" report "$root/testdata/logs/macos" >"$work/report.txt" || fail "the installed binary's report failed"
grep -q . "$work/report.txt" || fail "the installed binary's report is empty"
echo "PASS go-install: go install github.com/coworktop/coworktop@$version and @latest from a local module proxy, with the patched Bubble Tea of third_party/"
