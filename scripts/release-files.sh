#!/usr/bin/env bash
# The files a release ships beside the binary, generated from the command
# definitions: man pages (build/man/*.1) and shell completions
# (build/completions). GoReleaser runs it as a before hook; run it by hand to
# look at the pages: man build/man/coworktop.1
set -euo pipefail
cd "$(dirname "$0")/.."
out=build
rm -rf "$out/man" "$out/completions"
mkdir -p "$out/man" "$out/completions"
# The pages carry a date: the last commit's, so a rebuild gives the same files.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/coworktop" .
go run ./internal/mangen "$out/man"
"$tmp/coworktop" completion bash > "$out/completions/coworktop.bash"
"$tmp/coworktop" completion zsh > "$out/completions/_coworktop"
"$tmp/coworktop" completion fish > "$out/completions/coworktop.fish"
"$tmp/coworktop" completion powershell > "$out/completions/coworktop.ps1"
echo "release files: $(ls "$out/man" | wc -l) man pages, $(ls "$out/completions" | wc -l) completion scripts in $out/"
