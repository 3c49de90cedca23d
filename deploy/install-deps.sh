#!/usr/bin/env bash
# Installs every build and test dependency from Debian 12 packages, and the browser test's
# driver from the npm registry. Idempotent: what is present already is skipped, so a warm
# machine pays only for the dpkg query.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config git
  libboost-dev            # Asio + Beast (server issue)
  libzstd-dev zlib1g-dev  # leaflet blocks; .zst/.gz import inputs
  librocksdb-dev          # embedded blob store
  libtbb-dev              # parallel sort in the importer
  libspdlog-dev nlohmann-json3-dev
  libpcre2-dev            # SPARQL REGEX / REPLACE (XPath regular expressions, flags s m i x q)
  libssl-dev              # SHA-256 content ids (OpenSSL uses SHA-NI where present)
  libserd-dev             # Turtle / TriG / N-Quads parsing
  libcli11-dev            # command line
  libhowardhinnant-date-dev tzdata  # IANA time zones for Cypher datetimes (system tzdata)
  libjemalloc-dev         # the executables' allocator (transparent huge pages)
  googletest libgmock-dev libgtest-dev
  libbenchmark-dev        # micro-benchmarks under bench/
  libcurl4-openssl-dev    # an HTTP client nobody here wrote, for end-to-end tests
  clang libclang-rt-14-dev  # libFuzzer targets under tests/fuzz (the `fuzz` preset)
)
# The web console's browser test (tests/browser) needs Chromium and Node.js (a machine that has
# a Node.js, any version from 18, keeps it); `--build` leaves them out (deploy/run-sample.sh).
with_browser_test=true
[[ "${1:-}" == "--build" ]] && with_browser_test=false
if $with_browser_test; then
  packages+=(chromium)
  command -v node >/dev/null 2>&1 || packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo_cmd=""
  [[ $(id -u) -ne 0 ]] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The browser test's driver, playwright-core, from the npm registry at the version
# tests/browser/package-lock.json pins; it drives the Debian Chromium installed above.
if $with_browser_test; then
  browser_dir="$(dirname "$0")/../tests/browser"
  pinned=$(sed -n 's/.*"playwright-core": "\([0-9.]*\)".*/\1/p' "$browser_dir/package.json")
  installed=$(sed -n 's/^  "version": "\([0-9.]*\)".*/\1/p' \
    "$browser_dir/node_modules/playwright-core/package.json" 2>/dev/null || true)
  if [[ "$installed" != "$pinned" ]]; then
    (cd "$browser_dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
fi
