#!/usr/bin/env bash
# Installs dependencies, builds the `cairn` binary and starts the HTTP server on 127.0.0.1:7878
# with the embedded store in ./cairn-data; on first start it loads the bundled sample dataset
# into the ledger `sample`. It prints the URL and example curl commands; Ctrl-C stops it
# gracefully. CAIRN_LISTEN and CAIRN_DATA change the address and the data directory.
set -euo pipefail
cd "$(dirname "$0")/.."
bash deploy/install-deps.sh --build
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
cmake --preset release >/dev/null
cmake --build --preset release --target cairn
listen="${CAIRN_LISTEN:-127.0.0.1:7878}"
data="${CAIRN_DATA:-./cairn-data}"

cat <<EXAMPLES
Once it listens, open http://$listen/ in a browser for the web console, or ask with curl
(writers by country of birth):
  curl http://$listen/ledgers/sample/sparql -H 'Accept: text/csv' --data-urlencode 'query=
    PREFIX ex: <http://cairn.example/sample/>
    SELECT ?country (COUNT(?writer) AS ?writers) WHERE {
      ?writer a ex:Writer ; ex:birthPlace/ex:country/ex:name ?country }
    GROUP BY ?country ORDER BY DESC(?writers)'

EXAMPLES
exec build/release/server/cairn serve --data "$data" --listen "$listen" \
  --load sample=deploy/sample/sample.trig
