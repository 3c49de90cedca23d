#!/usr/bin/env bash
# Crash-recovery soak: runs the crash-recovery test (tests/recovery/crash_recovery_test.cpp)
# again and again with fresh random seeds until DURATION has passed. Each run starts the real
# `cairn serve`, has WRITERS threads write to it, kill -9s it at a random moment, restarts it
# and checks the recovered ledger against an oracle, ROUNDS_PER_RUN times over one data
# directory (every third round also tears the tail of the RocksDB write-ahead log).
#
#   bench/recovery_soak.sh [DURATION=10m] [WRITERS=6] [ROUNDS_PER_RUN=20]
#
# DURATION is seconds, or a number with s, m or h (90s, 30m, 8h). The build is taken from
# CAIRN_BUILD_DIR (default build/release; build it with
# `cmake --build build/release --target cairn_recovery_tests`, which builds `cairn` too).
# Failed runs keep their output (under CAIRN_SOAK_DIR, default /tmp/cairn-recovery-soak) and
# their data directory, and print the seed to rerun with:
#   CAIRN_RECOVERY_SEED=S CAIRN_RECOVERY_ROUNDS=R CAIRN_RECOVERY_WRITERS=W \
#     build/release/tests/cairn_recovery_tests --gtest_filter='CrashRecoveryTest.*'
# CAIRN_SOAK_STOP_ON_FAILURE=1 stops at the first failure. Exit status 1 when any run failed.
set -euo pipefail
cd "$(dirname "$0")/.."

duration_text="${1:-10m}"
writers="${2:-6}"
rounds_per_run="${3:-20}"
build="${CAIRN_BUILD_DIR:-build/release}"
test_binary="$build/tests/cairn_recovery_tests"
soak_dir="${CAIRN_SOAK_DIR:-/tmp/cairn-recovery-soak}"

case "$duration_text" in
  *h) duration=$(( ${duration_text%h} * 3600 )) ;;
  *m) duration=$(( ${duration_text%m} * 60 )) ;;
  *s) duration=${duration_text%s} ;;
  *) duration=$duration_text ;;
esac
if [[ ! -x "$test_binary" ]]; then
  echo "no $test_binary: build the cairn_recovery_tests target in $build first" >&2
  exit 2
fi
mkdir -p "$soak_dir"

start=$SECONDS
runs=0 rounds=0 failures=0 commits=0
while (( SECONDS - start < duration )); do
  seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
  runs=$((runs + 1))
  log="$soak_dir/run-$runs-seed-$seed.log"
  if CAIRN_RECOVERY_SEED=$seed CAIRN_RECOVERY_ROUNDS=$rounds_per_run \
     CAIRN_RECOVERY_WRITERS=$writers \
     "$test_binary" --gtest_filter='CrashRecoveryTest.*' >"$log" 2>&1; then
    done_rounds=$(grep -c '^\[ recovery \] round ' "$log" || true)
    run_commits=$(sed -n 's/.* \([0-9]*\) acknowledged commits kept.*/\1/p' "$log" |
                  awk '{ s += $1 } END { print s + 0 }')
    rounds=$((rounds + done_rounds))
    commits=$((commits + run_commits))
    rm -f "$log"
  else
    failures=$((failures + 1))
    done_rounds=$(grep -c '^\[ recovery \] round ' "$log" || true)
    rounds=$((rounds + done_rounds))
    echo "FAILED run $runs: seed $seed, after $done_rounds good rounds; output: $log"
    grep -m1 '^\[ recovery \] kept' "$log" || true
    grep -m5 -A8 'Failure' "$log" | head -40 || true
    if [[ "${CAIRN_SOAK_STOP_ON_FAILURE:-0}" == 1 ]]; then break; fi
  fi
  printf '[%5ds] runs %d, rounds %d, acknowledged commits checked %d, failures %d\n' \
    $((SECONDS - start)) "$runs" "$rounds" "$commits" "$failures"
done

echo "soak done: $runs runs, $rounds rounds, $commits acknowledged commits checked," \
     "$failures failed runs in $((SECONDS - start)) s (writers $writers," \
     "$rounds_per_run rounds per run)"
(( failures == 0 ))
