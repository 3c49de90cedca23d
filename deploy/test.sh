#!/usr/bin/env bash
# Installs dependencies, builds everything once with AddressSanitizer + UBSan at -O1 with
# assertions on (the `asan` preset, ccache + Ninja) and runs every test in that build: unit and
# end-to-end tests (also a second time with tiny leaflets), the conformance runners and the
# randomized tests. Then the libFuzzer targets (fuzz preset, clang) run for CAIRN_FUZZ_SECONDS
# each (default 30); CAIRN_SKIP_FUZZ=1 skips them.
#
# Why one sanitized build and not release + sanitized: the second full build doubled CI time for
# no finding the sanitized one misses; -O1 keeps the sanitized tests fast. CAIRN_TEST_PRESET=release
# runs the suite in the plain optimized build instead (quicker locally, no sanitizers).
set -euo pipefail
cd "$(dirname "$0")/.."
bash deploy/install-deps.sh
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
export CCACHE_BASEDIR="$PWD"
preset="${CAIRN_TEST_PRESET:-asan}"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
ctest --preset "$preset" "$@"
if [[ "${CAIRN_SKIP_FUZZ:-0}" != "1" ]]; then
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz
  CAIRN_FUZZ_SECONDS="${CAIRN_FUZZ_SECONDS:-30}" bash tests/fuzz/run-fuzzers.sh build/fuzz
fi
