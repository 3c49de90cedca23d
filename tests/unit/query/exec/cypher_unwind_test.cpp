// Unwind (query/exec/unwind.h): one row per element, null lists giving none, non-lists one, long
// lists across batches, errors failing the statement.

#include "query/exec/unwind.h"
#include "tests/unit/query/exec/cypher_operator_test_support.h"

namespace cairn::query::value::testing {
namespace {

class UnwindTest : public CypherOperatorTest {
 protected:
  std::unique_ptr<Unwind> unwind(OperatorPtr in, Expr list, const std::string& variable) {
    return std::make_unique<Unwind>(*ctx_, std::move(in), variable, list);
  }
};

TEST_P(UnwindTest, OneRowPerElementNullListNoneNonListOne) {
  auto in = input({"tag", "l"}, {{"'a'", "[1, 2, 3]"},
                                 {"'b'", "[]"},
                                 {"'c'", "null"},
                                 {"'d'", "5"},
                                 {"'e'", "[null, [4, 5], {k: 'v'}]"},
                                 {"'f'", "'text'"}});
  auto node = unwind(std::move(in), var("l"), "x");
  EXPECT_EQ(node->variables(), (std::vector<std::string>{"tag", "l", "x"}));
  EXPECT_EQ(
      run(*node),
      (Lines{"'a' | [1, 2, 3] | 1", "'a' | [1, 2, 3] | 2", "'a' | [1, 2, 3] | 3", "'d' | 5 | 5",
             "'e' | [null, [4, 5], {k: 'v'}] | null", "'e' | [null, [4, 5], {k: 'v'}] | [4, 5]",
             "'e' | [null, [4, 5], {k: 'v'}] | {k: 'v'}", "'f' | 'text' | 'text'"}));
}

TEST_P(UnwindTest, OverTheUnitTable) {
  // UNWIND [1, 2] AS x at the start of a statement: the input is one row without columns.
  auto node = unwind(input({}, {{}}), lit("[1, 2]"), "x");
  EXPECT_EQ(node->variables(), (std::vector<std::string>{"x"}));
  EXPECT_EQ(run(*node), (Lines{"1", "2"}));
}

TEST_P(UnwindTest, ListExpressionsOverTheRow) {
  auto node = unwind(column({"1", "3"}), list({var("x"), mul(var("x"), i(10))}), "y");
  EXPECT_EQ(run(*node), (Lines{"1 | 1", "1 | 10", "3 | 3", "3 | 30"}));
}

TEST_P(UnwindTest, LongListsSpanBatchesInOrder) {
  auto node = unwind(column({"3", "0", "2"}), fn("range", {i(1), var("x")}), "n");
  EXPECT_EQ(run(*node), (Lines{"3 | 1", "3 | 2", "3 | 3", "2 | 1", "2 | 2"}));
  auto big = unwind(column({"2500"}), fn("range", {i(1), var("x")}), "n");
  Batch b;
  int64_t expected = 1;
  size_t batches = 0;
  while (big->next(b)) {
    ++batches;
    EXPECT_LE(b.rows, ctx_->batchRows());
    for (size_t r = 0; r < b.rows; ++r) {
      EXPECT_EQ(runtime_->toValue(b.columns[1][r]).asInteger(), expected++);
    }
  }
  EXPECT_EQ(expected, 2501);
  EXPECT_GE(batches, (2500 + ctx_->batchRows() - 1) / ctx_->batchRows());
}

TEST_P(UnwindTest, ElementsGetTheIdsOfTheirValues) {
  auto node = unwind(column({"[7, null]"}), var("x"), "y");
  Batch b;
  std::vector<ValueId> ys;
  while (node->next(b)) {
    for (size_t r = 0; r < b.rows; ++r) ys.push_back(b.columns[1][r]);
  }
  ASSERT_EQ(ys.size(), 2u);
  EXPECT_EQ(ys[0], runtime_->toId(Value::integer(7)));
  EXPECT_FALSE(ys[1].isBound());
}

TEST_P(UnwindTest, AnExistingVariableIsReplaced) {
  auto node = unwind(column({"[1, 2]"}), var("x"), "x");
  EXPECT_EQ(node->variables(), (std::vector<std::string>{"x"}));
  EXPECT_EQ(run(*node), (Lines{"1", "2"}));
}

TEST_P(UnwindTest, ErrorsFailTheStatement) {
  auto node = unwind(column({"1", "0"}), list({div(i(1), var("x"))}), "y");
  EXPECT_EQ(errorOf(*node).substr(0, 16), "ArithmeticError/");
}

TEST_P(UnwindTest, TheListBeingUnwoundIsChargedWhileHeld) {
  auto node = unwind(column({"1000"}), fn("range", {i(1), var("x")}), "n");
  const uint64_t base = ctx_->usedBytes();
  Batch b;
  ASSERT_TRUE(node->next(b));
  const uint64_t held = ctx_->usedBytes() - base;
  if (ctx_->batchRows() < 1000) {
    EXPECT_GT(held, 1000u * sizeof(Value));
  }
  while (node->next(b)) {
  }
  EXPECT_EQ(ctx_->usedBytes(), base);
}

CAIRN_CYPHER_OPERATOR_BATCH_SIZES(UnwindTest);

}  // namespace
}  // namespace cairn::query::value::testing
