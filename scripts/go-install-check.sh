#!/usr/bin/env bash
# go-install-check.sh: shows that `go install github.com/coworktop/coworktop@VERSION`
# works for a user, from a local file-based module proxy built from this
# checkout's HEAD (no tag or network needed for coworktop itself; its
# dependencies come from the usual module proxy). It installs both @VERSION
# and @latest outside any workspace, so the released Bubble Tea is used (no
# replace, no go.work), and runs the installed binary on a fixture.
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
(cd "$root/scripts/modproxy" && GOWORK=off go run . -module github.com/coworktop/coworktop \
	-version "$version" -src "$work/src" -rev HEAD -out "$work/proxy") || fail "building the local proxy"

# A fresh module cache, as a new user has; dependencies are read from this
# machine's download cache when it has them, else from the usual proxy.
cache=$(go env GOMODCACHE)/cache/download
upstream=$(go env GOPROXY)
export GOWORK=off GOFLAGS=-mod=mod GOBIN="$work/bin" GOMODCACHE="$work/modcache"
export GONOSUMDB=github.com/coworktop/coworktop # a local build has no checksum-database entry
export GOPROXY="file://$work/proxy,file://$cache,$upstream"
cd "$work"
for v in "$version" latest; do
	rm -f "$GOBIN/coworktop"
	go install "github.com/coworktop/coworktop@$v" 2>"$work/install.err" || { cat "$work/install.err"; fail "go install @$v"; }
	out=$("$GOBIN/coworktop" --version) || fail "the installed binary (@$v) does not run"
	case "$out" in *"$version"*) ;; *) fail "@$v installed '$out', want $version" ;; esac
done
"$GOBIN/coworktop" report "$root/testdata/logs/macos" >"$work/report.txt" || fail "the installed binary's report failed"
grep -q . "$work/report.txt" || fail "the installed binary's report is empty"
echo "PASS go-install: go install github.com/coworktop/coworktop@$version and @latest from a local module proxy, built with the released Bubble Tea"
