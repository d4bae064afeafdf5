#!/usr/bin/env bash
# The release, short of publishing: `goreleaser check` on .goreleaser.yaml,
# then a snapshot release (every archive, checksums, SBOMs, the Homebrew
# cask) checked for what it must ship. The tools come from the Go module
# proxy when missing; their first install compiles them, which takes several
# minutes on a small machine, and the snapshot cross-builds six targets.
# RELEASE_CHECK_SNAPSHOT=0 stops after `goreleaser check`.
set -euo pipefail
cd "$(dirname "$0")/.."
GORELEASER_VERSION=v2.15.1
CYCLONEDX_VERSION=v1.10.0
gobin=$(go env GOPATH)/bin
PATH="$gobin:$PATH"
if ! command -v goreleaser >/dev/null 2>&1; then
  echo "installing goreleaser $GORELEASER_VERSION"
  go install "github.com/goreleaser/goreleaser/v2@$GORELEASER_VERSION"
fi
if ! command -v cyclonedx-gomod >/dev/null 2>&1; then
  echo "installing cyclonedx-gomod $CYCLONEDX_VERSION (the SBOM generator)"
  go install "github.com/CycloneDX/cyclonedx-gomod/cmd/cyclonedx-gomod@$CYCLONEDX_VERSION"
fi

goreleaser check
if [ "${RELEASE_CHECK_SNAPSHOT:-1}" = 0 ]; then
  exit 0
fi

echo "snapshot release (no publishing)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
HOMEBREW_TAP_TOKEN=${HOMEBREW_TAP_TOKEN:-unused-in-a-snapshot} \
  goreleaser release --snapshot --clean --skip=publish > "$log" 2>&1 || { cat "$log"; exit 1; }

fail() { echo "release-check: $*" >&2; exit 1; }
command -v unzip >/dev/null 2>&1 || fail "unzip is needed to list the Windows archives (apt-get install unzip)"
cask=dist/homebrew/Casks/coworktop.rb
[ -f "$cask" ] || fail "no Homebrew cask written"
for page in build/man/*.1; do
  grep -q "manpage \"man/$(basename "$page")\"" "$cask" || fail "the cask does not install $(basename "$page") (add it to homebrew_casks.manpages)"
done
[ "$(grep -c '^  manpage ' "$cask")" = "$(ls build/man/*.1 | wc -l)" ] || fail "the cask lists a man page the release does not generate"
for shell in bash zsh fish; do
  grep -q "${shell}_completion \"completions/" "$cask" || fail "the cask installs no $shell completion"
done
archives=0
for os in darwin linux windows; do
  for arch in amd64 arm64; do
    a=""
    for c in dist/coworktop_*_"${os}_${arch}".tar.gz dist/coworktop_*_"${os}_${arch}".zip; do
      if [ -f "$c" ]; then a=$c; fi
    done
    [ -n "$a" ] || fail "no archive for $os/$arch"
    case "$a" in
      *.zip) list=$(unzip -Z1 "$a") ;;
      *) list=$(tar tzf "$a") ;;
    esac
    for f in man/coworktop.1 man/coworktop-serve.1 completions/coworktop.bash completions/_coworktop completions/coworktop.fish completions/coworktop.ps1 README.md LICENSE docs/commands.md docs/monitoring/fleet/agent.yml docs/systemd/coworktop-serve.service claude-mod/.claude-plugin/marketplace.json claude-mod/coworktop/.claude-plugin/plugin.json claude-mod/coworktop/hooks/hooks.json claude-mod/coworktop/hooks/register.ts; do
      grep -qx "$f" <<<"$list" || fail "$a lacks $f"
    done
    grep -q "  $(basename "$a")\$" dist/checksums.txt || fail "checksums.txt does not list $(basename "$a")"
    ls dist/coworktop_*_"${os}_${arch}".sbom.json >/dev/null 2>&1 || fail "no SBOM for $os/$arch"
    archives=$((archives + 1))
  done
done
# The version reaches the binary (the ldflags name cmd's variables).
host=$(go env GOOS)_$(go env GOARCH)
bin=$(ls -d dist/coworktop_"$host"*/coworktop | head -1)
version=$("$bin" --version)
case "$version" in
  "coworktop "*-next" (commit "*) ;;
  *) fail "snapshot binary says \"$version\": the -X ldflags do not reach cmd's version" ;;
esac
# The archives carry the patched Bubble Tea of third_party/ (first frame at
# once, no idle ticks), a package of the module itself: their build info
# names no released Bubble Tea module, as `go install`'s does not.
for b in dist/coworktop_*/coworktop dist/coworktop_*/coworktop.exe; do
  [ -e "$b" ] || continue
  ! go version -m "$b" | grep -q 'charm.land/bubbletea' ||
    fail "$b links a released Bubble Tea (go version -m: $(go version -m "$b" | grep bubbletea))"
done
echo "release-check: $archives archives with man pages and completions, checksums, SBOMs, the cask, the patched Bubble Tea; $version"
