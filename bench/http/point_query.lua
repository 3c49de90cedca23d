-- wrk script: the point query of bench/query_bench_main.cpp over HTTP, one random person per
-- request, as a SPARQL 1.1 Protocol GET.
--
--   wrk -t1 -c1 -d10s --latency -s bench/http/point_query.lua http://127.0.0.1:PORT \
--       -- LEDGER PERSONS
--
-- LEDGER defaults to kg-10m; K is drawn uniformly from 100..PERSONS-1 (PERSONS defaults to
-- 166666, the person count of the 10M datagen graph; 1666 at 100K). Hubs below 100 are left
-- out, as in query_bench, so requests do not all hit one leaflet.
--
-- wrk itself only reports "Non-2xx or 3xx responses"; the issue counts every non-2xx answer as
-- an error, and an answer without a binding would mean the benchmark measures the wrong thing,
-- so response() counts both per thread and done() prints them with the latency percentiles as
-- one machine-readable line for http_bench.sh:
--   RESULT requests=N seconds=S rps=R p50_us=.. p90_us=.. p99_us=.. max_us=.. non2xx=N
--          empty=N socket_errors=N

local prefixes = "PREFIX c: <http://cairn.example/ontology/>\n" ..
                 "PREFIX person: <http://cairn.example/resource/Person/>\n"

local function urlEncode(text)
  return (text:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

-- Everything but K is encoded once: K is digits, which need no escaping.
local pathHead
local pathTail = urlEncode(" c:name ?n }")
local persons
local headers = { ["Accept"] = "application/sparql-results+json" }

local threads = {}
local nextThread = 0

function setup(thread)
  thread:set("threadIndex", nextThread)
  nextThread = nextThread + 1
  table.insert(threads, thread)
end

function init(args)
  local ledger = args[1] or "kg-10m"
  persons = tonumber(args[2] or "166666")
  pathHead = "/ledgers/" .. ledger .. "/sparql?query=" ..
             urlEncode(prefixes .. "SELECT ?n WHERE { person:")
  -- A different, reproducible sequence per thread.
  math.randomseed(7919 * (threadIndex + 1))
  non2xx = 0
  empty = 0
end

function request()
  local k = math.random(100, persons - 1)
  return wrk.format("GET", pathHead .. k .. pathTail, headers)
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  elseif not body:find('"value"', 1, true) then
    empty = empty + 1
  end
end

function done(summary, latency, requests)
  local non2xxTotal, emptyTotal = 0, 0
  for _, thread in ipairs(threads) do
    non2xxTotal = non2xxTotal + thread:get("non2xx")
    emptyTotal = emptyTotal + thread:get("empty")
  end
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format(
      "RESULT requests=%d seconds=%.2f rps=%.0f p50_us=%d p90_us=%d p99_us=%d max_us=%d " ..
      "non2xx=%d empty=%d socket_errors=%d\n",
      summary.requests, seconds, summary.requests / seconds, latency:percentile(50),
      latency:percentile(90), latency:percentile(99), latency.max, non2xxTotal, emptyTotal,
      e.connect + e.read + e.write + e.timeout))
end
