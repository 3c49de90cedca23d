#!/usr/bin/env bash
# Installs dependencies, builds the `cairn` binary, loads the bundled sample dataset into the
# ledger `sample` of the embedded store (./cairn-data), and queries it from the command line.
set -euo pipefail
cd "$(dirname "$0")/.."
bash deploy/install-deps.sh
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
cmake --preset release >/dev/null
cmake --build --preset release --target cairn
cairn=build/release/server/cairn
data="${CAIRN_DATA:-./cairn-data}"

"$cairn" import --data "$data" --ledger sample --replace deploy/sample/sample.trig
echo
"$cairn" stats --data "$data" --ledger sample
echo
echo "Everything typed rdf:type, first 10:"
"$cairn" scan --data "$data" --ledger sample --limit 10 \
  '?s <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> ?class'
