// CypherFilter (query/exec/cypher_filter.h): WHERE under openCypher's three-valued logic, with
// errors failing the statement, over batches of one, two and the default number of rows.

#include "query/exec/cypher_filter.h"

#include "query/exec/cypher_row_view.h"
#include "tests/unit/query/exec/cypher_operator_test_support.h"

namespace cairn::query::value::testing {
namespace {

class CypherFilterTest : public CypherOperatorTest {
 protected:
  std::unique_ptr<CypherFilter> filter(OperatorPtr in, std::vector<Expr> conditions) {
    return std::make_unique<CypherFilter>(*ctx_, std::move(in), conditions);
  }
};

TEST_P(CypherFilterTest, KeepsTrueDropsFalseAndNull) {
  auto node = filter(column({"1", "2", "3", "null", "4", "5"}), {op(Op::kGreater, var("x"), i(2))});
  EXPECT_EQ(node->variables(), (std::vector<std::string>{"x"}));
  EXPECT_EQ(run(*node), (Lines{"3", "4", "5"}));
  // A null predicate drops the row; so does NOT of it (still null).
  auto nulls = filter(column({"null", "true", "false"}), {op1(Op::kNot, var("x"))});
  EXPECT_EQ(run(*nulls), (Lines{"false"}));
}

TEST_P(CypherFilterTest, ConditionsAreAConjunctionOverAllColumns) {
  auto in = input({"x", "y"}, {{"1", "'a'"}, {"2", "'b'"}, {"3", "'c'"}, {"4", "null"}});
  auto node = filter(std::move(in),
                     {op(Op::kGreater, var("x"), i(1)), op(Op::kNotEqual, var("y"), s("c"))});
  EXPECT_EQ(run(*node), (Lines{"2 | 'b'"}));
}

TEST_P(CypherFilterTest, ListsAndMapsCompareAsValues) {
  auto node = filter(column({"[1, 2]", "[1, 2.0]", "[1, null]", "{a: 1}", "[2]"}),
                     {eq(var("x"), lit("[1, 2]"))});
  // [1, null] = [1, 2] is null; {a: 1} = [1, 2] is false.
  EXPECT_EQ(run(*node), (Lines{"[1, 2]", "[1, 2.0]"}));
}

TEST_P(CypherFilterTest, NonBooleanPredicateFailsTheStatement) {
  auto node = filter(column({"true", "1"}), {var("x")});
  EXPECT_EQ(errorOf(*node).substr(0, 10), "TypeError/");
  auto division = filter(column({"1", "0"}), {op(Op::kGreater, div(i(6), var("x")), i(0))});
  EXPECT_EQ(errorOf(*division).substr(0, 16), "ArithmeticError/");
}

TEST_P(CypherFilterTest, LaterConditionsAreNotEvaluatedForDroppedRows) {
  // 6 / x fails for x = 0, which the first condition drops.
  auto node = filter(column({"0", "2", "3"}), {op(Op::kGreater, var("x"), i(0)),
                                               op(Op::kGreater, div(i(6), var("x")), i(2))});
  EXPECT_EQ(run(*node), (Lines{"2"}));
}

TEST_P(CypherFilterTest, ParametersAreVisible) {
  parameters_["min"] = Value::integer(3);
  ctx_->enableCypher(parameters_);
  runtime_ = ctx_->cypher();
  auto node = filter(column({"1", "3", "5"}), {op(Op::kGreaterEqual, var("x"), param("min"))});
  EXPECT_EQ(run(*node), (Lines{"3", "5"}));
}

TEST_P(CypherFilterTest, DecodesOnlyTheColumnsItReads) {
  // `bad` holds an id no dictionary has: reading it would fail, so the filter must not.
  const ValueId bad{uint64_t{1} << 40, core::otype::kString};
  std::vector<ValueRow> rows = {{runtime_->toId(Value::integer(1)), bad},
                                {runtime_->toId(Value::integer(2)), bad}};
  auto unread = filter(std::make_unique<Values>(*ctx_, std::vector<std::string>{"x", "bad"}, rows),
                       {op(Op::kGreater, var("x"), i(1))});
  Batch b;
  size_t kept = 0;
  while (unread->next(b)) kept += b.rows;
  EXPECT_EQ(kept, 1u);
  // Reading it fails the statement with the storage error, not a crash.
  auto read = filter(std::make_unique<Values>(*ctx_, std::vector<std::string>{"x", "bad"}, rows),
                     {op1(Op::kIsNull, var("bad"))});
  EXPECT_NE(errorOf(*read), "none");
}

TEST(CypherRowView, DecodesLazilyOncePerRowAndTakesKnownValues) {
  cairn::testing::TestLedger ledger = cairn::testing::makeTestLedger({});
  QueryOptions options;
  ExecContext ctx(*ledger.ledger, options, "");
  ctx.enableCypher({});
  CypherRuntime& rt = *ctx.cypher();
  Batch batch;
  batch.reset(2);
  batch.appendRow(ValueRow{rt.toId(Value::list({Value::integer(1)})), ValueId{}});
  batch.appendRow(ValueRow{rt.toId(Value::string("s")), rt.toId(Value::floating(2.5))});
  CypherRowView view(rt);
  view.bind(batch, 0);
  EXPECT_EQ(toText(view.value(0)), "[1]");
  EXPECT_TRUE(view.value(1).isNull());
  EXPECT_TRUE(view.value(2).isNull());  // outside the batch
  EXPECT_TRUE(view.value(-1).isNull());
  view.set(1, Value::integer(7));
  EXPECT_EQ(toText(view.value(1)), "7");
  EXPECT_FALSE(batch.columns[1][0].isBound());  // set() does not write the batch
  view.bind(batch, 1);                          // forgets row 0's values, including the one set
  EXPECT_EQ(toText(view.value(0)), "'s'");
  EXPECT_EQ(toText(view.value(1)), "2.5");
}

CAIRN_CYPHER_OPERATOR_BATCH_SIZES(CypherFilterTest);

}  // namespace
}  // namespace cairn::query::value::testing
