// Numeric functions (SPARQL §17.4.4): ABS, ROUND, CEIL, FLOOR, RAND.

#include "tests/unit/query/expr/expr_test_support.h"

namespace cairn::query::expr::testing {
namespace {

TEST(NumericFunctions, Abs) {
  EXPECT_EQ(eval(Op::kAbs, {"-2"}), "\"2\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kAbs, {"-1.6"}), "\"1.6\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kAbs, {"-1.5e0"}), "\"1.5E0\"^^xsd:double");
  EXPECT_EQ(eval(Op::kAbs, {"\"-0.0\"^^xsd:double"}), "\"0.0E0\"^^xsd:double");
  EXPECT_EQ(eval(Op::kAbs, {"\"-3\"^^xsd:int"}), "\"3\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kAbs, {"\"-3\""}), "error");
}

TEST(NumericFunctions, RoundIsHalfUpTowardPositiveInfinity) {
  EXPECT_EQ(eval(Op::kRound, {"2.5"}), "\"3.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kRound, {"-2.5"}), "\"-2.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kRound, {"-2.51"}), "\"-3.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kRound, {"1.1"}), "\"1.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kRound, {"-1.6"}), "\"-2.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kRound, {"-2"}), "\"-2\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kRound, {"2.5e0"}), "\"3.0E0\"^^xsd:double");
  EXPECT_EQ(eval(Op::kRound, {"-2.5e0"}), "\"-2.0E0\"^^xsd:double");
  EXPECT_EQ(eval(Op::kRound, {"-0.4e0"}), "\"-0.0E0\"^^xsd:double");
  EXPECT_EQ(eval(Op::kRound, {"\"2.5\"^^xsd:float"}), "\"3.0E0\"^^xsd:float");
  EXPECT_EQ(eval(Op::kRound, {"\"NaN\"^^xsd:double"}), "\"NaN\"^^xsd:double");
  EXPECT_EQ(eval(Op::kRound, {"\"INF\"^^xsd:double"}), "\"INF\"^^xsd:double");
  EXPECT_EQ(eval(Op::kRound, {"true"}), "error");
}

TEST(NumericFunctions, CeilAndFloor) {
  EXPECT_EQ(eval(Op::kCeil, {"2.5"}), "\"3.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kCeil, {"-1.6"}), "\"-1.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kCeil, {"1.1"}), "\"2.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kCeil, {"-1"}), "\"-1\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kCeil, {"-0.5e0"}), "\"-0.0E0\"^^xsd:double");
  EXPECT_EQ(eval(Op::kFloor, {"2.5"}), "\"2.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kFloor, {"-1.6"}), "\"-2.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kFloor, {"1.1"}), "\"1.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kFloor, {"-2"}), "\"-2\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kFloor, {"1.5e0"}), "\"1.0E0\"^^xsd:double");
  EXPECT_EQ(eval(Op::kFloor, {"<http://a>"}), "error");
}

TEST(NumericFunctions, RandIsADoubleInTheUnitInterval) {
  const auto p = compileForTest(call(Op::kRand));
  bool differs = false;
  std::optional<core::Term> previous;
  for (int i = 0; i < 50; ++i) {
    const auto r = p.evaluate(TestRow(), testContext());
    ASSERT_TRUE(r);
    EXPECT_EQ(r->datatype, xsd("double"));
    const double value = std::stod(r->value);
    EXPECT_GE(value, 0.0);
    EXPECT_LT(value, 1.0);
    if (previous && *previous != *r) differs = true;
    previous = r;
  }
  EXPECT_TRUE(differs);
}

TEST(NumericFunctions, LargeExactValues) {
  EXPECT_EQ(eval(Op::kMultiply, {"10000000000000000000", "10000000000000000000"}),
            "\"100000000000000000000000000000000000000\"^^xsd:integer");
  // Beyond 38 digits exact arithmetic gives up with an error rather than a wrong answer.
  EXPECT_EQ(eval(Op::kMultiply, {"100000000000000000000", "10000000000000000000"}), "error");
  EXPECT_EQ(eval(Op::kAdd, {"0.000000000000000000001", "1"}),
            "\"1.000000000000000000001\"^^xsd:decimal");
}

}  // namespace
}  // namespace cairn::query::expr::testing
