#!/usr/bin/env bash
# Pokec: Cairn over HTTP against Kuzu in-process (npm kuzu 0.11.3), same data, same run.
#
#   bench/pokec_vs_kuzu.sh [--users 10K|100K] [--keep DIR] [--json FILE] [--cairn-config FILE]
#                          [run.mjs options: --only RE, --runs N, ...]
#
# Generates the graph with pokec_gen (seed 42) as N-Triples for Cairn and CSV for Kuzu, loads
# both, serves Cairn on a free loopback port, runs bench/pokec/kuzu_compare/run.mjs, stops the
# server. DIR (default /tmp/cairn-pokec-kuzu-USERS) keeps the generated files for the next run;
# the databases are loaded afresh every time, because the benchmark's writes change them.
# CAIRN_BIN and POKEC_GEN name the binaries (default: the release build). --cairn-config passes a
# server config file (docs/server-config.md) to `cairn serve`. The run starts once the server has
# warmed its cache (`warm-cache`; Kuzu's freshly loaded database is in its buffer pool too);
# `{"warm-cache": 0}` in a config measures a cold start.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
here=$repo/bench/pokec/kuzu_compare
CAIRN_BIN=${CAIRN_BIN:-$repo/build/release/server/cairn}
POKEC_GEN=${POKEC_GEN:-$repo/build/release/bench/pokec_gen}

users=10K
work=
json=
serve_config=()
passthrough=()
while (($#)); do
  case $1 in
    --users) users=$2; shift 2 ;;
    --keep) work=$2; shift 2 ;;
    --json) json=$2; shift 2 ;;
    --cairn-config) serve_config=(--config "$(realpath "$2")"); shift 2 ;;
    *) passthrough+=("$1"); shift ;;
  esac
done
work=${work:-/tmp/cairn-pokec-kuzu-$users}
mkdir -p "$work"
work=$(cd "$work" && pwd) # absolute: pokec_gen writes the csv paths into schema.cypher as given
json=$(realpath -m "${json:-$work/result.json}") # run.mjs runs from its own folder

for bin in "$CAIRN_BIN" "$POKEC_GEN"; do
  [[ -x $bin ]] || { echo "not executable: $bin (set CAIRN_BIN / POKEC_GEN)" >&2; exit 1; }
done

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# The generator is deterministic for a seed, so files from an earlier run are reused.
if [[ ! -s $work/pokec.nt ]]; then
  nice "$POKEC_GEN" --users "$users" --seed 42 --format nt --output "$work/pokec.nt.tmp"
  mv "$work/pokec.nt.tmp" "$work/pokec.nt"
fi
if [[ ! -s $work/csv/schema.cypher ]]; then
  rm -rf "$work/csv"
  nice "$POKEC_GEN" --users "$users" --seed 42 --format csv --output "$work/csv"
fi

if [[ ! -d $here/node_modules/kuzu ]]; then
  (cd "$here" && { npm ci --no-audit --no-fund || npm install --no-audit --no-fund; })
fi

# Both loads run under nice, like the generator: the machine may be shared.
echo "== Cairn import"
rm -rf "$work/cairn-data"
t=$(now)
nice "$CAIRN_BIN" import --data "$work/cairn-data" --ledger pokec "$work/pokec.nt"
cairn_load=$(since "$t")

echo "== Kuzu load"
t=$(now)
(cd "$here" && nice node load_kuzu.mjs --schema "$work/csv/schema.cypher" --db "$work/kuzu.db")
kuzu_load=$(since "$t")

port=$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
"$CAIRN_BIN" serve "${serve_config[@]}" --data "$work/cairn-data" --listen "127.0.0.1:$port" --no-access-log \
  >"$work/serve.log" 2>&1 &
server=$!
stop_server() {
  if kill -0 "$server" 2>/dev/null; then
    kill -TERM "$server"
    wait "$server" || true
  fi
}
trap stop_server EXIT

for _ in $(seq 600); do
  curl -fs "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { echo "cairn serve exited:" >&2; cat "$work/serve.log" >&2; exit 1; }
  sleep 0.1
done
curl -fs "http://127.0.0.1:$port/health" >/dev/null
# Wait for the cache warm-up (a few seconds at most at these sizes).
for _ in $(seq 600); do
  curl -fs "http://127.0.0.1:$port/metrics" | grep -q '^cairn_cache_warm_running 0' && break
  sleep 0.1
done

echo "== Loads (wall clock, nice): Cairn import ${cairn_load} s, Kuzu create + COPY ${kuzu_load} s"
echo
(cd "$here" && node run.mjs --users "$users" --cairn-url "http://127.0.0.1:$port" --ledger pokec \
  --kuzu-db "$work/kuzu.db" --json "$json" "${passthrough[@]}")

echo
echo "Cairn server peak RSS (VmHWM): $(awk '/^VmHWM/ { printf "%.0f MiB", $2 / 1024 }' "/proc/$server/status")"
echo "Loads: Cairn import ${cairn_load} s, Kuzu ${kuzu_load} s; JSON: $json"
