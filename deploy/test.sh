#!/usr/bin/env bash
# Installs dependencies, builds everything (release preset, ccache + Ninja) and runs every test:
# unit tests (also a second time with tiny leaflets), conformance runners, randomized tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash deploy/install-deps.sh
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
export CCACHE_BASEDIR="$PWD"
cmake --preset release >/dev/null
cmake --build --preset release
ctest --preset release "$@"
