// top-k-from-index-strings against the generic TopK: ORDER BY over a predicate's plain strings,
// with ties broken by a second key, other types among the objects, and strings added by commits
// after the import (numbered in arrival order, not byte order) — some of which sort before,
// between and after the imported ones — ASC and DESC, with offsets, at the latest and the
// base t.

#include <gtest/gtest.h>

#include <random>

#include "index/write/live_ledger.h"
#include "query/update/update_executor.h"
#include "sparql/parser/sparql_parser.h"
#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {
namespace {

std::string name(std::mt19937_64& rng) {
  static const char* kNames[] = {"Ann", "Bo", "Cy", "Dee", "Eve", "Ünal", "Zoe", "ann", "Bob"};
  return kNames[rng() % std::size(kNames)];
}

TEST(TopKStringsFromIndexTest, MatchesTheGenericTopK) {
  std::mt19937_64 rng(7);
  std::string data;
  for (int i = 0; i < 400; ++i) {
    data += "ex:s" + std::to_string(rng() % 150) + " ex:name \"" + name(rng) + "\" .\n";
  }
  data += "ex:s1 ex:name 42 .\nex:s2 ex:name ex:iri .\nex:s3 ex:name \"Ann\"@en .\n";
  TestLedger base = exampleLedger(data, /*tiny=*/true);
  auto opened = index::LiveLedger::open(*base.blobs, *base.heads, "test", nullptr,
                                        index::IndexConfig::tiny());
  ASSERT_TRUE(opened.isOk()) << opened.status().toString();
  auto live = std::move(opened).value();
  const uint64_t baseT = live->snapshot()->t();
  // New strings get ids after the imported ones; "Aa" sorts first, "Cz" in between, "zz" last.
  query::executeUpdate(
      *live,
      sparql::parseUpdate("PREFIX ex: <http://example.org/>\n"
                          "INSERT DATA { ex:n1 ex:name \"Aa\" . ex:n2 ex:name "
                          "\"Cz\" . ex:n3 ex:name \"zz\" . ex:n4 ex:name \"Bo\" }"),
      {});
  query::executeUpdate(*live,
                       sparql::parseUpdate("PREFIX ex: <http://example.org/>\n"
                                           "DELETE WHERE { ex:s5 ex:name ?n }"),
                       {});

  int fast = 0;
  for (const char* order : {"?o ?s", "DESC(?o) ?s", "?o DESC(?s)", "DESC(?o) DESC(?s)", "?o"}) {
    for (int limit : {1, 3, 10, 40}) {
      for (int offset : {0, 5}) {
        for (uint64_t asOf : {uint64_t{UINT64_MAX}, baseT}) {
          const std::string q = "SELECT ?s ?o WHERE { ?s ex:name ?o } ORDER BY " +
                                std::string(order) + " LIMIT " + std::to_string(limit) +
                                " OFFSET " + std::to_string(offset);
          query::QueryOptions options;
          options.asOf = asOf;
          query::QueryOptions generic = options;
          generic.disabledRewrites = {"top-k-from-index-strings"};
          sparql::results::CollectingSink a, b;
          auto report = query::executeQuery(*live->snapshot(), parseExample(q), options, a);
          query::executeQuery(*live->snapshot(), parseExample(q), generic, b);
          fast += planHasDetail(report.plan, "rewrite", "top-k-from-index-strings");
          // With ?o the only key, rows tied on it may come in any order: compare the ?o
          // sequence.
          auto objects = [](const sparql::results::CollectedResult& r) {
            std::vector<std::string> out;
            for (const auto& row : r.rows) out.push_back(core::toNTriples(*row[1]));
            return out;
          };
          if (std::string(order) == "?o") {
            EXPECT_EQ(objects(a.result()), objects(b.result())) << q << " at " << asOf;
          } else {
            EXPECT_EQ(orderedRows(a.result()), orderedRows(b.result())) << q << " at " << asOf;
          }
        }
      }
    }
  }
  EXPECT_EQ(fast, 5 * 4 * 2 * 2);
}

TEST(TopKStringsFromIndexTest, DeclinesWhenManyRowsAreNotSortedStrings) {
  std::string data;
  for (int i = 0; i < 5000; ++i)
    data += "ex:s" + std::to_string(i) + " ex:n " + std::to_string(i) + " .\n";
  data += "ex:a ex:n \"x\" .\n";
  TestLedger ledger = exampleLedger(data);
  RunResult r = runQuery(ledger, "SELECT ?s ?o WHERE { ?s ex:n ?o } ORDER BY ?o ?s LIMIT 3");
  EXPECT_FALSE(planHasDetail(r.report.plan, "rewrite", "top-k-from-index-strings"));
  ASSERT_EQ(r.result.rows.size(), 3u);
  EXPECT_EQ(core::toNTriples(*r.result.rows[0][1]), intLit(0));
}

}  // namespace
}  // namespace cairn::testing
