#!/usr/bin/env bash
# Installs dependencies, builds the `cairn` binary, loads the bundled sample dataset into the
# ledger `sample` of the embedded store (./cairn-data), and runs a SPARQL query against it.
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
echo "Writers by country of birth (SPARQL):"
"$cairn" query --data "$data" --ledger sample '
  PREFIX ex: <http://cairn.example/sample/>
  SELECT ?country (COUNT(?writer) AS ?writers) (SAMPLE(?name) AS ?example)
  WHERE {
    ?writer a ex:Writer ; ex:name ?name ; ex:birthPlace/ex:country/ex:name ?country .
  }
  GROUP BY ?country
  ORDER BY DESC(?writers) ?country'
