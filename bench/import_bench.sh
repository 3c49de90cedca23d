#!/usr/bin/env bash
# Import benchmark: generates the datagen N-Triples file for a size (cached under $CAIRN_BENCH_DIR)
# and imports it into a fresh store, with the default memory budget and with --memory 512MiB,
# printing the importer's JSON summary and /usr/bin/time's peak RSS and wall time.
#
#   bench/import_bench.sh [SIZE=10M] [REPEATS=1]
#
# Needs a release build (cmake --preset release && cmake --build --preset release).
set -euo pipefail
cd "$(dirname "$0")/.."
size="${1:-10M}"
repeats="${2:-1}"
bin=build/release
dir="${CAIRN_BENCH_DIR:-/tmp/cairn-bench}"
mkdir -p "$dir"
input="$dir/gen-$size.nt"
[[ -f "$input" ]] || "$bin/bench/datagen" --triples "$size" --output "$input"

run() {
  local label="$1"; shift
  for ((i = 1; i <= repeats; i++)); do
    rm -rf "$dir/store-$label"
    /usr/bin/time -f "$label wall %e s, peak RSS %M KiB" \
      "$bin/server/cairn" import --data "$dir/store-$label" --ledger bench --json "$@" "$input" \
      | tr -d '\n ' ; echo
  done
}
run default
run mem512 --memory 512MiB
