#!/usr/bin/env bash
# Installs dependencies, builds everything (release preset, ccache + Ninja) and runs every test:
# unit tests (also a second time with tiny leaflets), conformance runners, randomized tests.
# Then the libFuzzer targets (fuzz preset, clang) run for CAIRN_FUZZ_SECONDS each (default 30);
# set CAIRN_SKIP_FUZZ=1 to skip them. Then the same suite once more under AddressSanitizer +
# UBSan (asan preset, without the tiny-leaflet repeat, which the release pass already ran); set
# CAIRN_SKIP_SANITIZERS=1 to skip that pass locally.
set -euo pipefail
cd "$(dirname "$0")/.."
bash deploy/install-deps.sh
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
export CCACHE_BASEDIR="$PWD"
cmake --preset release >/dev/null
cmake --build --preset release
ctest --preset release "$@"
if [[ "${CAIRN_SKIP_FUZZ:-0}" != "1" ]]; then
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz
  CAIRN_FUZZ_SECONDS="${CAIRN_FUZZ_SECONDS:-30}" bash tests/fuzz/run-fuzzers.sh build/fuzz
fi
if [[ "${CAIRN_SKIP_SANITIZERS:-0}" != "1" ]]; then
  cmake --preset asan >/dev/null
  cmake --build --preset asan
  ctest --preset asan "$@"
fi
