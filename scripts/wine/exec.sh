#!/usr/bin/env bash
# go test -exec wrapper for the Wine lane: runs a Windows test binary under
# wine64 in the lane's prefix (WINEPREFIX, set by scripts/wine-lane.sh).
set -euo pipefail
: "${WINEPREFIX:?set by scripts/wine-lane.sh}"
exec "${WINE64:-/usr/lib/wine/wine64}" "$@"
