// CypherExtend (query/exec/cypher_extend.h): bindings in order, each seeing the earlier ones,
// rebinding in place, nulls as unbound ids, errors failing the statement.

#include "query/exec/cypher_extend.h"

#include "tests/unit/query/exec/cypher_operator_test_support.h"

namespace cairn::query::value::testing {
namespace {

class CypherExtendTest : public CypherOperatorTest {
 protected:
  std::unique_ptr<CypherExtend> extend(OperatorPtr in,
                                       std::vector<CypherExtend::Binding> bindings) {
    return std::make_unique<CypherExtend>(*ctx_, std::move(in), bindings);
  }
};

TEST_P(CypherExtendTest, LaterBindingsSeeEarlierOnes) {
  auto node =
      extend(column({"1", "2", "3"}), {{"y", add(var("x"), i(1))}, {"z", mul(var("y"), i(10))}});
  EXPECT_EQ(node->variables(), (std::vector<std::string>{"x", "y", "z"}));
  EXPECT_EQ(run(*node), (Lines{"1 | 2 | 20", "2 | 3 | 30", "3 | 4 | 40"}));
}

TEST_P(CypherExtendTest, ComputedValuesOfEveryKind) {
  auto node = extend(column({"1", "null"}), {{"l", list({var("x"), f(1.5), s("a")})},
                                             {"m", map({{"k", var("x")}})},
                                             {"n", add(var("x"), i(1))},
                                             {"f", div(var("x"), f(2.0))}});
  EXPECT_EQ(run(*node), (Lines{"1 | [1, 1.5, 'a'] | {k: 1} | 2 | 0.5",
                               "null | [null, 1.5, 'a'] | {k: null} | null | null"}));
}

TEST_P(CypherExtendTest, NullIsTheUnboundId) {
  auto node = extend(column({"null", "1"}), {{"y", var("x")}});
  Batch b;
  std::vector<ValueId> ys;
  while (node->next(b)) {
    for (size_t r = 0; r < b.rows; ++r) ys.push_back(b.columns[1][r]);
  }
  ASSERT_EQ(ys.size(), 2u);
  EXPECT_FALSE(ys[0].isBound());
  // A computed 1 has the id of the literal 1.
  EXPECT_EQ(ys[1], runtime_->toId(Value::integer(1)));
}

TEST_P(CypherExtendTest, RebindingReplacesTheColumnInPlace) {
  auto node = extend(input({"x", "w"}, {{"1", "'a'"}, {"2", "'b'"}}),
                     {{"v", var("x")}, {"x", mul(var("x"), i(10))}, {"y", var("x")}});
  EXPECT_EQ(node->variables(), (std::vector<std::string>{"x", "w", "v", "y"}));
  // v read x before it was rebound; y after.
  EXPECT_EQ(run(*node), (Lines{"10 | 'a' | 1 | 10", "20 | 'b' | 2 | 20"}));
}

TEST_P(CypherExtendTest, ABindingReadingALaterNewVariableSeesNull) {
  auto node = extend(column({"1"}), {{"a", var("b")}, {"b", var("x")}});
  EXPECT_EQ(run(*node), (Lines{"1 | null | 1"}));
}

TEST_P(CypherExtendTest, ErrorsFailTheStatement) {
  auto node = extend(column({"2", "1", "0"}), {{"y", div(i(6), var("x"))}});
  EXPECT_EQ(errorOf(*node).substr(0, 16), "ArithmeticError/");
  auto type = extend(column({"1", "'a'"}), {{"y", sub(var("x"), i(1))}});
  EXPECT_EQ(errorOf(*type).substr(0, 10), "TypeError/");
  auto missing = extend(column({"1"}), {{"y", param("nope")}});
  EXPECT_EQ(errorOf(*missing).substr(0, 17), "ParameterMissing/");
}

TEST_P(CypherExtendTest, OverTheUnitTable) {
  auto node = extend(input({}, {{}}), {{"a", i(1)}, {"b", list({var("a"), s("x")})}});
  EXPECT_EQ(run(*node), (Lines{"1 | [1, 'x']"}));
}

TEST_P(CypherExtendTest, EmptyInputGivesNoRows) {
  auto node = extend(column({}), {{"y", div(i(1), i(0))}});
  EXPECT_EQ(run(*node), Lines{});
}

CAIRN_CYPHER_OPERATOR_BATCH_SIZES(CypherExtendTest);

}  // namespace
}  // namespace cairn::query::value::testing
