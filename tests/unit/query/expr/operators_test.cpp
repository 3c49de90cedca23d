// Logical, comparison, membership and arithmetic operators (SPARQL §17.2, §17.3, §17.4.1.9-10).

#include "tests/unit/query/expr/expr_test_support.h"

namespace cairn::query::expr::testing {
namespace {

// An expression that is always an error (an unbound variable).
Expr err() { return v("z"); }
Expr t() { return c("true"); }
Expr f() { return c("false"); }

TEST(LogicalOperators, OrMasksErrorsWhenTrue) {
  EXPECT_EQ(eval(call(Op::kOr, {t(), err()})), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kOr, {err(), t()})), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kOr, {f(), err()})), "error");
  EXPECT_EQ(eval(call(Op::kOr, {err(), f()})), "error");
  EXPECT_EQ(eval(call(Op::kOr, {err(), err()})), "error");
  EXPECT_EQ(eval(call(Op::kOr, {f(), f()})), "\"false\"^^xsd:boolean");
}

TEST(LogicalOperators, AndMasksErrorsWhenFalse) {
  EXPECT_EQ(eval(call(Op::kAnd, {f(), err()})), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kAnd, {err(), f()})), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kAnd, {t(), err()})), "error");
  EXPECT_EQ(eval(call(Op::kAnd, {t(), t()})), "\"true\"^^xsd:boolean");
}

TEST(LogicalOperators, OperandsUseEffectiveBooleanValue) {
  EXPECT_EQ(eval(call(Op::kAnd, {c("\"x\""), c("1")})), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kOr, {c("\"\""), c("0.0")})), "\"false\"^^xsd:boolean");
  // An IRI has no EBV: an error, unless masked.
  EXPECT_EQ(eval(call(Op::kAnd, {c("<http://x>"), t()})), "error");
  EXPECT_EQ(eval(call(Op::kOr, {c("<http://x>"), t()})), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kNot, {c("\"\"")})), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kNot, {c("<http://x>")})), "error");
}

TEST(Equality, NumbersCompareByValueAcrossTypes) {
  EXPECT_EQ(eval(Op::kEqual, {"1", "1.0"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"1", "1e0"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"\"01\"^^xsd:integer", "1"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"\"1\"^^xsd:byte", "\"1\"^^xsd:unsignedLong"}),
            "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kNotEqual, {"1", "2"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"\"NaN\"^^xsd:double", "\"NaN\"^^xsd:double"}),
            "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kNotEqual, {"\"NaN\"^^xsd:double", "\"NaN\"^^xsd:double"}),
            "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"\"-0.0\"^^xsd:double", "0"}), "\"true\"^^xsd:boolean");
}

TEST(Equality, StringsAndLanguageTags) {
  EXPECT_EQ(eval(Op::kEqual, {"\"abc\"", "\"abc\"^^xsd:string"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"\"abc\"", "\"abd\""}), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"\"abc\"@en", "\"abc\"@EN"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"\"abc\"@en", "\"abc\"@fr"}), "\"false\"^^xsd:boolean");
  // Different known value spaces are simply not equal.
  EXPECT_EQ(eval(Op::kEqual, {"\"abc\"@en", "\"abc\""}), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"\"1\"", "1"}), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"true", "1"}), "\"false\"^^xsd:boolean");
}

TEST(Equality, UnknownDatatypesAreEqualOnlyWhenTheSameTerm) {
  EXPECT_EQ(eval(Op::kEqual, {"\"a\"^^<http://t>", "\"a\"^^<http://t>"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kNotEqual, {"\"a\"^^<http://t>", "\"a\"^^<http://t>"}),
            "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"\"a\"^^<http://t>", "\"b\"^^<http://t>"}), "error");
  EXPECT_EQ(eval(Op::kNotEqual, {"\"a\"^^<http://t>", "\"b\"^^<http://t>"}), "error");
  EXPECT_EQ(eval(Op::kEqual, {"\"a\"^^<http://t>", "\"a\""}), "error");
  // Ill-typed literals of built-in types behave the same way.
  EXPECT_EQ(eval(Op::kEqual, {"\"x\"^^xsd:integer", "\"x\"^^xsd:integer"}),
            "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"\"x\"^^xsd:integer", "1"}), "error");
}

TEST(Equality, IrisBlankNodesAndMixedKinds) {
  EXPECT_EQ(eval(Op::kEqual, {"<http://a>", "<http://a>"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"<http://a>", "<http://b>"}), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"_:x", "_:x"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"<http://a>", "\"http://a\""}), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kEqual, {"<http://a>", "1"}), "\"false\"^^xsd:boolean");
}

TEST(Equality, DateTimesWithTimezones) {
  EXPECT_EQ(eval(Op::kEqual, {"\"2024-01-01T01:00:00+01:00\"^^xsd:dateTime",
                              "\"2024-01-01T00:00:00Z\"^^xsd:dateTime"}),
            "\"true\"^^xsd:boolean");
  // With and without a timezone, 1 hour apart: indeterminate, an error.
  EXPECT_EQ(eval(Op::kEqual, {"\"2024-01-01T01:00:00\"^^xsd:dateTime",
                              "\"2024-01-01T00:00:00Z\"^^xsd:dateTime"}),
            "error");
  EXPECT_EQ(eval(Op::kLess, {"\"2024-01-01T00:00:00\"^^xsd:dateTime",
                             "\"2024-01-03T00:00:00Z\"^^xsd:dateTime"}),
            "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kLess, {"\"2024-01-01T01:00:00\"^^xsd:dateTime",
                             "\"2024-01-01T00:00:00Z\"^^xsd:dateTime"}),
            "error");
}

TEST(Ordering, NumbersStringsBooleans) {
  EXPECT_EQ(eval(Op::kLess, {"1", "1.5"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kGreater, {"2e0", "1.5"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kLessEqual, {"2", "2.0"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kGreaterEqual, {"1", "2"}), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kLess, {"\"abc\"", "\"abd\""}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kLess, {"\"Z\"", "\"a\""}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kLess, {"\"é\"", "\"z\""}), "\"false\"^^xsd:boolean");  // code point order
  EXPECT_EQ(eval(Op::kLess, {"false", "true"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kLess, {"\"NaN\"^^xsd:double", "1"}), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kGreater, {"\"NaN\"^^xsd:double", "1"}), "\"false\"^^xsd:boolean");
}

TEST(Ordering, IncomparableOperandsAreErrors) {
  EXPECT_EQ(eval(Op::kLess, {"1", "\"2\""}), "error");
  EXPECT_EQ(eval(Op::kLess, {"<http://a>", "<http://b>"}), "error");
  EXPECT_EQ(eval(Op::kLess, {"\"a\"@en", "\"b\"@en"}), "error");
  EXPECT_EQ(eval(Op::kLess, {"\"a\"^^<http://t>", "\"b\"^^<http://t>"}), "error");
  EXPECT_EQ(eval(Op::kLess, {"true", "1"}), "error");
  EXPECT_EQ(eval(call(Op::kLess, {err(), c("1")})), "error");
}

TEST(Membership, InIsADisjunctionOfEqualities) {
  EXPECT_EQ(eval(Op::kIn, {"2", "1", "2.0", "3"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kIn, {"2", "1", "3"}), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kIn, {"2"}), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kNotIn, {"2"}), "\"true\"^^xsd:boolean");
  // in01/in02 and notin01/notin02 of the W3C suite: an error counts only if nothing matched.
  EXPECT_EQ(eval(call(Op::kIn, {c("2"), err(), c("2")})), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kIn, {c("2"), err(), c("3")})), "error");
  EXPECT_EQ(eval(call(Op::kNotIn, {c("2"), err(), c("2")})), "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kNotIn, {c("2"), err(), c("3")})), "error");
  EXPECT_EQ(eval(Op::kNotIn, {"2", "1", "3"}), "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(Op::kIn, {"\"a\"^^<http://t>", "\"b\"^^<http://t>"}), "error");
}

TEST(Arithmetic, IntegerResultsStayIntegers) {
  EXPECT_EQ(eval(Op::kAdd, {"1", "2"}), "\"3\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kSubtract, {"1", "3"}), "\"-2\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kMultiply, {"\"7\"^^xsd:int", "\"6\"^^xsd:short"}), "\"42\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kAdd, {"9223372036854775807", "1"}), "\"9223372036854775808\"^^xsd:integer");
}

TEST(Arithmetic, PromotionDecimalFloatDouble) {
  EXPECT_EQ(eval(Op::kAdd, {"1", "2.5"}), "\"3.5\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kAdd, {"1.1", "2.2"}), "\"3.3\"^^xsd:decimal");  // exact, not 3.3000000001
  EXPECT_EQ(eval(Op::kAdd, {"1.5", "1.5"}), "\"3.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kMultiply, {"1.5", "2"}), "\"3.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kAdd, {"1", "\"1.5\"^^xsd:float"}), "\"2.5E0\"^^xsd:float");
  EXPECT_EQ(eval(Op::kAdd, {"\"1.5\"^^xsd:float", "1e0"}), "\"2.5E0\"^^xsd:double");
  EXPECT_EQ(eval(Op::kAdd, {"1", "2e0"}), "\"3.0E0\"^^xsd:double");
}

TEST(Arithmetic, Division) {
  EXPECT_EQ(eval(Op::kDivide, {"6", "3"}), "\"2.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kDivide, {"1", "4"}), "\"0.25\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kDivide, {"-7", "2"}), "\"-3.5\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kDivide, {"1", "3"}), "\"0.333333333333333333333333\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kDivide, {"2", "0.5"}), "\"4.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kDivide, {"1", "0"}), "error");
  EXPECT_EQ(eval(Op::kDivide, {"1.0", "0.0"}), "error");
  EXPECT_EQ(eval(Op::kDivide, {"1e0", "0"}), "\"INF\"^^xsd:double");
  EXPECT_EQ(eval(Op::kDivide, {"-1", "0e0"}), "\"-INF\"^^xsd:double");
  EXPECT_EQ(eval(Op::kDivide, {"0e0", "0"}), "\"NaN\"^^xsd:double");
}

TEST(Arithmetic, NonNumericOperandsAreErrors) {
  EXPECT_EQ(eval(Op::kAdd, {"1", "\"2\""}), "error");
  EXPECT_EQ(eval(Op::kAdd, {"1", "\"x\"^^xsd:integer"}), "error");
  EXPECT_EQ(eval(Op::kAdd, {"true", "1"}), "error");
  EXPECT_EQ(eval(call(Op::kAdd, {err(), c("1")})), "error");
}

TEST(Arithmetic, UnaryOperators) {
  EXPECT_EQ(eval(Op::kUnaryMinus, {"3"}), "\"-3\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kUnaryMinus, {"-2.50"}), "\"2.5\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kUnaryMinus, {"1e0"}), "\"-1.0E0\"^^xsd:double");
  EXPECT_EQ(eval(Op::kUnaryPlus, {"\"05\"^^xsd:integer"}), "\"5\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kUnaryMinus, {"\"5\""}), "error");
}

TEST(Arithmetic, ComputedNumbersInComparisons) {
  const TestRow row({term("7"), term("2.5"), term("\"x\""), term("\"u\"^^<http://t>")});
  EXPECT_EQ(eval(call(Op::kGreater, {call(Op::kAdd, {v("a"), v("b")}), c("9.4")}), row),
            "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kEqual, {call(Op::kMultiply, {v("b"), c("2")}), c("5")}), row),
            "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kLess,
                      {call(Op::kUnaryMinus, {v("a")}), call(Op::kSubtract, {c("0"), v("a")})}),
                 row),
            "\"false\"^^xsd:boolean");
  // Against something that is not a number the generic rules apply.
  EXPECT_EQ(eval(call(Op::kEqual, {call(Op::kAdd, {v("a"), c("1")}), v("c")}), row),
            "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kNotEqual, {call(Op::kAdd, {v("a"), c("1")}), v("c")}), row),
            "\"true\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kLess, {call(Op::kAdd, {v("a"), c("1")}), v("c")}), row), "error");
  EXPECT_EQ(eval(call(Op::kEqual, {call(Op::kAdd, {v("a"), c("1")}), v("d")}), row), "error");
  EXPECT_EQ(eval(call(Op::kEqual, {call(Op::kAdd, {v("a"), v("c")}), c("1")}), row), "error");
  EXPECT_EQ(eval(call(Op::kNotEqual, {call(Op::kDivide, {c("0e0"), v("a")}), c("0")}), row),
            "\"false\"^^xsd:boolean");
  EXPECT_EQ(eval(call(Op::kNotEqual, {call(Op::kDivide, {c("0e0"), c("0")}),
                                      call(Op::kMultiply, {v("a"), c("1")})}),
                 row),
            "\"true\"^^xsd:boolean");  // NaN != 7
  EXPECT_EQ(eval(call(Op::kUnaryMinus, {call(Op::kAdd, {v("a"), v("b")})}), row),
            "\"-9.5\"^^xsd:decimal");
}

TEST(Arithmetic, W3cPlusTests) {
  // plus-1 / plus-2: '+' is numeric addition only; strings are an error, not concatenation.
  EXPECT_EQ(eval(Op::kAdd, {"\"1\"", "\"2\""}), "error");
  EXPECT_EQ(eval(Op::kAdd, {"\"1\"^^xsd:integer", "\"2\"^^xsd:integer"}), "\"3\"^^xsd:integer");
}

}  // namespace
}  // namespace cairn::query::expr::testing
