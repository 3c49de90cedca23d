#!/usr/bin/env bash
# HTTP server benchmark (issue 4): point queries over keep-alive with wrk, 1 and 32 connections,
# and the 1,000 idle keep-alive connection check, against a `cairn serve` this script starts and
# stops. Results and the targets they are held to: docs/BENCHMARKS.md, "HTTP server (issue 4)".
#
#   bench/http/http_bench.sh [options] [CAIRN_BINARY]      (default build/release/server/cairn)
#     --data DIR            store holding the ledger (default /work/bench-data/store)
#     --ledger NAME         ledger to query (default kg-10m)
#     --port P              port to listen on (default 18080)
#     --query-threads N     the server's query pool (default: cores)
#     --config FILE         also pass --config FILE to the server (e.g. {"io-threads": 2})
#     --duration D          each wrk run (default 10s)
#     --runs N              repeat the 1- and 32-connection pair N times (default 1)
#     --idle-connections N  (default 1000; 0 skips the idle check)
#     --idle-seconds S      how long the idle connections are held (default 10)
#
# Steps: start the server, wait for /health, count the ledger's persons (K of the point query is
# drawn from 100..persons-1), warm the index cache with 5 s of 32-connection load (not
# reported), measure /health with 1 connection (the transport floor: no query, no pool
# hand-off), then per run wrk -t1 -c1 and wrk -t2 -c32 with bench/http/point_query.lua, then
# bench/http/idle_connections.py. Before stopping the server with SIGTERM it reads its peak RSS
# (VmHWM). For each wrk run it also reads the server's request-duration histogram from /metrics
# before and after, so the server-side mean (arrival of the request to its last byte written)
# can be told from what the client adds, and the CPU used by the server, by wrk and by any
# other process meanwhile (cpu_others: the machine is shared; a run with cpu_others well above
# zero was disturbed). Exit status 0 only when every target is met.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
binary="build/release/server/cairn"
data="/work/bench-data/store"
ledger="kg-10m"
port=18080
query_threads=$(nproc)
duration=10s
config=""
runs=1
idle_connections=1000
idle_seconds=10

while (($#)); do
  case "$1" in
    --data) data="$2"; shift 2 ;;
    --ledger) ledger="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --query-threads) query_threads="$2"; shift 2 ;;
    --config) config="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --idle-connections) idle_connections="$2"; shift 2 ;;
    --idle-seconds) idle_seconds="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) binary="$1"; shift ;;
  esac
done

for tool in wrk curl python3 /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "http_bench: $tool is not installed" >&2; exit 2; }
done
[[ -x "$binary" ]] || { echo "http_bench: no cairn binary at $binary" >&2; exit 2; }

base="http://127.0.0.1:$port"
log="$(mktemp /tmp/http_bench.server.XXXXXX)"
server_pid=""

stop_server() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid"
    wait "$server_pid" || true
  fi
  server_pid=""
}
trap stop_server EXIT

echo "== $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname): $(nproc) cores; $(uptime | sed 's/.*load/load/')"
serve_args=(serve --data "$data" --listen "127.0.0.1:$port" --no-access-log
  --query-threads "$query_threads")
[[ -n "$config" ]] && serve_args+=(--config "$config")
echo "== server: $binary ${serve_args[*]}${config:+ ($config: $(tr -d '\n' <"$config"))}"
"$binary" "${serve_args[@]}" >"$log" 2>&1 &
server_pid=$!

for _ in $(seq 600); do
  curl -sf "$base/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { echo "http_bench: the server exited:" >&2; cat "$log" >&2; exit 1; }
  sleep 0.1
done
curl -sf "$base/health" >/dev/null || { echo "http_bench: no /health after 60 s" >&2; exit 1; }

# The number of persons bounds K. Reading it from the ledger keeps the script right for any
# datagen size (166,666 at 10M; 1,666 at 100K).
persons=$(curl -sf -G "$base/ledgers/$ledger/sparql" -H 'Accept: application/sparql-results+json' \
  --data-urlencode 'query=PREFIX c: <http://cairn.example/ontology/> SELECT (COUNT(*) AS ?n) WHERE { ?x a c:Person }' |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["results"]["bindings"][0]["n"]["value"])')
echo "== ledger $ledger: $persons persons; point query K in 100..$((persons - 1))"

lua="$here/point_query.lua"

# Sum and count of the server's request-duration histogram for the sparql route.
server_time() {
  curl -sf "$base/metrics" | awk '
    /^cairn_http_request_duration_seconds_sum\{route="sparql"\}/ { s = $2 }
    /^cairn_http_request_duration_seconds_count\{route="sparql"\}/ { c = $2 }
    END { printf "%s %s\n", s + 0, c + 0 }'
}

# Busy jiffies of the whole machine, and CPU jiffies of the server process.
machine_busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }
server_cpu() { awk '{ print $14 + $15 }' "/proc/$server_pid/stat"; }

# wrk_point THREADS CONNECTIONS: one wrk run; prints wrk's RESULT line extended with the
# server-side mean microseconds per request over the run and the CPUs (cores' worth) used by
# the server, by wrk and by everything else on the machine meanwhile: on a shared machine the
# last says how far a run can be trusted.
wrk_point() {
  local before after busy0 busy1 srv0 srv1 out result wrk_cpu
  before=$(server_time)
  busy0=$(machine_busy)
  srv0=$(server_cpu)
  out=$( { /usr/bin/time -f 'WRKCPU %U %S %e' \
    wrk -t"$1" -c"$2" -d"$duration" --latency -s "$lua" "$base" -- "$ledger" "$persons"; } 2>&1)
  busy1=$(machine_busy)
  srv1=$(server_cpu)
  after=$(server_time)
  result=$(grep '^RESULT' <<<"$out")
  wrk_cpu=$(grep '^WRKCPU' <<<"$out")
  awk -v b="$before" -v a="$after" -v r="$result" -v w="$wrk_cpu" -v hz="$(getconf CLK_TCK)" \
    -v busy=$((busy1 - busy0)) -v srv=$((srv1 - srv0)) 'BEGIN {
    split(b, x, " "); split(a, y, " "); split(w, c, " ");
    n = y[2] - x[2]; mean = n > 0 ? (y[1] - x[1]) / n * 1e6 : 0;
    wall = c[4]; server = srv / hz / wall; client = (c[2] + c[3]) / wall;
    others = busy / hz / wall - server - client; if (others < 0) others = 0;
    printf "%s server_mean_us=%.0f cpu_server=%.2f cpu_wrk=%.2f cpu_others=%.2f\n",
      r, mean, server, client, others }'
}

field() { sed -n "s/.*\b$1=\([0-9.]*\).*/\1/p" <<<"$2"; }

echo "== warm-up: 5 s, 32 connections (not reported)"
wrk -t2 -c32 -d5s -s "$lua" "$base" -- "$ledger" "$persons" >/dev/null

health=$(wrk -t1 -c1 -d"$duration" --latency "$base/health")
echo "== GET /health, 1 connection (transport floor): p50 $(awk '/ 50%/ {print $2}' <<<"$health")," \
  "p99 $(awk '/ 99%/ {print $2}' <<<"$health"), $(awk '/Requests\/sec/ {print $2}' <<<"$health") requests/s"

declare -a one thirtytwo
for run in $(seq "$runs"); do
  one[run]=$(wrk_point 1 1)
  echo "== run $run, 1 connection:   ${one[run]}"
  thirtytwo[run]=$(wrk_point 2 32)
  echo "== run $run, 32 connections: ${thirtytwo[run]}"
done

# median/min/max of one field over the runs
stat() {
  local name="$1"; shift
  printf '%s\n' "$@" | sed -n "s/.*\b$name=\([0-9.]*\).*/\1/p" | sort -n |
    awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
           printf "%s (%s-%s)", m, v[1], v[NR] }'
}

idle_line=""
idle_status=0
if ((idle_connections > 0)); then
  echo "== idle connections: $idle_connections held ${idle_seconds} s"
  idle_out=$(python3 "$here/idle_connections.py" --port "$port" --ledger "$ledger" \
    --persons "$persons" --connections "$idle_connections" --idle-seconds "$idle_seconds" \
    --server-pid "$server_pid") || idle_status=$?
  sed 's/^/   /' <<<"$idle_out"
  idle_line=$(grep '^IDLE' <<<"$idle_out")
fi

peak_rss_kib=$(awk '/^VmHWM:/ {print $2}' "/proc/$server_pid/status")
stop_server
echo "== server peak RSS (VmHWM): $((peak_rss_kib / 1024)) MiB; stopped with SIGTERM: $(tail -1 "$log")"
rm -f "$log"

p50_one=$(stat p50_us "${one[@]}")
rps_32=$(stat rps "${thirtytwo[@]}")
echo
echo "summary over $runs run(s), median (min-max):"
echo "  1 connection:   p50 $p50_one us, p90 $(stat p90_us "${one[@]}") us, p99 $(stat p99_us "${one[@]}") us," \
  "$(stat rps "${one[@]}") req/s, server mean $(stat server_mean_us "${one[@]}") us," \
  "CPU server $(stat cpu_server "${one[@]}") wrk $(stat cpu_wrk "${one[@]}") others $(stat cpu_others "${one[@]}")"
echo "  32 connections: p50 $(stat p50_us "${thirtytwo[@]}") us, p90 $(stat p90_us "${thirtytwo[@]}") us," \
  "p99 $(stat p99_us "${thirtytwo[@]}") us, $rps_32 req/s, server mean $(stat server_mean_us "${thirtytwo[@]}") us," \
  "CPU server $(stat cpu_server "${thirtytwo[@]}") wrk $(stat cpu_wrk "${thirtytwo[@]}") others $(stat cpu_others "${thirtytwo[@]}")"

errors=0
for r in "${one[@]}" "${thirtytwo[@]}"; do
  errors=$((errors + $(field non2xx "$r") + $(field socket_errors "$r") + $(field empty "$r")))
done
status=0
# check NAME MET DETAIL: one target line; any missed target makes the exit status 1.
check() {
  local word="met"
  if (($2 == 0)); then word="MISSED"; status=1; fi
  printf '  %-42s %s (%s)\n' "$1" "$word" "$3"
}
p50_median=${p50_one%% *}
rps_median=${rps_32%% *}
echo "targets:"
check "1 connection: p50 <= 150 us" "$(awk -v v="$p50_median" 'BEGIN { print (v <= 150) }')" \
  "$p50_median us"
check "32 connections: >= 15,000 queries/s" "$(awk -v v="$rps_median" 'BEGIN { print (v >= 15000) }')" \
  "$rps_median/s"
check "zero errors (non-2xx, socket, empty)" $((errors == 0)) "$errors"
if [[ -n "$idle_line" ]]; then
  check "$idle_connections idle connections held" $((idle_status == 0)) \
    "$(field first_ok "$idle_line") then $(field second_ok "$idle_line") answered; probe p50 $(field baseline_p50_us "$idle_line") -> $(field idle_p50_us "$idle_line") us"
fi
exit $status
