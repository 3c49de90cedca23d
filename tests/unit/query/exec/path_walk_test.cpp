// A closure (*, +, ?) with one fixed end is walked breadth-first and streamed: a LIMIT over a
// long chain stops the walk after a few levels (the memory charged stays far below what the
// whole closure charges), while without a LIMIT the walk yields the whole closure, forwards,
// backwards and with zero-length paths.

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {
namespace {

constexpr int kChain = 3000;

// n0 → n1 → … → n2999 → n0 (a cycle), plus a side branch n7 → b.
TestLedger chainLedger() {
  std::string data;
  for (int i = 0; i < kChain; ++i) {
    data +=
        "ex:n" + std::to_string(i) + " ex:next ex:n" + std::to_string((i + 1) % kChain) + " .\n";
  }
  data += "ex:n7 ex:next ex:b .\n";
  return exampleLedger(data);
}

std::string node(int i) { return "<http://example.org/n" + std::to_string(i) + ">"; }

TEST(PathWalk, ALimitStopsTheWalkEarly) {
  TestLedger ledger = chainLedger();
  query::QueryOptions options;
  options.batchRows = 4;
  auto limited = runQuery(ledger, "SELECT ?x WHERE { ex:n0 ex:next+ ?x } LIMIT 10", options);
  // Breadth-first: level k is n_k, and level 8 also b (from n7).
  std::vector<std::string> got = orderedRows(limited.result);
  ASSERT_EQ(got.size(), 10u);
  for (int i = 1; i <= 7; ++i) EXPECT_EQ(got[i - 1], node(i));
  std::vector<std::string> level8{got[7], got[8]};
  std::sort(level8.begin(), level8.end());
  EXPECT_EQ(level8, (std::vector<std::string>{"<http://example.org/b>", node(8)}));
  EXPECT_EQ(got[9], node(9));

  auto whole = runQuery(ledger, "SELECT ?x WHERE { ex:n0 ex:next+ ?x }", options);
  EXPECT_EQ(whole.result.rows.size(), static_cast<size_t>(kChain) + 1);  // n1..n2999, n0, b
  EXPECT_GT(whole.report.peakMemoryBytes, 20 * limited.report.peakMemoryBytes)
      << "limited " << limited.report.peakMemoryBytes << ", whole " << whole.report.peakMemoryBytes;
}

TEST(PathWalk, BackwardsAndZeroLength) {
  TestLedger ledger = chainLedger();
  query::QueryOptions options;
  options.batchRows = 2;
  auto back = runQuery(ledger, "SELECT ?x WHERE { ?x ex:next* ex:n5 } LIMIT 3", options);
  EXPECT_EQ(orderedRows(back.result), (std::vector<std::string>{node(5), node(4), node(3)}));
  auto all = runQuery(ledger, "SELECT ?x WHERE { ?x ex:next* ex:n5 }", options);
  EXPECT_EQ(all.result.rows.size(), static_cast<size_t>(kChain));  // every n, n5 once
  // A term no triple mentions relates to itself by a zero-length path, and to nothing else.
  auto lonely = runQuery(ledger, "SELECT ?x WHERE { ex:zz ex:next* ?x }", options);
  EXPECT_EQ(orderedRows(lonely.result), std::vector<std::string>{"<http://example.org/zz>"});
  auto none = runQuery(ledger, "SELECT ?x WHERE { ex:zz ex:next+ ?x }", options);
  EXPECT_TRUE(none.result.rows.empty());
  auto optional = runQuery(ledger, "SELECT ?x WHERE { ex:n7 ex:next? ?x }", options);
  EXPECT_EQ(sortedRows(optional.result),
            (std::vector<std::string>{"<http://example.org/b>", node(7), node(8)}));
}

}  // namespace
}  // namespace cairn::testing
