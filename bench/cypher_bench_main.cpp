// cypher_bench: Cypher beside the equivalent SPARQL on one ledger, in-process and in the same run,
// over the Pokec-shaped social network (bench/pokec, imported with `cairn import` from
// `pokec_gen --format nt`). Each pair is parsed, planned, run and its values decoded per
// repetition, by Cypher (cypher::runStatement) and by SPARQL (query::executeQuery), alternating
// per repetition so machine noise falls on both; their answers must be equal (sorted rows as
// text) or the tool fails. Reports each side's median, min and max, the ratio Cypher/SPARQL, and
// the process's peak RSS.
//
//   cypher_bench --data DIR --ledger NAME [--reps N] [--only NAME] [--seed S]
//
// Queries with $k draw a user id per repetition (the same ids for both languages).

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/io/allocator_tuning.h"
#include "cypher/statement/statement_plan.h"
#include "cypher/statement/statement_runner.h"
#include "query/engine/query_engine.h"
#include "query/value/value_text.h"
#include "server/cli/store_access.h"
#include "sparql/parser/sparql_parser.h"

using namespace cairn;
using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kPrefixes = "PREFIX pg: <urn:cairn:pg:>\n";

struct QueryPair {
  const char* name;
  const char* cypher;  // $k: a user id
  const char* sparql;  // {K}: the same id
  bool drawsUser;
  int repsDivisor;  // whole-graph queries run reps / divisor times
};

const QueryPair kPairs[] = {
    {"point-lookup", "MATCH (u:User {id: $k}) RETURN u.completion_percentage",
     "SELECT ?c { ?u pg:id {K} ; a pg:User ; pg:completion_percentage ?c }", true, 1},
    {"one-hop", "MATCH (u:User {id: $k})-[:Friend]->(f) RETURN f.id",
     "SELECT ?i { ?u pg:id {K} ; a pg:User ; pg:Friend ?f . ?f pg:id ?i }", true, 1},
    // The key on the node written last, in WHERE: the chain must still start from a seek.
    {"one-hop-keyed-last", "MATCH (f)<-[:Friend]-(u:User) WHERE u.id = $k RETURN f.id",
     "SELECT ?i { ?u pg:id {K} ; a pg:User ; pg:Friend ?f . ?f pg:id ?i }", true, 1},
    {"two-hop-count-distinct",
     "MATCH (u:User {id: $k})-[:Friend]->()-[:Friend]->(f) RETURN count(DISTINCT f)",
     "SELECT (COUNT(DISTINCT ?f) AS ?n) { ?u pg:id {K} ; a pg:User ; pg:Friend ?x . "
     "?x pg:Friend ?f }",
     true, 1},
    {"neighbours-min-max-age",
     "MATCH (u:User {id: $k})-[:Friend]->(f) RETURN min(f.age), max(f.age), count(f.age)",
     "SELECT (MIN(?a) AS ?lo) (MAX(?a) AS ?hi) (COUNT(?a) AS ?n) { ?u pg:id {K} ; a pg:User ; "
     "pg:Friend ?f . ?f pg:age ?a }",
     true, 1},
    {"count-by-gender", "MATCH (u:User) RETURN u.gender, count(*)",
     "SELECT ?g (COUNT(*) AS ?n) { ?u a pg:User OPTIONAL { ?u pg:gender ?g } } GROUP BY ?g", false,
     4},
    {"label-counts", "MATCH (u:User) RETURN count(u), count(u.age)",
     "SELECT (COUNT(?u) AS ?n) (COUNT(?a) AS ?m) { ?u a pg:User OPTIONAL { ?u pg:age ?a } }", false,
     4},
    {"label-min-max-sum", "MATCH (u:User) RETURN min(u.age), max(u.age), sum(u.age)",
     "SELECT (MIN(?a) AS ?lo) (MAX(?a) AS ?hi) (SUM(?a) AS ?total) { ?u a pg:User ; pg:age ?a }",
     false, 4},
    {"filtered-count", "MATCH (u:User) WHERE u.age >= 18 AND u.age <= 25 RETURN count(u)",
     "SELECT (COUNT(?u) AS ?n) { ?u a pg:User ; pg:age ?a FILTER(?a >= 18 && ?a <= 25) }", false,
     4},
    {"triangle-count",
     "MATCH (a:User)-[:Friend]->(b:User)-[:Friend]->(c:User)-[:Friend]->(a) RETURN count(*)",
     "SELECT (COUNT(*) AS ?n) { ?a a pg:User ; pg:Friend ?b . ?b a pg:User ; pg:Friend ?c . "
     "?c a pg:User ; pg:Friend ?a }",
     false, 8},
};

std::string substitute(std::string text, const std::string& k) {
  for (size_t at = text.find("{K}"); at != std::string::npos; at = text.find("{K}", at)) {
    text.replace(at, 3, k);
  }
  return text;
}

// Rows as sorted text: Cypher's values as openCypher writes them, SPARQL's terms with strings
// quoted the same way and unbound as null, so the two answers compare.
class CypherRows final : public query::ValueSink {
 public:
  void begin(const std::vector<std::string>&, const query::value::GraphAccess& g) override {
    graph_ = &g;
  }
  void row(std::span<const query::value::Value> values) override {
    std::string line;
    for (size_t i = 0; i < values.size(); ++i) {
      line += (i ? " | " : "") + query::value::toText(values[i], graph_);
    }
    rows.push_back(std::move(line));
  }
  void end() override {}
  std::vector<std::string> rows;

 private:
  const query::value::GraphAccess* graph_ = nullptr;
};

class SparqlRows final : public query::ResultSink {
 public:
  void beginSolutions(const std::vector<std::string>&) override {}
  void solution(std::span<const core::Term* const> cells) override {
    std::string line;
    for (size_t i = 0; i < cells.size(); ++i) {
      line += i ? " | " : "";
      const core::Term* t = cells[i];
      if (t == nullptr) {
        line += "null";
      } else if (t->kind == core::TermKind::kLiteral &&
                 (t->datatype.empty() ||
                  t->datatype == "http://www.w3.org/2001/XMLSchema#string")) {
        line += "'" + t->value + "'";
      } else {
        line += t->value;
      }
    }
    rows.push_back(std::move(line));
  }
  void booleanResult(bool) override {}
  void beginGraph() override {}
  void triple(const core::Term&, const core::Term&, const core::Term&) override {}
  void end() override {}
  std::vector<std::string> rows;
};

double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))];
}

uint64_t countUsers(const index::Ledger& ledger) {
  SparqlRows sink;
  query::executeQuery(
      ledger,
      sparql::parseQuery(std::string(kPrefixes) + "SELECT (COUNT(*) AS ?n) { ?u a pg:User }"), {},
      sink);
  return sink.rows.empty() ? 0 : std::stoull(sink.rows[0]);
}

uint64_t peakRssKb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6));
  }
  return 0;
}

}  // namespace

// A plan store as the server's, without its LRU bound: every key is kept on first sight.
class InMemoryPlans final : public cypher::ReadPlanStore {
 public:
  std::shared_ptr<const query::PreparedCypherQuery> find(const std::string& key) override {
    auto it = plans_.find(key);
    return it == plans_.end() ? nullptr : it->second;
  }
  bool worthKeeping(const std::string&) override { return true; }
  void keep(const std::string& key,
            std::shared_ptr<const query::PreparedCypherQuery> prepared) override {
    plans_[key] = std::move(prepared);
  }

 private:
  std::map<std::string, std::shared_ptr<const query::PreparedCypherQuery>> plans_;
};

int main(int argc, char** argv) {
  core::tuneAllocatorForQueries();
  std::string data = server::kDefaultDataDirectory, ledgerName, only;
  int reps = 21;
  uint64_t seed = 7;
  CLI::App app{"Cypher beside the equivalent SPARQL over a Pokec-shaped ledger"};
  app.add_option("--data", data);
  app.add_option("--ledger", ledgerName)->required();
  app.add_option("--reps", reps, "repetitions per query (whole-graph queries run fewer)");
  app.add_option("--only", only, "run only the pair with this name");
  app.add_option("--seed", seed, "seed of the user ids drawn");
  bool asServer = false;
  app.add_flag("--as-server", asServer,
               "Cypher as the server runs it: parsed once, its plan kept per text (parameters "
               "per run); SPARQL as the server runs a new text (each id its own)");
  CLI11_PARSE(app, argc, argv);

  try {
    auto store = server::openStore(data, /*readOnly=*/true);
    auto live = server::openLiveLedger(*store, ledgerName, size_t{1} << 30);
    const uint64_t users = countUsers(*live->snapshot());
    if (users == 0) throw core::Error(core::ErrorCode::kNotFound, "the ledger has no User nodes");
    std::mt19937_64 random(seed);
    query::QueryOptions options;
    options.reportPlan = false;  // as the server runs a query it was not asked to explain
    std::printf("%-24s %10s %10s %10s %10s %10s %10s %7s %8s\n", "query", "cypher_ms", "min", "max",
                "sparql_ms", "min", "max", "ratio", "rows_sum");
    // --as-server: the statements parsed once (the server's parse cache) and a plan store.
    std::map<std::string, std::shared_ptr<const cypher::ast::Statement>> parsed;
    for (const QueryPair& pair : kPairs) {
      parsed[pair.name] = std::make_shared<const cypher::ast::Statement>(
          cypher::parseCheckedStatement(pair.cypher));
    }
    InMemoryPlans keptPlans;
    for (const QueryPair& pair : kPairs) {
      if (!only.empty() && only != pair.name) continue;
      const int n = std::max(3, reps / pair.repsDivisor);
      std::vector<uint64_t> ids;
      for (int r = 0; r < n; ++r) ids.push_back(pair.drawsUser ? 1 + random() % users : 0);
      std::vector<double> cypherMs, sparqlMs;
      size_t rows = 0;  // over the warm-up pass: the answers' size, summed
      // Pass 0 warms the cache and checks the answers; pass 1 is timed.
      for (int pass = 0; pass < 2; ++pass) {
        for (uint64_t id : ids) {
          CypherRows c;
          const query::value::Parameters parameters{
              {"k", query::value::Value::integer(static_cast<int64_t>(id))}};
          auto start = Clock::now();
          if (asServer) {
            const cypher::ReadPlans plans{keptPlans, pair.cypher};
            cypher::runStatement(*live, *parsed.at(pair.name), parameters, options, c, &plans);
          } else {
            cypher::runStatement(*live, pair.cypher, parameters, options, c);
          }
          const double cypherElapsed =
              std::chrono::duration<double, std::milli>(Clock::now() - start).count();
          SparqlRows s;
          start = Clock::now();
          query::executeQuery(*live->snapshot(),
                              sparql::parseQuery(std::string(kPrefixes) +
                                                 substitute(pair.sparql, std::to_string(id))),
                              options, s);
          const double sparqlElapsed =
              std::chrono::duration<double, std::milli>(Clock::now() - start).count();
          if (pass == 0) {
            std::sort(c.rows.begin(), c.rows.end());
            std::sort(s.rows.begin(), s.rows.end());
            if (c.rows != s.rows) {
              std::fprintf(stderr, "error: %s (k = %llu): Cypher gave %zu rows, SPARQL %zu%s%s\n",
                           pair.name, static_cast<unsigned long long>(id), c.rows.size(),
                           s.rows.size(), c.rows.empty() ? "" : (", first " + c.rows[0]).c_str(),
                           s.rows.empty() ? "" : (" / " + s.rows[0]).c_str());
              return 1;
            }
            rows += c.rows.size();
            continue;
          }
          cypherMs.push_back(cypherElapsed);
          sparqlMs.push_back(sparqlElapsed);
        }
      }
      const double cm = percentile(cypherMs, 0.5), sm = percentile(sparqlMs, 0.5);
      std::printf("%-24s %10.3f %10.3f %10.3f %10.3f %10.3f %10.3f %7.2f %8zu\n", pair.name, cm,
                  *std::min_element(cypherMs.begin(), cypherMs.end()),
                  *std::max_element(cypherMs.begin(), cypherMs.end()), sm,
                  *std::min_element(sparqlMs.begin(), sparqlMs.end()),
                  *std::max_element(sparqlMs.begin(), sparqlMs.end()), cm / sm, rows);
      std::fflush(stdout);
    }
    std::printf("users %llu, peak RSS %.1f MB\n", static_cast<unsigned long long>(users),
                static_cast<double>(peakRssKb()) / 1024);
  } catch (const core::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
