#!/usr/bin/env bash
# Runs every fuzzer built under BUILD_DIR (default build/fuzz, the `fuzz` preset) for
# CAIRN_FUZZ_SECONDS seconds each (default 60), starting from a copy of its seed corpus
# (tests/fuzz/corpus/<name without _fuzzer>/) in a temporary directory, so the repository is never
# written to. Exits non-zero on the first finding (crash, sanitizer report, leak, timeout, escaped
# exception); the reproducer is kept in the temporary directory and shown as a hex dump, and can
# be replayed with `<fuzzer binary> <file>`.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
build_dir="${1:-$repo/build/fuzz}"
seconds="${CAIRN_FUZZ_SECONDS:-60}"

shopt -s nullglob
fuzzers=("$build_dir"/tests/fuzz/*_fuzzer)
if ((${#fuzzers[@]} == 0)); then
  echo "run-fuzzers: no fuzzers in $build_dir/tests/fuzz (build the fuzz preset first)" >&2
  exit 1
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/cairn-fuzz.XXXXXX")"
keep_work=0
cleanup() { ((keep_work)) || rm -rf "$work"; }
trap cleanup EXIT

for fuzzer in "${fuzzers[@]}"; do
  name="$(basename "$fuzzer")"
  seeds="$repo/tests/fuzz/corpus/${name%_fuzzer}"
  corpus="$work/$name/corpus"
  artifacts="$work/$name/artifacts"
  mkdir -p "$corpus" "$artifacts"
  [[ -d "$seeds" ]] && cp -R "$seeds"/. "$corpus"/
  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
           -artifact_prefix="$artifacts/")
  dict="$repo/tests/fuzz/${name%_fuzzer}.dict"
  [[ -f "$dict" ]] && options+=(-dict="$dict")
  echo "run-fuzzers: $name for ${seconds}s from $(ls "$corpus" | wc -l) seeds"
  if ! "$fuzzer" "${options[@]}" "$corpus" >"$work/$name/log" 2>&1; then
    keep_work=1
    tail -n 60 "$work/$name/log" >&2
    for finding in "$artifacts"/*; do
      echo "run-fuzzers: $name finding $finding ($(stat -c %s "$finding") bytes):" >&2
      od -A x -t x1z -v "$finding" | head -n 64 >&2
    done
    echo "run-fuzzers: $name FAILED; full log and reproducers in $work/$name" >&2
    exit 1
  fi
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)' "$work/$name/log" || true
done
echo "run-fuzzers: ${#fuzzers[@]} fuzzer(s), no findings"
