-- wrk script: the point lookup of bench/cypher_bench_main.cpp over HTTP, one random user per
-- request, either as a Cypher statement (POST /ledgers/L/cypher, JSON with a parameter) or as
-- the equivalent SPARQL query (SPARQL 1.1 Protocol GET).
--
--   wrk -t1 -c1 -d5s --latency -s bench/http/pokec_point_query.lua http://127.0.0.1:PORT \
--       -- cypher|sparql LEDGER USERS
--
-- K is drawn uniformly from 1..USERS. done() prints one machine-readable line:
--   RESULT requests=N seconds=S rps=R p50_us=.. p90_us=.. p99_us=.. non2xx=N empty=N
-- where `empty` counts 2xx answers that carry no value (the benchmark would measure nothing).

local function urlEncode(text)
  return (text:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local threads = {}
local nextThread = 0

function setup(thread)
  thread:set("threadIndex", nextThread)
  nextThread = nextThread + 1
  table.insert(threads, thread)
end

local mode, ledger, users
local sparqlHead, sparqlTail

function init(args)
  mode = args[1] or "cypher"
  ledger = args[2] or "pokec100k"
  users = tonumber(args[3] or "100000")
  sparqlHead = "/ledgers/" .. ledger .. "/sparql?query=" ..
               urlEncode("PREFIX pg: <urn:cairn:pg:> SELECT ?c { ?u pg:id ")
  sparqlTail = urlEncode(" ; a pg:User ; pg:completion_percentage ?c }")
  math.randomseed(7919 * (threadIndex + 1))
  non2xx = 0
  empty = 0
end

function request()
  local k = math.random(1, users)
  if mode == "sparql" then
    return wrk.format("GET", sparqlHead .. k .. sparqlTail,
                      { ["Accept"] = "application/sparql-results+json" })
  end
  local body = '{"statement":"MATCH (u:User {id: $k}) RETURN u.completion_percentage",' ..
               '"parameters":{"k":' .. k .. '}}'
  return wrk.format("POST", "/ledgers/" .. ledger .. "/cypher",
                    { ["Content-Type"] = "application/json", ["Accept"] = "application/json" },
                    body)
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  elseif mode == "sparql" and not body:find('"value"', 1, true) then
    empty = empty + 1
  elseif mode == "cypher" and not body:find('"row":[', 1, true) then
    empty = empty + 1
  end
end

function done(summary, latency, requests)
  local non2xxTotal, emptyTotal = 0, 0
  for _, thread in ipairs(threads) do
    non2xxTotal = non2xxTotal + thread:get("non2xx")
    emptyTotal = emptyTotal + thread:get("empty")
  end
  local seconds = summary.duration / 1e6
  io.write(string.format(
      "RESULT requests=%d seconds=%.2f rps=%.0f p50_us=%d p90_us=%d p99_us=%d non2xx=%d empty=%d\n",
      summary.requests, seconds, summary.requests / seconds, latency:percentile(50),
      latency:percentile(90), latency:percentile(99), non2xxTotal, emptyTotal))
end
