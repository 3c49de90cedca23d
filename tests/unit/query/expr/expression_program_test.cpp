// ExpressionProgram compilation: slot resolution, slotsRead, arity checks, constant patterns, and
// that a compiled program can be moved and reused across rows.

#include "core/error.h"
#include "tests/unit/query/expr/expr_test_support.h"

namespace cairn::query::expr::testing {
namespace {

TEST(ExpressionProgram, SlotsReadAreUniqueInFirstUseOrder) {
  const Expr e = call(Op::kAdd, {v("c"), call(Op::kMultiply, {v("a"), v("c")})});
  const auto p = compileForTest(e);
  EXPECT_EQ(p.slotsRead(), (std::vector<int>{2, 0}));
  EXPECT_EQ(p.source().op, Op::kAdd);
}

TEST(ExpressionProgram, VariablesTheRowNeverBindsAreUnbound) {
  const auto p = compileForTest(call(Op::kAdd, {v("unknown"), c("1")}));
  EXPECT_TRUE(p.slotsRead().empty());
  EXPECT_EQ(show(p.evaluate(TestRow({term("1")}), testContext())), "error");
}

TEST(ExpressionProgram, EvaluatesPerRow) {
  const auto p = compileForTest(call(Op::kMultiply, {v("a"), v("b")}));
  EXPECT_EQ(show(p.evaluate(TestRow({term("2"), term("3")}), testContext())), "\"6\"^^xsd:integer");
  EXPECT_EQ(show(p.evaluate(TestRow({term("2.5"), term("2")}), testContext())),
            "\"5.0\"^^xsd:decimal");
  EXPECT_EQ(show(p.evaluate(TestRow({term("2"), std::nullopt}), testContext())), "error");
}

TEST(ExpressionProgram, ReturnsVariableAndConstantValuesUnchanged) {
  EXPECT_EQ(eval(v("a"), TestRow({term("\"01\"^^xsd:integer")})), "\"01\"^^xsd:integer");
  EXPECT_EQ(eval(c("\"x\"@en")), "\"x\"@en");
}

TEST(ExpressionProgram, MovedProgramsStillWork) {
  auto p = compileForTest(call(Op::kRegex, {v("a"), c("\"^x\"")}));
  ExpressionProgram moved = std::move(p);
  EXPECT_EQ(show(moved.evaluate(TestRow({term("\"xy\"")}), testContext())),
            "\"true\"^^xsd:boolean");
  std::vector<ExpressionProgram> programs;
  programs.push_back(std::move(moved));
  programs.push_back(compileForTest(c("1")));
  EXPECT_EQ(show(programs[0].evaluate(TestRow({term("\"y\"")}), testContext())),
            "\"false\"^^xsd:boolean");
}

TEST(ExpressionProgram, WrongArityIsRejectedAtCompileTime) {
  EXPECT_THROW(compileForTest(call(Op::kStrLen, {})), core::Error);
  EXPECT_THROW(compileForTest(call(Op::kSubstr, {c("\"a\"")})), core::Error);
  EXPECT_THROW(compileForTest(call(Op::kIf, {c("true"), c("1")})), core::Error);
  EXPECT_NO_THROW(compileForTest(call(Op::kConcat, {})));
  EXPECT_NO_THROW(compileForTest(call(Op::kBnode, {})));
}

TEST(ExpressionProgram, InvalidConstantPatternIsAnErrorEveryRow) {
  const auto p = compileForTest(call(Op::kRegex, {v("a"), c("\"(\"")}));
  EXPECT_EQ(show(p.evaluate(TestRow({term("\"(\"")}), testContext())), "error");
  EXPECT_EQ(p.evaluateCondition(TestRow({term("\"x\"")}), testContext()), std::nullopt);
}

TEST(ExpressionProgram, FilterStyleNestedExpression) {
  // FILTER(?a > 2 && (REGEX(STR(?b), "^http://ex") || !BOUND(?c)))
  const Expr e = call(
      Op::kAnd, {call(Op::kGreater, {v("a"), c("2")}),
                 call(Op::kOr, {call(Op::kRegex, {call(Op::kStr, {v("b")}), c("\"^http://ex\"")}),
                                call(Op::kNot, {call(Op::kBound, {v("c")})})})});
  const auto p = compileForTest(e);
  EXPECT_EQ(
      p.evaluateCondition(TestRow({term("3"), term("<http://ex/1>"), term("1")}), testContext()),
      true);
  EXPECT_EQ(
      p.evaluateCondition(TestRow({term("3"), term("<http://other>"), term("1")}), testContext()),
      false);
  EXPECT_EQ(p.evaluateCondition(TestRow({term("3"), term("<http://other>"), std::nullopt}),
                                testContext()),
            true);
  EXPECT_EQ(p.evaluateCondition(TestRow({term("\"x\""), term("<http://ex/1>"), term("1")}),
                                testContext()),
            std::nullopt);
  EXPECT_EQ(p.evaluateCondition(TestRow({term("1"), std::nullopt, term("1")}), testContext()),
            false);
}

TEST(ExpressionProgram, BooleanOperatorsAsValuesAndAsConditions) {
  // The same operators feed FILTER directly and other functions as xsd:boolean terms.
  const Expr asValue = call(Op::kStr, {call(Op::kEqual, {v("a"), c("1")})});
  EXPECT_EQ(eval(asValue, TestRow({term("1.0")})), "\"true\"");
  EXPECT_EQ(eval(asValue, TestRow({term("2")})), "\"false\"");
  EXPECT_EQ(eval(call(Op::kEqual, {v("a"), c("1")}), TestRow({term("1")})),
            "\"true\"^^xsd:boolean");
  const auto pattern = std::make_shared<query::TableNode>();
  TestRow row;
  row.existsAnswer = false;
  EXPECT_EQ(compileForTest(Expr::makeExists(pattern, true)).evaluateCondition(row, testContext()),
            true);
  EXPECT_EQ(compileForTest(Expr::makeExists(pattern, false)).evaluateCondition(row, testContext()),
            false);
}

TEST(ExpressionProgram, ConstantSubtreesGiveTheSameResults) {
  // (60 * 60) and STRLEN("abc") are folded at compile time; errors stay per-row errors.
  const Expr folded = call(Op::kGreater, {v("a"), call(Op::kMultiply, {c("60"), c("60")})});
  EXPECT_EQ(eval(folded, TestRow({term("3601")})), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(folded, TestRow({term("3600.0")})), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kAdd, {call(Op::kStrLen, {c("\"abc\"")}), c("1")})),
            "\"4\"^^xsd:integer");
  EXPECT_EQ(
      eval(call(Op::kOr, {call(Op::kDivide, {c("1"), c("0")}), v("a")}), TestRow({term("true")})),
      "\"true\"^^xsd:boolean");
  // NOW and RAND are not folded: NOW comes from the context of each evaluation.
  FunctionContext other("1999-01-01T00:00:00Z", "", 3);
  const auto now = compileForTest(call(Op::kYear, {call(Op::kNow)}));
  EXPECT_EQ(show(now.evaluate(TestRow(), other)), "\"1999\"^^xsd:integer");
  EXPECT_EQ(show(now.evaluate(TestRow(), testContext())), "\"2026\"^^xsd:integer");
}

}  // namespace
}  // namespace cairn::query::expr::testing
