// factorized-count against the generic plan (joins + HashGroup, itself checked against the naive
// evaluator by the differential tests): random tree-shaped patterns — stars, chains, constant
// ends, a pattern without variables, an OPTIONAL tree on one variable — with COUNT(*),
// COUNT(?v), COUNT(DISTINCT ?v) and GROUP BY, over random data with multi-valued predicates,
// blank nodes and literals, on indexed data and over novelty (commits after the index, some
// retracting indexed facts), at the latest t and at the base's t. The fast path must be chosen
// for every query and answer exactly as the generic plan.

#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "core/error.h"
#include "sparql/parser/sparql_parser.h"
#include "tests/unit/query/engine/live_fixture.h"

namespace cairn::testing {
namespace {

class Random {
 public:
  explicit Random(uint64_t seed) : rng_(seed) {}
  int below(int n) { return static_cast<int>(rng_() % static_cast<uint64_t>(n)); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }

 private:
  std::mt19937_64 rng_;
};

std::string node(Random& r) {
  if (r.chance(0.15)) return "_:b" + std::to_string(r.below(3));
  return "ex:n" + std::to_string(r.below(12));
}
std::string predicate(Random& r) { return "ex:p" + std::to_string(r.below(4)); }
std::string object(Random& r) {
  if (r.chance(0.7)) return node(r);
  switch (r.below(4)) {
    case 0:
      return std::to_string(r.below(4));
    case 1:
      return "\"s" + std::to_string(r.below(3)) + "\"";
    case 2:
      return r.chance(0.5) ? "\"x\"@en" : "\"x\"@EN";
    default:
      return "\"y\"@de";
  }
}
std::string triple(Random& r) { return node(r) + " " + predicate(r) + " " + object(r) + " ."; }

// A constant usable in a pattern: nodes only as subjects (blank nodes are not constants in a
// query).
std::string constantNode(Random& r) { return "ex:n" + std::to_string(r.below(12)); }
std::string constantObject(Random& r) { return r.chance(0.8) ? constantNode(r) : "\"s1\""; }

// One pattern between variables a and b, either way round.
std::string edge(Random& r, const std::string& a, const std::string& b) {
  return r.chance(0.5) ? a + " " + predicate(r) + " " + b + " . "
                       : b + " " + predicate(r) + " " + a + " . ";
}

std::string randomQuery(Random& r) {
  const int vars = 1 + r.below(4);
  std::string body;
  if (vars == 1) body += "?v0 " + predicate(r) + " ?w . ";
  for (int i = 1; i < vars; ++i) {
    body += edge(r, "?v" + std::to_string(r.below(i)), "?v" + std::to_string(i));
  }
  if (r.chance(0.3)) {
    const std::string v = "?v" + std::to_string(r.below(vars));
    body += r.chance(0.5) ? v + " " + predicate(r) + " " + constantObject(r) + " . "
                          : constantNode(r) + " " + predicate(r) + " " + v + " . ";
  }
  if (r.chance(0.1)) body += constantNode(r) + " " + predicate(r) + " " + constantObject(r) + " . ";
  const bool optional = r.chance(0.5);
  if (optional) {
    const std::string link = "?v" + std::to_string(r.below(vars));
    std::string inner = edge(r, link, "?o0");
    if (r.chance(0.4)) inner += edge(r, r.chance(0.5) ? link : "?o0", "?o1");
    body += "OPTIONAL { " + inner + "} ";
  }
  const bool grouped = r.chance(0.3);
  const std::string key = grouped ? "?v" + std::to_string(r.below(vars)) : "";
  std::string head = key;
  const int aggregates = 1 + r.below(2);
  for (int a = 0; a < aggregates; ++a) {
    const std::string v = "?v" + std::to_string(r.below(vars));
    std::string call;
    switch (r.below(4)) {
      case 0:
        call = "COUNT(*)";
        break;
      case 1:
        call = "COUNT(" + v + ")";
        break;
      case 2:
        call = optional ? "COUNT(?o0)" : "COUNT(*)";
        break;
      default:
        call = grouped ? "COUNT(*)" : "COUNT(DISTINCT " + v + ")";
        break;
    }
    head += " (" + call + " AS ?c" + std::to_string(a) + ")";
  }
  return "SELECT " + head + " WHERE { " + body + "}" + (grouped ? " GROUP BY " + key : "");
}

using Fixture = LiveFixture;

// What a differing answer is reported with.
std::string failureContext(uint64_t seed, uint64_t asOf, const std::string& sparql,
                           const std::string& data, const std::string& insert,
                           const std::string& remove) {
  return "seed " + std::to_string(seed) + " at t " + std::to_string(asOf) + "\n" + sparql +
         "\n--- data\n" + data + "--- inserted\n" + insert + "\n--- deleted\n" + remove;
}

// Options for the fast path and for the generic plan it must agree with, at `asOf`.
std::pair<query::QueryOptions, query::QueryOptions> fastAndGeneric(uint64_t asOf,
                                                                   size_t batchRows = 0) {
  query::QueryOptions fast;
  fast.asOf = asOf;
  fast.batchRows = batchRows;
  query::QueryOptions generic = fast;
  generic.disabledRewrites = {"factorized-count"};
  return {fast, generic};
}

// Commits novelty over `f`: random new facts, then retractions of random and of indexed ones
// (from `data`; DELETE DATA takes no blank nodes). Returns the two update texts' bodies.
std::pair<std::string, std::string> addNovelty(Random& r, Fixture& f, const std::string& data,
                                               int inserts, int randomRemovals) {
  std::string insert, remove;
  for (int i = 0; i < inserts; ++i) insert += triple(r) + " ";
  auto removable = [](const std::string& t) { return t.find("_:") == std::string::npos; };
  for (int i = 0; i < randomRemovals; ++i) {
    const std::string t = triple(r);
    if (removable(t)) remove += t + " ";
  }
  std::istringstream lines(data);
  std::string line;
  for (int i = 0; std::getline(lines, line) && i < 10; ++i) {
    if (removable(line)) remove += line + " ";
  }
  f.update("INSERT DATA { " + insert + "}");
  f.update("DELETE DATA { " + remove + "}");
  return {insert, remove};
}

TEST(FactorizedCountTest, RandomTreeCountsMatchTheGenericPlan) {
  int fastRuns = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    Random r(seed);
    std::string data;
    const int triples = 40 + r.below(80);
    for (int i = 0; i < triples; ++i) data += triple(r) + "\n";
    Fixture f(data, seed % 2 == 0);
    if (!f.live) return;
    auto [insert, remove] = addNovelty(r, f, data, 15, 8);

    for (int q = 0; q < 12; ++q) {
      const std::string sparql = randomQuery(r);
      for (uint64_t asOf : {uint64_t{UINT64_MAX}, f.baseT}) {
        auto [fastOptions, genericOptions] = fastAndGeneric(asOf, seed % 3 == 0 ? 2 : 0);
        RunResult fast, generic;
        try {
          fast = f.run(sparql, fastOptions);
          generic = f.run(sparql, genericOptions);
        } catch (const core::Error& e) {
          ADD_FAILURE() << "seed " << seed << ": " << e.what() << "\n" << sparql;
          continue;
        }
        // COUNT of one pattern comes from the directories, before this fast path is tried.
        const bool factorized = planHasDetail(fast.report.plan, "rewrite", "factorized-count");
        EXPECT_TRUE(factorized ||
                    planHasDetail(fast.report.plan, "rewrite", "count-from-directory"))
            << "seed " << seed << ": not factorized\n"
            << sparql;
        fastRuns += factorized;
        EXPECT_EQ(sortedRows(fast.result), sortedRows(generic.result))
            << failureContext(seed, asOf, sparql, data, insert, remove);
      }
    }
  }
  EXPECT_GT(fastRuns, 800);
}

// The first value of detail `key` in the plan, or empty.
std::string detailAnywhere(const query::PlanInfo& plan, const std::string& key) {
  for (const auto& [k, v] : plan.details) {
    if (k == key) return v;
  }
  for (const auto& child : plan.children) {
    if (auto v = detailAnywhere(child, key); !v.empty()) return v;
  }
  return "";
}

// Stars on one variable whose other ends are leaves, with optional arms, are counted by one
// merge of the arms' runs (query/exec/star_run_merge.h): the variable as subject or object
// (2-hop chains through it), multi-valued arms, constant ends, blank nodes, literal objects
// that no subject can match, optional arms with several rows per value, COUNT of an
// optional's variable, over novelty with retractions and at the base's t.
TEST(FactorizedCountTest, StarsByOneMergeMatchTheGenericPlan) {
  int merged = 0;
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    Random r(seed);
    std::string data;
    for (int i = 0; i < 60 + r.below(80); ++i) data += triple(r) + "\n";
    Fixture f(data, seed % 2 == 0);
    if (!f.live) return;
    auto [insert, remove] = addNovelty(r, f, data, 12, 0);
    for (int q = 0; q < 10; ++q) {
      std::string body;
      const int required = 1 + r.below(3), optional = r.below(3);
      // An arm holds ?s as its subject, or (a third of them) as its object: `?b p ?s`,
      // `ex:n3 p ?s` (a 2-hop chain through ?s, counted node type by node type).
      auto arm = [&](const std::string& other, bool constantAllowed) {
        if (r.chance(0.33)) {
          return (constantAllowed && r.chance(0.25) ? constantNode(r) : other) + " " +
                 predicate(r) + " ?s . ";
        }
        return "?s " + predicate(r) + " " +
               (constantAllowed && r.chance(0.25) ? constantObject(r) : other) + " . ";
      };
      for (int i = 0; i < required; ++i) body += arm("?a" + std::to_string(i), true);
      for (int i = 0; i < optional; ++i) {
        body += "OPTIONAL { " + arm("?o" + std::to_string(i), false) + "} ";
      }
      std::string count = "*";
      if (optional > 0 && r.chance(0.4)) count = "?o0";
      const std::string sparql = "SELECT (COUNT(" + count + ") AS ?n) WHERE { " + body + "}";
      for (uint64_t asOf : {uint64_t{UINT64_MAX}, f.baseT}) {
        auto [fastOptions, genericOptions] = fastAndGeneric(asOf, seed % 3 == 0 ? 2 : 0);
        RunResult fast = f.run(sparql, fastOptions);
        RunResult generic = f.run(sparql, genericOptions);
        merged += !detailAnywhere(fast.report.plan, "star").empty();
        EXPECT_EQ(sortedRows(fast.result), sortedRows(generic.result))
            << failureContext(seed, asOf, sparql, data, insert, remove);
      }
    }
  }
  // A single pattern's COUNT comes from the directories instead; most others merge.
  EXPECT_GT(merged, 500);
}

// A predicate with a few objects over many subjects: the per-object counts come from one seek
// and one directory count per object (with novelty that adds and retracts rows, and a new
// object only the novelty holds), exactly as the generic plan counts them.
TEST(FactorizedCountTest, FewObjectsCountedBySeekingMatchTheGenericPlan) {
  std::string data;
  for (int i = 0; i < 20000; ++i) {
    data += "ex:s" + std::to_string(i) + " ex:g \"" +
            std::string(1, static_cast<char>('a' + i % 3)) + "\" ; ex:n " + std::to_string(i % 7) +
            " .\n";
  }
  for (bool tiny : {false, true}) {
    Fixture f(data, tiny);
    ASSERT_TRUE(f.live);
    f.update(
        "INSERT DATA { ex:x1 ex:g \"a\" . ex:x2 ex:g \"d\" . ex:x3 ex:g \"d\" . "
        "ex:x3 ex:g \"b\" . _:new ex:g \"c\" }");
    f.update("DELETE DATA { ex:s0 ex:g \"a\" . ex:s1 ex:g \"b\" . ex:s4 ex:g \"b\" }");
    for (const std::string sparql :
         {"SELECT ?g (COUNT(*) AS ?n) WHERE { ?s ex:g ?g } GROUP BY ?g",
          "SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { ?s ex:g ?g }",
          "SELECT ?g (COUNT(*) AS ?n) WHERE { ?s ex:g ?g . ?s ex:n 3 } GROUP BY ?g"}) {
      for (uint64_t asOf : {uint64_t{UINT64_MAX}, f.baseT}) {
        auto [fastOptions, genericOptions] = fastAndGeneric(asOf);
        RunResult fast = f.run(sparql, fastOptions);
        RunResult generic = f.run(sparql, genericOptions);
        // ?s leads on to ex:n in the third: the object counts are weighted, read row by row.
        const bool leaf = sparql.find("ex:n") == std::string::npos;
        EXPECT_EQ(!detailAnywhere(fast.report.plan, "objects by seeking").empty(), leaf)
            << query::renderPlanText(fast.report.plan);
        EXPECT_EQ(sortedRows(fast.result), sortedRows(generic.result))
            << sparql << " at t " << asOf << (tiny ? " (tiny leaflets)" : "");
      }
    }
  }
}

TEST(FactorizedCountTest, KeepsTheOrdinaryPlanWhenAConstantIsSelective) {
  // One subject has ex:tag "rare"; every one of 3000 subjects has ex:v. COUNT over the star reads
  // one bind-join probe, not all of ex:v.
  std::string data = "ex:s7 ex:tag \"rare\" .\n";
  for (int i = 0; i < 6000; ++i) {
    data += "ex:s" + std::to_string(i) + " ex:v " + std::to_string(i) + " .\n";
  }
  TestLedger ledger = exampleLedger(data);
  RunResult r =
      runQuery(ledger, "SELECT (COUNT(*) AS ?n) WHERE { ?s ex:tag \"rare\" . ?s ex:v ?x }");
  EXPECT_FALSE(planHasDetail(r.report.plan, "rewrite", "factorized-count"));
  ASSERT_EQ(r.result.rows.size(), 1u);
  EXPECT_EQ(core::toNTriples(*r.result.rows[0][0]), intLit(1));

  RunResult all = runQuery(ledger, "SELECT (COUNT(*) AS ?n) WHERE { ?s ex:v ?x . ?s ex:v ?y }");
  EXPECT_TRUE(planHasDetail(all.report.plan, "rewrite", "factorized-count"));
  EXPECT_EQ(core::toNTriples(*all.result.rows[0][0]), intLit(6000));
}

TEST(FactorizedCountTest, DeclinesCyclesFiltersAndOtherAggregates) {
  TestLedger ledger = exampleLedger("ex:a ex:p ex:b . ex:b ex:p ex:c . ex:c ex:p ex:a .");
  for (const char* q : {
           "SELECT (COUNT(*) AS ?n) WHERE { ?x ex:p ?y . ?y ex:p ?z . ?z ex:p ?x }",
           "SELECT (COUNT(*) AS ?n) WHERE { ?x ex:p ?y . ?x ex:p ?y }",
           "SELECT (COUNT(*) AS ?n) WHERE { ?x ex:p ?y . FILTER(?x != ex:a) }",
           "SELECT (SUM(1) AS ?n) WHERE { ?x ex:p ?y }",
           "SELECT (COUNT(*) AS ?n) WHERE { ?x ?p ?y . ?y ex:p ?z }",
           "SELECT (COUNT(*) AS ?n) WHERE { ?x ex:p ?y OPTIONAL { ?y ex:p ?z FILTER(?z != ?x) } }",
           "SELECT (COUNT(*) AS ?n) WHERE { ?x ex:p ?y OPTIONAL { ?y ex:p ?x } }",
       }) {
    RunResult r = runQuery(ledger, q);
    EXPECT_FALSE(planHasDetail(r.report.plan, "rewrite", "factorized-count")) << q;
  }
  // A triangle: 3 solutions, by the generic plan.
  RunResult r =
      runQuery(ledger, "SELECT (COUNT(*) AS ?n) WHERE { ?x ex:p ?y . ?y ex:p ?z . ?z ex:p ?x }");
  EXPECT_EQ(core::toNTriples(*r.result.rows[0][0]), intLit(3));
}

}  // namespace
}  // namespace cairn::testing
