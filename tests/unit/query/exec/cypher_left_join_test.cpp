// CypherLeftJoin (query/exec/cypher_left_join.h): OPTIONAL MATCH's left join, where a null
// shared variable matches nothing, with conditions over the joined row, in whole and seeded
// mode, over batches of one, two and the default number of rows.

#include "query/exec/cypher_left_join.h"

#include <algorithm>
#include <set>

#include "tests/unit/query/exec/cypher_operator_test_support.h"

namespace cairn::query::value::testing {
namespace {

class CypherLeftJoinTest : public CypherOperatorTest {
 protected:
  // A left join of `left` with the constant `right` table (variables, rows) in whole mode.
  std::unique_ptr<CypherLeftJoin> whole(OperatorPtr left, std::vector<std::string> rightVars,
                                        std::vector<std::vector<std::string>> rightRows,
                                        std::vector<Expr> conditions = {}) {
    auto factory = [this, rightVars, rightRows](ExecContext&, OperatorPtr keys) {
      EXPECT_EQ(keys, nullptr);
      return input(rightVars, rightRows);
    };
    return std::make_unique<CypherLeftJoin>(*ctx_, std::move(left), rightVars, factory,
                                            std::vector<std::string>{}, conditions);
  }

  // The same in seeded mode on `seeds`: the factory records the key rows it is given and
  // returns the rows of `right` whose seed values are among them.
  std::unique_ptr<CypherLeftJoin> seeded(OperatorPtr left, std::vector<std::string> rightVars,
                                         std::vector<std::vector<std::string>> rightRows,
                                         std::vector<std::string> seeds,
                                         std::vector<Expr> conditions = {}) {
    auto factory = [this, rightVars, rightRows, seeds](ExecContext&, OperatorPtr keys) {
      EXPECT_NE(keys, nullptr);
      EXPECT_EQ(keys->variables(), seeds);
      const Lines keyLines = run(*keys);
      seenKeys_.push_back(keyLines);
      std::vector<std::vector<std::string>> kept;
      for (const auto& row : rightRows) {
        std::string line;
        for (size_t k = 0; k < seeds.size(); ++k) {
          const auto at = std::find(rightVars.begin(), rightVars.end(), seeds[k]);
          line += (k == 0 ? "" : " | ") + row[static_cast<size_t>(at - rightVars.begin())];
        }
        if (std::find(keyLines.begin(), keyLines.end(), line) != keyLines.end()) {
          kept.push_back(row);
        }
      }
      return input(rightVars, kept);
    };
    return std::make_unique<CypherLeftJoin>(*ctx_, std::move(left), rightVars, factory, seeds,
                                            conditions);
  }

  std::vector<Lines> seenKeys_;
};

TEST_P(CypherLeftJoinTest, JoinsOnSharedVariablesAndKeepsUnmatchedRows) {
  auto join = whole(input({"a", "x"}, {{"1", "'p'"}, {"2", "'q'"}, {"3", "'r'"}}), {"a", "b"},
                    {{"1", "10"}, {"1", "11"}, {"3", "30"}});
  EXPECT_EQ(join->variables(), (std::vector<std::string>{"a", "x", "b"}));
  EXPECT_EQ(run(*join), (Lines{"1 | 'p' | 10", "1 | 'p' | 11", "2 | 'q' | null", "3 | 'r' | 30"}));
}

TEST_P(CypherLeftJoinTest, NullKeyMatchesNothing) {
  // SPARQL's LeftJoin would join the null row with every right row.
  auto join =
      whole(input({"a"}, {{"null"}, {"1"}, {"null"}}), {"a", "b"}, {{"1", "10"}, {"2", "20"}});
  EXPECT_EQ(run(*join), (Lines{"null | null", "1 | 10", "null | null"}));
}

TEST_P(CypherLeftJoinTest, ConditionsReadBothSidesAndNullDropsThePair) {
  // b > x: true keeps the pair, false and null (x null) drop it; a row left without a pair
  // keeps nulls.
  auto join = whole(input({"a", "x"}, {{"1", "10"}, {"2", "null"}, {"3", "100"}}), {"a", "b"},
                    {{"1", "5"}, {"1", "15"}, {"2", "7"}, {"3", "50"}},
                    {op(Op::kGreater, var("b"), var("x"))});
  EXPECT_EQ(run(*join), (Lines{"1 | 10 | 15", "2 | null | null", "3 | 100 | null"}));
}

TEST_P(CypherLeftJoinTest, WithoutSharedVariablesEveryPairIsTried) {
  auto join = whole(input({"a"}, {{"1"}, {"2"}}), {"b"}, {{"'u'"}, {"'v'"}},
                    {op(Op::kNotEqual, var("b"), s("v"))});
  EXPECT_EQ(run(*join), (Lines{"1 | 'u'", "2 | 'u'"}));
}

TEST_P(CypherLeftJoinTest, SeededBuildsTheRightSidePerBatchFromDistinctKeys) {
  const std::vector<std::vector<std::string>> left = {
      {"1", "'p'"}, {"1", "'q'"}, {"null", "'r'"}, {"2", "'s'"}, {"4", "'t'"}};
  const std::vector<std::vector<std::string>> right = {
      {"1", "10"}, {"2", "20"}, {"2", "21"}, {"3", "30"}};
  auto join = seeded(input({"a", "x"}, left), {"a", "b"}, right, {"a"});
  const Lines expected = {"1 | 'p' | 10", "1 | 'q' | 10", "null | 'r' | null",
                          "2 | 's' | 20", "2 | 's' | 21", "4 | 't' | null"};
  EXPECT_EQ(run(*join), expected);
  // Each batch's keys once, without the null.
  size_t keys = 0;
  for (const Lines& batch : seenKeys_) {
    for (const auto& k : batch) EXPECT_NE(k, "null");
    std::set<std::string> distinct(batch.begin(), batch.end());
    EXPECT_EQ(distinct.size(), batch.size());
    keys += batch.size();
  }
  EXPECT_EQ(keys, GetParam() == 1 ? 4u : 3u);  // key 1 twice when its rows part
  // Whole mode gives the same rows.
  auto reference = whole(input({"a", "x"}, left), {"a", "b"}, right);
  EXPECT_EQ(run(*reference), expected);
}

TEST_P(CypherLeftJoinTest, SeededPlansOnceForExplainThenPerBatch) {
  size_t plans = 0;
  auto factory = [&](ExecContext&, OperatorPtr keys) {
    ++plans;
    return input({"a"}, {});
  };
  // Once on construction (the plan EXPLAIN shows), none for an empty left.
  CypherLeftJoin empty(*ctx_, input({"a"}, {}), {"a"}, factory, {"a"}, {});
  EXPECT_EQ(plans, 1u);
  EXPECT_TRUE(run(empty).empty());
  EXPECT_EQ(plans, 1u);
  // Then once per left batch.
  plans = 0;
  CypherLeftJoin three(*ctx_, input({"a"}, {{"1"}, {"2"}, {"3"}}), {"a"}, factory, {"a"}, {});
  EXPECT_EQ(run(three), (Lines{"1", "2", "3"}));
  EXPECT_EQ(plans, 1u + (GetParam() == 1 ? 3u : GetParam() == 2 ? 2u : 1u));
}

CAIRN_CYPHER_OPERATOR_BATCH_SIZES(CypherLeftJoinTest);

}  // namespace
}  // namespace cairn::query::value::testing
