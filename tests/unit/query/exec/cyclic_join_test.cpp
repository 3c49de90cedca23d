// CyclicJoin itself, for every order of its variables: random cyclic shapes with one-variable
// patterns on their variables (so every variable, the last included, is filtered through the
// tries it folds into) over random graphs of IRIs, blank nodes and literals, indexed with tiny
// leaflets and read in batches of one row or the default. Each order must give exactly the
// rows of the same BGP planned without the rewrite.

#include "query/exec/cyclic_join.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {
namespace {

using query::PatternTerm;
using query::TriplePattern;

TriplePattern parsePattern(const std::string& s, const std::string& p, const std::string& o) {
  auto term = [](const std::string& t) {
    if (t[0] == '?') return PatternTerm::var(t.substr(1));
    return PatternTerm::constant(core::Term::iri(std::string(kEx) + t.substr(3)));
  };
  return {term(s), PatternTerm::constant(core::Term::iri(std::string(kEx) + p.substr(3))), term(o)};
}

TEST(CyclicJoinOperatorTest, EveryVariableOrderGivesTheBinaryJoinsRows) {
  int nonEmpty = 0, compared = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    std::mt19937_64 rng(seed);
    auto node = [&] {
      return rng() % 8 == 0 ? "_:b" + std::to_string(rng() % 4)
                            : "ex:n" + std::to_string(rng() % 20);
    };
    std::string data;
    for (int i = 0; i < 300; ++i) {
      const std::string object = rng() % 10 == 0 ? std::to_string(rng() % 3) : node();
      data += node() + " ex:p" + std::to_string(rng() % 2) + " " + object + " .\n";
    }
    // ex:C holds most nodes (a filter that is never the most selective), ex:D a few.
    for (int i = 0; i < 20; ++i) {
      if (rng() % 5 != 0) data += "ex:n" + std::to_string(i) + " ex:type ex:C .\n";
      if (rng() % 4 == 0) data += "ex:n" + std::to_string(i) + " ex:type ex:D .\n";
    }
    TestLedger ledger = exampleLedger(data, /*tiny=*/true);
    // Shapes as (s p o) triples; variables a, b, c (and d).
    const std::vector<std::vector<std::array<std::string, 3>>> shapes = {
        {{"?a", "ex:p0", "?b"}, {"?b", "ex:p0", "?c"}, {"?c", "ex:p1", "?a"}},
        {{"?a", "ex:p0", "?b"},
         {"?b", "ex:p1", "?c"},
         {"?c", "ex:p0", "?a"},
         {"?c", "ex:type", "ex:C"},
         {"?a", "ex:type", "ex:C"}},
        {{"?a", "ex:p1", "?b"},
         {"?b", "ex:p0", "?c"},
         {"?a", "ex:p0", "?c"},
         {"?b", "ex:type", "ex:D"}},
        {{"?a", "ex:p0", "?b"},
         {"?b", "ex:p0", "?c"},
         {"?c", "ex:p0", "?d"},
         {"?d", "ex:p1", "?a"},
         {"?d", "ex:type", "ex:C"}},
        {{"?a", "ex:p0", "?b"}, {"?b", "ex:p1", "?a"}, {"ex:n3", "ex:p0", "?a"}},
    };
    for (const auto& shape : shapes) {
      std::vector<TriplePattern> patterns;
      std::vector<std::string> variables;
      std::string body;
      for (const auto& t : shape) {
        patterns.push_back(parsePattern(t[0], t[1], t[2]));
        body += t[0] + " " + t[1] + " " + t[2] + " . ";
        for (const std::string& term : {t[0], t[2]}) {
          if (term[0] == '?' &&
              std::find(variables.begin(), variables.end(), term.substr(1)) == variables.end()) {
            variables.push_back(term.substr(1));
          }
        }
      }
      std::sort(variables.begin(), variables.end());
      std::string select = "SELECT";
      for (const auto& v : variables) select += " ?" + v;
      query::QueryOptions off;
      off.disabledRewrites.insert("cyclic-join");
      const std::vector<std::string> expected =
          sortedRows(runQuery(ledger, select + " WHERE { " + body + "}", off).result);
      nonEmpty += !expected.empty();
      std::vector<std::string> order = variables;
      do {
        for (size_t batchRows : {size_t{1}, size_t{0}}) {
          query::QueryOptions options;
          options.batchRows = batchRows;
          query::ExecContext ctx(*ledger.ledger, options, "");
          query::CyclicJoin join(ctx, order, patterns, query::GraphScope{{core::kNoNode}});
          std::vector<std::string> got;
          query::Batch batch;
          while (join.next(batch)) {
            for (size_t r = 0; r < batch.rows; ++r) {
              std::string line;
              for (const auto& v : variables) {
                if (!line.empty()) line += " ";
                line += core::toNTriples(ctx.terms().decode(batch.columns[join.column(v)][r]));
              }
              got.push_back(line);
            }
          }
          std::sort(got.begin(), got.end());
          std::string orderText;
          for (const auto& v : order) orderText += v;
          EXPECT_EQ(got, expected)
              << "seed " << seed << " order " << orderText << " batch " << batchRows << "\n"
              << body;
          ++compared;
        }
      } while (std::next_permutation(order.begin(), order.end()));
    }
  }
  EXPECT_GT(nonEmpty, 20);
  EXPECT_GT(compared, 300);
}

}  // namespace
}  // namespace cairn::testing
