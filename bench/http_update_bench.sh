#!/usr/bin/env bash
# http_update_bench.sh: commits per second through the HTTP update route with 1 and with 32
# concurrent clients, in alternating rounds (issue 5's group-commit target, as a client sees it).
#
#   bench/http_update_bench.sh [CAIRN_BINARY] [PORT] [ROUNDS]
#
# Starts `cairn serve` on a fresh data directory with a one-triple ledger "bench", then per round
# runs ApacheBench (apt package apache2-utils) with -c 1 (1,500 requests) and -c 32 (12,000), each
# request a SPARQL Update that inserts one triple with a fresh subject (STRUUID), so every request
# is one commit and no two touch the same facts. Prints requests/s per round and checks at the end
# that every request's triple is there. ab's "Failed requests" counts responses whose length
# differs from the first one's (t and time vary in length); the final count is the check.
set -euo pipefail
BIN=${1:-build/lead/server/cairn}
PORT=${2:-7919}
ROUNDS=${3:-3}
command -v ab >/dev/null || { echo "needs ab (apt-get install apache2-utils)" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'kill -INT $SERVER 2>/dev/null || true; wait $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT
printf '<http://ex/seed> <http://ex/p> "seed" .\n' > "$WORK/seed.nt"
printf 'INSERT { ?s <http://ex/p> ?o } WHERE { BIND(IRI(CONCAT("http://ex/s/", STRUUID())) AS ?s) BIND(STRUUID() AS ?o) }' > "$WORK/update.rq"
"$BIN" serve --data "$WORK/data" --listen "127.0.0.1:$PORT" --no-access-log \
  --load "bench=$WORK/seed.nt" > "$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 150); do
  curl -s -o /dev/null "http://127.0.0.1:$PORT/ledgers/bench/sparql?query=ASK%7B%7D" && break
  sleep 0.2
done
URL="http://127.0.0.1:$PORT/ledgers/bench/update"
expected=1
for round in $(seq 1 "$ROUNDS"); do
  for clients in 1 32; do
    requests=$(( clients == 1 ? 1500 : 12000 ))
    rate=$(ab -q -k -n "$requests" -c "$clients" -p "$WORK/update.rq" \
             -T application/sparql-update "$URL" | awk '/Requests per second/ {print $4}')
    expected=$(( expected + requests ))
    echo "round $round: $clients client(s): $rate requests/s"
  done
done
count=$(curl -s "http://127.0.0.1:$PORT/ledgers/bench/sparql" -H 'Accept: text/csv' \
          --data-urlencode 'query=SELECT (COUNT(*) AS ?n) WHERE { ?s <http://ex/p> ?o }' | tail -1 | tr -d '\r')
echo "triples: $count (expected $expected)"
[ "$count" = "$expected" ]
