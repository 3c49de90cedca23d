#!/usr/bin/env bash
# Cypher point lookup beside the equivalent SPARQL point lookup over HTTP (issue 26: Cypher
# within 1.2x of SPARQL in the same run), on a Pokec-shaped ledger (bench/pokec_gen_main.cpp,
# imported with `cairn import`). Starts `cairn serve`, warms both routes, then alternates
# SPARQL and Cypher wrk runs (1 connection) so noise falls on both, and prints each run, the
# medians of p50 and the ratio.
#
#   bench/http/cypher_point_bench.sh [--data DIR] [--ledger NAME] [--port P] [--duration D]
#                                    [--runs N] [CAIRN_BINARY]   (default build/release/server/cairn)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
binary="build/release/server/cairn"
data="/work/bench-data/store"
ledger="pokec100k"
port=18081
duration=5s
runs=3
while (($#)); do
  case "$1" in
    --data) data="$2"; shift 2 ;;
    --ledger) ledger="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) binary="$1"; shift ;;
  esac
done
for tool in wrk curl python3; do
  command -v "$tool" >/dev/null || { echo "cypher_point_bench: $tool is not installed" >&2; exit 2; }
done
[[ -x "$binary" ]] || { echo "cypher_point_bench: no cairn binary at $binary" >&2; exit 2; }

base="http://127.0.0.1:$port"
log="$(mktemp /tmp/cypher_point_bench.server.XXXXXX)"
"$binary" serve --data "$data" --listen "127.0.0.1:$port" --no-access-log >"$log" 2>&1 &
server_pid=$!
trap 'kill -TERM $server_pid 2>/dev/null; wait $server_pid 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 600); do
  curl -sf "$base/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { echo "the server exited:" >&2; cat "$log" >&2; exit 1; }
  sleep 0.1
done

echo "== $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname): $(nproc) cores; $(uptime | sed 's/.*load/load/')"
users=$(curl -sf "$base/ledgers/$ledger/cypher" -H 'Content-Type: application/json' \
  -d '{"statement":"MATCH (u:User) RETURN count(u)"}' |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["results"][0]["data"][0]["row"][0])')
echo "== ledger $ledger: $users users"

run() { wrk -t1 -c1 -d"$1" --latency -s "$here/pokec_point_query.lua" "$base" -- "$2" "$ledger" "$users" | grep '^RESULT'; }
run 3s sparql >/dev/null
run 3s cypher >/dev/null

declare -a sparql cypher
for r in $(seq "$runs"); do
  sparql[r]=$(run "$duration" sparql); echo "== run $r sparql: ${sparql[r]}"
  cypher[r]=$(run "$duration" cypher); echo "== run $r cypher: ${cypher[r]}"
done
median() { sed -n "s/.*\b$1=\([0-9.]*\).*/\1/p" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
s50=$(printf '%s\n' "${sparql[@]}" | median p50_us)
c50=$(printf '%s\n' "${cypher[@]}" | median p50_us)
bad=$(printf '%s\n' "${sparql[@]}" "${cypher[@]}" | sed -n 's/.*non2xx=\([0-9]*\) empty=\([0-9]*\).*/\1 \2/p' | awk '{ s += $1 + $2 } END { print s + 0 }')
echo "p50 over $runs runs: SPARQL $s50 us, Cypher $c50 us, ratio $(awk -v c="$c50" -v s="$s50" 'BEGIN { printf "%.2f", c / s }'); failed or empty answers: $bad"
((bad == 0))
