#!/usr/bin/env bash
# build-released-tea.sh OUT: builds coworktop from this checkout's files as
# it would be with the released Bubble Tea (charm.land/bubbletea/v2 v2.1.1,
# with bubbles' help and teatest from their modules) in place of the copies
# carried under third_party/, for side-by-side measurements only
# (scripts/cpu-patch-vs-released.sh, bench/startup.sh's RELEASED=1). No
# install or release builds this: `go install`, `go run` and the archives
# all build the carried copy (third_party/README.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:?usage: build-released-tea.sh OUT}")
src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
tar -C "$root" --exclude=.git -cf - . | tar -C "$src" -xf -
cd "$src"
rm -rf third_party
grep -rl --include='*.go' 'github.com/coworktop/coworktop/third_party/' . | xargs sed -i \
	-e 's#"github.com/coworktop/coworktop/third_party/bubbletea"#"charm.land/bubbletea/v2"#' \
	-e 's#"github.com/coworktop/coworktop/third_party/bubbles/help"#"charm.land/bubbles/v2/help"#' \
	-e 's#"github.com/coworktop/coworktop/third_party/teatest"#"github.com/charmbracelet/x/exp/teatest/v2"#'
go mod edit -require=charm.land/bubbletea/v2@v2.1.1
GOFLAGS=-mod=mod go build -o "$out" .
