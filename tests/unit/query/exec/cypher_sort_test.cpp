// CypherSort (query/exec/cypher_sort.h): ORDER BY in openCypher's global order, stable, in its
// full and its top-k form, with the memory it retains charged and released.

#include "query/exec/cypher_sort.h"

#include <cmath>
#include <random>

#include "tests/unit/query/exec/cypher_operator_test_support.h"

namespace cairn::query::value::testing {
namespace {

class CypherSortTest : public CypherOperatorTest {
 protected:
  std::unique_ptr<CypherSort> sorted(OperatorPtr in, std::vector<OrderCondition> order,
                                     std::optional<uint64_t> k = std::nullopt) {
    return std::make_unique<CypherSort>(*ctx_, std::move(in), order, k);
  }
  static OrderCondition asc(Expr e) { return {std::move(e), false}; }
  static OrderCondition desc(Expr e) { return {std::move(e), true}; }
};

TEST_P(CypherSortTest, AscendingFollowsTheGlobalOrderWithNullLast) {
  auto node = sorted(column({"'b'", "1", "null", "[1]", "2.5", "true", "'a'", "{a: 1}", "-3",
                             "false", "[]", "null", "[1, null]", "1.5"}),
                     {asc(var("x"))});
  EXPECT_EQ(node->name(), "CypherSort");
  EXPECT_EQ(run(*node), (Lines{"{a: 1}", "[]", "[1]", "[1, null]", "'a'", "'b'", "false", "true",
                               "-3", "1", "1.5", "2.5", "null", "null"}));
}

TEST_P(CypherSortTest, DescendingReversesItWithNullFirst) {
  auto node = sorted(column({"1", "null", "'a'", "2", "[0]"}), {desc(var("x"))});
  EXPECT_EQ(run(*node), (Lines{"null", "2", "1", "'a'", "[0]"}));
}

TEST_P(CypherSortTest, NaNSortsAfterEveryNumberAndBeforeNull) {
  auto node = sorted(valueColumn({Value::floating(std::nan("")), Value::integer(1), Value(),
                                  Value::floating(-INFINITY), Value::floating(INFINITY)}),
                     {asc(var("x"))});
  EXPECT_EQ(run(*node), (Lines{"-Infinity", "1", "Infinity", "NaN", "null"}));
}

TEST_P(CypherSortTest, EqualKeysKeepInputOrder) {
  auto in = input({"k", "tag"}, {{"1", "'a'"},
                                 {"0", "'b'"},
                                 {"1.0", "'c'"},
                                 {"0", "'d'"},
                                 {"null", "'e'"},
                                 {"1", "'f'"},
                                 {"null", "'g'"}});
  auto node = sorted(std::move(in), {asc(var("k"))});
  EXPECT_EQ(run(*node), (Lines{"0 | 'b'", "0 | 'd'", "1 | 'a'", "1.0 | 'c'", "1 | 'f'",
                               "null | 'e'", "null | 'g'"}));
  auto in2 = input({"k", "tag"}, {{"1", "'a'"}, {"0", "'b'"}, {"1", "'c'"}, {"0", "'d'"}});
  auto down = sorted(std::move(in2), {desc(var("k"))});
  EXPECT_EQ(run(*down), (Lines{"1 | 'a'", "1 | 'c'", "0 | 'b'", "0 | 'd'"}));
}

TEST_P(CypherSortTest, SeveralKeysAndExpressions) {
  auto node = sorted(column({"1", "2", "3", "4", "5", "6"}),
                     {asc(op(Op::kModulo, var("x"), i(3))), desc(var("x"))});
  EXPECT_EQ(run(*node), (Lines{"6", "3", "4", "1", "5", "2"}));
}

TEST_P(CypherSortTest, KeyErrorsFailTheStatement) {
  auto node = sorted(column({"1", "0"}), {asc(div(i(1), var("x")))});
  EXPECT_EQ(errorOf(*node).substr(0, 16), "ArithmeticError/");
  auto topK = sorted(column({"1", "0"}), {asc(div(i(1), var("x")))}, 1);
  EXPECT_EQ(errorOf(*topK).substr(0, 16), "ArithmeticError/");
}

// The top-k form gives exactly the first k rows of the stable full sort, whatever k.
TEST_P(CypherSortTest, TopKIsThePrefixOfTheStableSort) {
  std::mt19937 random(7);
  std::vector<std::vector<std::string>> rows;
  for (int n = 0; n < 60; ++n) {
    const int key = static_cast<int>(random() % 8);
    rows.push_back({key == 7 ? "null" : std::to_string(key), std::to_string(n)});
  }
  auto full = sorted(input({"k", "n"}, rows), {desc(var("k"))});
  const Lines all = run(*full);
  ASSERT_EQ(all.size(), rows.size());
  for (uint64_t k : {uint64_t{0}, uint64_t{1}, uint64_t{2}, uint64_t{5}, uint64_t{17}, uint64_t{60},
                     uint64_t{1000}}) {
    auto top = sorted(input({"k", "n"}, rows), {desc(var("k"))}, k);
    EXPECT_EQ(top->name(), "CypherTopK");
    const Lines expected(all.begin(),
                         all.begin() + static_cast<ptrdiff_t>(std::min<uint64_t>(k, all.size())));
    EXPECT_EQ(run(*top), expected) << "k = " << k;
  }
}

TEST_P(CypherSortTest, EmptyInput) {
  EXPECT_EQ(run(*sorted(column({}), {asc(var("x"))})), Lines{});
  EXPECT_EQ(run(*sorted(column({}), {asc(var("x"))}, 3)), Lines{});
}

TEST_P(CypherSortTest, RetainedRowsAreChargedAndReleased) {
  std::vector<std::string> cells;
  for (int n = 0; n < 400; ++n) cells.push_back(std::to_string((n * 37) % 400));
  const uint64_t base = ctx_->usedBytes();
  Batch b;
  uint64_t fullBytes = 0, topBytes = 0;
  {
    auto full = sorted(column(cells), {asc(var("x"))});
    ASSERT_TRUE(full->next(b));
    fullBytes = ctx_->usedBytes() - base;
  }
  EXPECT_EQ(ctx_->usedBytes(), base);
  {
    auto top = sorted(column(cells), {asc(var("x"))}, 3);
    ASSERT_TRUE(top->next(b));
    EXPECT_EQ(toText(runtime_->toValue(b.columns[0][0])), "0");
    topBytes = ctx_->usedBytes() - base;
  }
  EXPECT_EQ(ctx_->usedBytes(), base);
  EXPECT_GT(fullBytes, 400u * sizeof(ValueId));
  EXPECT_GT(topBytes, 0u);
  EXPECT_LT(topBytes * 50, fullBytes);  // bounded by k, not by the input
}

TEST_P(CypherSortTest, MemoryBudgetIsEnforced) {
  std::vector<std::string> cells;
  for (int n = 0; n < 500; ++n) cells.push_back(std::to_string(n));
  auto node = sorted(column(cells), {asc(var("x"))});
  options_.memoryBudgetBytes = ctx_->usedBytes() + 2000;
  try {
    run(*node);
    FAIL() << "the budget was not enforced";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kResourceExhausted);
    EXPECT_NE(e.message().find("CypherSort"), std::string::npos) << e.message();
  }
}

CAIRN_CYPHER_OPERATOR_BATCH_SIZES(CypherSortTest);

}  // namespace
}  // namespace cairn::query::value::testing
