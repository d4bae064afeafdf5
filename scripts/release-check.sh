#!/usr/bin/env bash
# Validate .goreleaser.yaml with goreleaser itself, installed from the Go
# module proxy when missing (v2.15.1 builds with Go 1.26; the first install
# compiles it, which takes several minutes on a small machine).
set -euo pipefail
cd "$(dirname "$0")/.."
GORELEASER_VERSION=v2.15.1
if ! command -v goreleaser >/dev/null 2>&1; then
  gobin=$(go env GOPATH)/bin
  if [ ! -x "$gobin/goreleaser" ]; then
    echo "installing goreleaser $GORELEASER_VERSION"
    go install "github.com/goreleaser/goreleaser/v2@$GORELEASER_VERSION"
  fi
  PATH="$gobin:$PATH"
fi
goreleaser check
