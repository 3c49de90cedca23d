// CypherGroup (query/exec/cypher_group.h): implicit grouping by equivalence, every Cypher
// aggregate with and without DISTINCT, the one row of a keyless aggregation over nothing, errors
// and the memory the groups retain.

#include "query/exec/cypher_group.h"

#include "tests/unit/query/exec/cypher_operator_test_support.h"

namespace cairn::query::value::testing {
namespace {

using Fn = AggregateCall::Function;

class CypherGroupTest : public CypherOperatorTest {
 protected:
  std::unique_ptr<CypherGroup> group(OperatorPtr in, std::vector<GroupKey> keys,
                                     std::vector<AggregateCall> aggregates) {
    return std::make_unique<CypherGroup>(*ctx_, std::move(in), keys, aggregates);
  }
  static AggregateCall agg(Fn function, std::optional<Expr> arg, std::string as,
                           bool distinct = false, std::optional<Expr> extra = std::nullopt) {
    AggregateCall call;
    call.function = function;
    call.distinct = distinct;
    call.arg = std::move(arg);
    call.resultVariable = std::move(as);
    call.extraArg = std::move(extra);
    return call;
  }
  static GroupKey key(Expr e, std::string as) { return GroupKey{std::move(e), std::move(as)}; }
};

TEST_P(CypherGroupTest, GroupsInOrderOfFirstAppearance) {
  auto in =
      input({"x", "y"},
            {{"1", "10"}, {"2", "20"}, {"1", "30"}, {"null", "5"}, {"null", "null"}, {"'a'", "1"}});
  auto node = group(std::move(in), {key(var("x"), "x")},
                    {agg(Fn::kCount, std::nullopt, "n"), agg(Fn::kCount, var("y"), "c"),
                     agg(Fn::kCollect, var("y"), "ys"), agg(Fn::kSum, var("y"), "s")});
  EXPECT_EQ(node->variables(), (std::vector<std::string>{"x", "n", "c", "ys", "s"}));
  EXPECT_EQ(run(*node), (Lines{"1 | 2 | 2 | [10, 30] | 40", "2 | 1 | 1 | [20] | 20",
                               "null | 2 | 1 | [5] | 5", "'a' | 1 | 1 | [1] | 1"}));
}

TEST_P(CypherGroupTest, KeysGroupByEquivalenceAndShowTheFirstValue) {
  auto node = group(column({"1", "1.0", "[1]", "[1.0]", "'1'", "{a: 1.0}", "{a: 1}", "1"}),
                    {key(var("x"), "x")}, {agg(Fn::kCount, std::nullopt, "n")});
  EXPECT_EQ(run(*node), (Lines{"1 | 3", "[1] | 2", "'1' | 1", "{a: 1.0} | 2"}));
  auto floatFirst =
      group(column({"2.0", "2"}), {key(var("x"), "x")}, {agg(Fn::kCollect, var("x"), "xs")});
  EXPECT_EQ(run(*floatFirst), (Lines{"2.0 | [2.0, 2]"}));
}

TEST_P(CypherGroupTest, NaNGroupsWithNaN) {
  auto node = group(valueColumn({Value::floating(std::nan("")), Value::integer(1),
                                 Value::floating(-std::nan(""))}),
                    {key(var("x"), "x")}, {agg(Fn::kCount, std::nullopt, "n")});
  EXPECT_EQ(run(*node), (Lines{"NaN | 2", "1 | 1"}));
}

TEST_P(CypherGroupTest, ExpressionKeysAndUnnamedKeys) {
  auto in = column({"1", "2", "3", "4", "5"});
  auto node = group(
      std::move(in),
      {key(op(Op::kModulo, var("x"), i(2)), "parity"), key(op(Op::kGreater, var("x"), i(2)), "")},
      {agg(Fn::kCollect, var("x"), "xs")});
  EXPECT_EQ(node->variables(), (std::vector<std::string>{"parity", "xs"}));
  EXPECT_EQ(run(*node), (Lines{"1 | [1]", "0 | [2]", "1 | [3, 5]", "0 | [4]"}));
}

TEST_P(CypherGroupTest, NoKeysOverNothingGivesOneRow) {
  auto node = group(
      column({}), {},
      {agg(Fn::kCount, std::nullopt, "star"), agg(Fn::kCount, var("x"), "count"),
       agg(Fn::kCollect, var("x"), "collect"), agg(Fn::kSum, var("x"), "sum"),
       agg(Fn::kAvg, var("x"), "avg"), agg(Fn::kMin, var("x"), "min"),
       agg(Fn::kMax, var("x"), "max"), agg(Fn::kPercentileDisc, var("x"), "pd", false, f(0.5)),
       agg(Fn::kPercentileCont, var("x"), "pc", false, f(0.5)), agg(Fn::kStDev, var("x"), "sd"),
       agg(Fn::kStDevP, var("x"), "sdp")});
  EXPECT_EQ(run(*node), (Lines{"0 | 0 | [] | 0 | null | null | null | null | null | 0.0 | 0.0"}));
}

TEST_P(CypherGroupTest, KeysOverNothingGiveNoRows) {
  auto node = group(column({}), {key(var("x"), "x")}, {agg(Fn::kCount, std::nullopt, "n")});
  EXPECT_EQ(run(*node), Lines{});
}

TEST_P(CypherGroupTest, EveryAggregateOverValues) {
  auto node = group(
      column({"1", "2", "null", "3", "4"}), {},
      {agg(Fn::kCount, var("x"), "count"), agg(Fn::kSum, var("x"), "sum"),
       agg(Fn::kAvg, var("x"), "avg"), agg(Fn::kMin, var("x"), "min"),
       agg(Fn::kMax, var("x"), "max"), agg(Fn::kPercentileDisc, var("x"), "pd", false, f(0.5)),
       agg(Fn::kPercentileCont, var("x"), "pc", false, f(0.5)), agg(Fn::kStDevP, var("x"), "sdp"),
       agg(Fn::kCollect, var("x"), "all")});
  EXPECT_EQ(run(*node),
            (Lines{"4 | 10 | 2.5 | 1 | 4 | 2 | 2.5 | 1.118033988749895 | [1, 2, 3, 4]"}));
  // min and max across types use ORDER BY's order.
  auto mixed = group(column({"'a'", "1", "[2]", "true"}), {},
                     {agg(Fn::kMin, var("x"), "min"), agg(Fn::kMax, var("x"), "max")});
  EXPECT_EQ(run(*mixed), (Lines{"[2] | 1"}));
}

TEST_P(CypherGroupTest, DistinctAggregatesUseEquivalence) {
  auto node = group(column({"1", "1.0", "2", "null", "2", "[1]", "[1.0]"}), {},
                    {agg(Fn::kCount, var("x"), "n", true), agg(Fn::kCollect, var("x"), "xs", true),
                     agg(Fn::kCount, std::nullopt, "rows")});
  EXPECT_EQ(run(*node), (Lines{"3 | [1, 2, [1]] | 7"}));
  auto sums = group(column({"1", "1", "2"}), {},
                    {agg(Fn::kSum, var("x"), "s", true), agg(Fn::kSum, var("x"), "all")});
  EXPECT_EQ(run(*sums), (Lines{"3 | 4"}));
}

TEST_P(CypherGroupTest, AggregateErrorsFailTheStatement) {
  auto sum = group(column({"1", "'a'"}), {}, {agg(Fn::kSum, var("x"), "s")});
  EXPECT_EQ(errorOf(*sum).substr(0, 10), "TypeError/");
  auto percentile =
      group(column({"1"}), {}, {agg(Fn::kPercentileDisc, var("x"), "p", false, f(1.5))});
  EXPECT_EQ(errorOf(*percentile), "ArgumentError/NumberOutOfRange");
  auto keyError = group(column({"1", "0"}), {key(div(i(1), var("x")), "k")},
                        {agg(Fn::kCount, std::nullopt, "n")});
  EXPECT_EQ(errorOf(*keyError).substr(0, 16), "ArithmeticError/");
  auto argError = group(column({"0"}), {}, {agg(Fn::kCollect, div(i(1), var("x")), "n")});
  EXPECT_EQ(errorOf(*argError).substr(0, 16), "ArithmeticError/");
}

TEST_P(CypherGroupTest, SparqlOnlyAggregatesAreRejectedWhenBuilt) {
  try {
    group(column({"1"}), {}, {agg(Fn::kSample, var("x"), "s")});
    FAIL() << "SAMPLE was accepted";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kUnsupported);
  }
}

TEST_P(CypherGroupTest, GroupsAndCollectedValuesAreCharged) {
  std::vector<std::vector<std::string>> rows;
  for (int n = 0; n < 300; ++n) rows.push_back({std::to_string(n % 3), "'some text value'"});
  Batch b;
  // First runs make the query-wide tables hold what the runs below add for good (the string in
  // the term table, the keys' grouping classes and the collected lists in the CypherRuntime), so
  // that what follows measures the operators alone.
  run(*group(input({"k", "v"}, rows), {key(var("k"), "k")}, {agg(Fn::kCollect, var("v"), "vs")}));
  const uint64_t base = ctx_->usedBytes();
  uint64_t countBytes = 0, collectBytes = 0;
  {
    auto counted =
        group(input({"k", "v"}, rows), {key(var("k"), "k")}, {agg(Fn::kCount, var("v"), "n")});
    ASSERT_TRUE(counted->next(b));
    countBytes = ctx_->usedBytes() - base;
  }
  const uint64_t afterCount = ctx_->usedBytes();
  EXPECT_EQ(afterCount, base);  // released with the operator
  {
    auto collected =
        group(input({"k", "v"}, rows), {key(var("k"), "k")}, {agg(Fn::kCollect, var("v"), "vs")});
    ASSERT_TRUE(collected->next(b));
    collectBytes = ctx_->usedBytes() - afterCount;
  }
  EXPECT_EQ(ctx_->usedBytes(), afterCount);  // released with the operator
  EXPECT_GT(countBytes, 0u);
  EXPECT_GT(collectBytes, 300u * 16);  // every collected string
  options_.memoryBudgetBytes = ctx_->usedBytes() + 3000;
  auto limited =
      group(input({"k", "v"}, rows), {key(var("k"), "k")}, {agg(Fn::kCollect, var("v"), "vs")});
  try {
    run(*limited);
    FAIL() << "the budget was not enforced";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kResourceExhausted);
    EXPECT_NE(e.message().find("CypherGroup"), std::string::npos) << e.message();
  }
}

CAIRN_CYPHER_OPERATOR_BATCH_SIZES(CypherGroupTest);

}  // namespace
}  // namespace cairn::query::value::testing
