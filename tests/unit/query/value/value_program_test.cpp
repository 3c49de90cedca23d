// The Cypher evaluator (query/value/value_program.h): operators, null semantics, lists, maps,
// CASE, comprehensions, quantifiers and reduce, with the TCK's expressions/ features as the
// expectations (boolean, null, list, map, comparison, mathematical, precedence, quantifier,
// conditional, string).

#include "query/value/value_program.h"

#include "query/algebra/algebra.h"
#include "tests/unit/query/value/value_test_support.h"

namespace cairn::query::value::testing {
namespace {

Expr x() { return var("x"); }

struct Row {
  Expr expr;
  const char* expected;
};

void expectAll(Runner& run, const std::vector<Row>& rows) {
  for (const Row& row : rows) EXPECT_EQ(run(row.expr), row.expected) << toString(row.expr);
}

// Boolean1-4: AND, OR, XOR, NOT over true, false, null.
TEST(CypherLogic, TruthTables) {
  Runner run;
  const Expr t = b(true), fa = b(false), n = null();
  expectAll(run, {
                     {op(Op::kAnd, t, t), "true"},
                     {op(Op::kAnd, t, fa), "false"},
                     {op(Op::kAnd, t, n), "null"},
                     {op(Op::kAnd, fa, t), "false"},
                     {op(Op::kAnd, fa, fa), "false"},
                     {op(Op::kAnd, fa, n), "false"},
                     {op(Op::kAnd, n, t), "null"},
                     {op(Op::kAnd, n, fa), "false"},
                     {op(Op::kAnd, n, n), "null"},
                     {op(Op::kOr, t, t), "true"},
                     {op(Op::kOr, t, fa), "true"},
                     {op(Op::kOr, t, n), "true"},
                     {op(Op::kOr, fa, t), "true"},
                     {op(Op::kOr, fa, fa), "false"},
                     {op(Op::kOr, fa, n), "null"},
                     {op(Op::kOr, n, t), "true"},
                     {op(Op::kOr, n, fa), "null"},
                     {op(Op::kOr, n, n), "null"},
                     {op(Op::kXor, t, t), "false"},
                     {op(Op::kXor, t, fa), "true"},
                     {op(Op::kXor, t, n), "null"},
                     {op(Op::kXor, fa, t), "true"},
                     {op(Op::kXor, fa, fa), "false"},
                     {op(Op::kXor, fa, n), "null"},
                     {op(Op::kXor, n, t), "null"},
                     {op(Op::kXor, n, fa), "null"},
                     {op(Op::kXor, n, n), "null"},
                     {op1(Op::kNot, t), "false"},
                     {op1(Op::kNot, fa), "true"},
                     {op1(Op::kNot, n), "null"},
                     // Boolean3 [2]: true XOR true XOR true
                     {op(Op::kXor, op(Op::kXor, t, t), t), "true"},
                 });
}

// Boolean1 [8] and friends: operands of another type fail, even where the other side decides.
TEST(CypherLogic, NonBooleanOperandsAreTypeErrors) {
  Runner run;
  const char* operands[][2] = {{"123", "true"},    {"123.4", "false"}, {"123.4", "null"},
                               {"'foo'", "true"},  {"[]", "false"},    {"[true]", "false"},
                               {"[null]", "null"}, {"{}", "true"},     {"{x: []}", "true"},
                               {"false", "123"},   {"true", "123.4"},  {"false", "'foo'"},
                               {"null", "'foo'"}};
  for (const Op o : {Op::kAnd, Op::kOr, Op::kXor}) {
    for (const auto& [l, r] : operands) {
      EXPECT_EQ(errorOf(run, op(o, lit(l), lit(r))), "TypeError/InvalidArgumentType")
          << l << " " << opName(o) << " " << r;
    }
  }
  EXPECT_EQ(errorOf(run, op1(Op::kNot, i(1))), "TypeError/InvalidArgumentType");
}

// Null1-3 and the null propagation of every operator.
TEST(CypherNull, Propagation) {
  Runner run;
  run.row["n"] = Value();
  expectAll(run, {
                     {op1(Op::kIsNull, null()), "true"},
                     {op1(Op::kIsNotNull, null()), "false"},
                     {op1(Op::kIsNull, lit("{}")), "false"},
                     {op1(Op::kIsNull, prop(var("n"), "name")), "true"},
                     {op1(Op::kIsNull, prop(lit("{name: null}"), "name")), "true"},
                     {op1(Op::kIsNotNull, prop(lit("{name: 'x'}"), "name")), "true"},
                     {eq(null(), null()), "null"},
                     {op(Op::kNotEqual, null(), null()), "null"},
                     {op(Op::kLess, null(), i(1)), "null"},
                     {add(null(), i(1)), "null"},
                     {op1(Op::kUnaryMinus, null()), "null"},
                     {op(Op::kStartsWith, null(), s("a")), "null"},
                     {at(null(), i(0)), "null"},
                     {at(lit("[1]"), null()), "null"},
                     {var("unbound"), "null"},
                 });
}

// Null3 [4] and List5: IN is three-valued.
TEST(CypherIn, TckTables) {
  Runner run;
  const char* cases[][3] = {
      {"1", "['1', 2]", "false"},
      {"[1, 2]", "[1, [1, '2']]", "false"},
      {"[1]", "[1, 2]", "false"},
      {"[1, 2]", "[1, 2]", "false"},
      {"[1]", "[1, 2, [1]]", "true"},
      {"[1, 2]", "[1, [1, 2]]", "true"},
      {"[1, 2]", "[1, [2, 1]]", "false"},
      {"[1, 2]", "[1, [1, 2, 3]]", "false"},
      {"[1, 2]", "[1, [[1, 2]]]", "false"},
      {"[[1, 2], [3, 4]]", "[5, [[1, 2], [3, 4]]]", "true"},
      {"[[1, 2], 3]", "[1, [[1, 2], 3]]", "true"},
      {"[[1]]", "[2, [[1]]]", "true"},
      {"[[1]]", "[2, [1]]", "false"},
      {"null", "[null]", "null"},
      {"[null]", "[[null]]", "null"},
      {"[null]", "[null]", "null"},
      {"[1]", "[[1, null]]", "false"},
      {"3", "[1, null, 3]", "true"},
      {"4", "[1, null, 3]", "null"},
      {"[1, 2]", "[[null, 'foo'], [1, 2]]", "true"},
      {"[1, 2]", "[1, [1, 2], null]", "true"},
      {"[1, 2]", "[[null, 'foo']]", "false"},
      {"[1, 2]", "[[null, 2]]", "null"},
      {"[1, 2]", "[1, [1, 2, null]]", "false"},
      {"[1, 2, null]", "[1, [1, 2, null]]", "null"},
      {"[1, 2]", "[[null, 2], [1, 2]]", "true"},
      {"[[1, 2], [3, 4]]", "[5, [[1, 2], [3, 4], null]]", "false"},
      {"[1, 2]", "[[null, 2], [1, 3]]", "null"},
      {"[]", "[[]]", "true"},
      {"[]", "[]", "false"},
      {"[]", "[1, []]", "true"},
      {"[]", "[1, 2]", "false"},
      {"[[]]", "[1, [[]]]", "true"},
      {"[]", "[1, 2, null]", "null"},
      {"[[], []]", "[1, [[], []]]", "true"},
      {"null", "null", "null"},
      {"null", "[1, 2, 3]", "null"},
      {"null", "[]", "false"},
      {"1", "[1, 2, 3, null]", "true"},
  };
  for (const auto& [lhs, rhs, result] : cases) {
    EXPECT_EQ(run(in(lit(lhs), lit(rhs))), result) << lhs << " IN " << rhs;
  }
  // List5 [42]: IN on a non-list.
  EXPECT_EQ(errorOf(run, in(i(1), i(1))), "TypeError/InvalidArgumentType");
  EXPECT_EQ(errorOf(run, in(i(1), lit("{}"))), "TypeError/InvalidArgumentType");
  // List5 [1]-[4]: with indexing and slicing.
  EXPECT_EQ(run(in(i(3), at(lit("[[1, 2, 3]]"), i(0)))), "true");
  EXPECT_EQ(run(in(i(3), slice(lit("[1, 2, 3]"), i(0), i(1)))), "false");
}

TEST(CypherComparison, ChainedComparisonsAsAnd) {
  Runner run;
  // Comparison3: 1 < n.num < 3, as the translator writes it.
  for (int64_t num : {1, 2, 3}) {
    run.row["n"] = Value::integer(num);
    const auto chained = op(Op::kAnd, op(Op::kLess, i(1), var("n")), op(Op::kLess, var("n"), i(3)));
    EXPECT_EQ(run(chained), num == 2 ? "true" : "false");
  }
  expectAll(run, {
                     {op(Op::kLess, i(1), f(3.14)), "true"},
                     {op(Op::kGreaterEqual, lit("[1, 0]"), lit("[1]")), "true"},
                     {op(Op::kGreaterEqual, lit("[1, 2]"), lit("[1, null]")), "null"},
                     {op(Op::kGreater, nan(), i(1)), "false"},
                     {op(Op::kLessEqual, nan(), nan()), "false"},
                     {op(Op::kLess, nan(), s("a")), "null"},
                     {eq(nan(), nan()), "false"},
                     {op(Op::kNotEqual, nan(), nan()), "true"},
                     {op(Op::kLess, s("1"), i(1)), "null"},
                     {op(Op::kGreater, s("xx"), s("x")), "true"},
                     {op(Op::kLessEqual, b(false), b(true)), "true"},
                 });
}

// Mathematical and Precedence features; the integer/float rules.
TEST(CypherArithmetic, IntegersAndFloats) {
  Runner run;
  expectAll(run, {
                     {sub(mul(div(i(12), i(4)), i(3)), mul(i(2), i(4))), "1"},
                     {mul(div(i(12), i(4)), sub(i(3), mul(i(2), i(4)))), "-15"},
                     {add(i(1), f(2.5)), "3.5"},
                     {div(i(7), i(2)), "3"},
                     {div(i(-7), i(2)), "-3"},
                     {div(f(7), i(2)), "3.5"},
                     {op(Op::kModulo, i(7), i(3)), "1"},
                     {op(Op::kModulo, i(-7), i(3)), "-1"},
                     {op(Op::kModulo, f(7.5), i(2)), "1.5"},
                     {op(Op::kPower, i(2), i(3)), "8.0"},
                     {op(Op::kPower, i(2), i(-1)), "0.5"},
                     {div(f(1), i(0)), "Infinity"},
                     {div(f(-1), f(0)), "-Infinity"},
                     {div(f(0), f(0)), "NaN"},
                     {op1(Op::kUnaryMinus, i(5)), "-5"},
                     {op1(Op::kUnaryMinus, f(0)), "-0.0"},
                     {op1(Op::kUnaryPlus, i(5)), "5"},
                     {add(i(INT64_MAX - 1), i(1)), "9223372036854775807"},
                     {op(Op::kModulo, i(INT64_MIN), i(-1)), "0"},
                 });
  EXPECT_EQ(errorOf(run, add(i(INT64_MAX), i(1))), "ArithmeticError/IntegerOverflow");
  EXPECT_EQ(errorOf(run, sub(i(INT64_MIN), i(1))), "ArithmeticError/IntegerOverflow");
  EXPECT_EQ(errorOf(run, mul(i(INT64_MAX / 2 + 1), i(2))), "ArithmeticError/IntegerOverflow");
  EXPECT_EQ(errorOf(run, div(i(INT64_MIN), i(-1))), "ArithmeticError/IntegerOverflow");
  EXPECT_EQ(errorOf(run, op1(Op::kUnaryMinus, i(INT64_MIN))), "ArithmeticError/IntegerOverflow");
  EXPECT_EQ(errorOf(run, div(i(1), i(0))), "ArithmeticError/DivisionByZero");
  EXPECT_EQ(errorOf(run, op(Op::kModulo, i(1), i(0))), "ArithmeticError/DivisionByZero");
  EXPECT_EQ(errorOf(run, add(i(1), b(true))), "TypeError/InvalidArgumentType");
  EXPECT_EQ(errorOf(run, mul(s("a"), i(2))), "TypeError/InvalidArgumentType");
  EXPECT_EQ(errorOf(run, sub(lit("[1]"), i(1))), "TypeError/InvalidArgumentType");
  EXPECT_EQ(errorOf(run, op1(Op::kUnaryMinus, s("a"))), "TypeError/InvalidArgumentType");
}

// List4, Precedence3 and string concatenation.
TEST(CypherArithmetic, Concatenation) {
  Runner run;
  expectAll(
      run,
      {
          {add(lit("[1, 10, 100]"), lit("[4, 5]")), "[1, 10, 100, 4, 5]"},
          {add(lit("[false, true]"), b(false)), "[false, true, false]"},
          {add(i(0), lit("[1]")), "[0, 1]"},
          {add(lit("[1]"), null()), "[1, null]"},
          {add(lit("[[1], [2, 3], [4, 5]]"), at(lit("[5, [6, 7], [8, 9], 10]"), i(3))),
           "[[1], [2, 3], [4, 5], 10]"},
          {add(lit("[[1], [2, 3], [4, 5]]"), at(lit("[5, [6, 7], [8, 9], 10]"), i(2))),
           "[[1], [2, 3], [4, 5], 8, 9]"},
          {add(lit("[[1], [2, 3], [4, 5]]"), slice(lit("[5, [6, 7], [8, 9], 10]"), i(1), i(3))),
           "[[1], [2, 3], [4, 5], [6, 7], [8, 9]]"},
          {add(s("nam"), s("e")), "'name'"},
          {add(s("a"), i(1)), "'a1'"},
          {add(f(2.5), s("x")), "'2.5x'"},
          {add(s("a"), null()), "null"},
      });
}

// Literals, List1, List2 (index and slice), Map1-2.
TEST(CypherLists, IndexAndSlice) {
  Runner run;
  run.row["list"] = run.value(lit("[1, 2, 3]"));
  expectAll(run, {
                     {at(lit("[1, 2, 3]"), i(0)), "1"},
                     {at(lit("[1, 2, 3]"), i(-1)), "3"},
                     {at(lit("[1, 2, 3]"), i(3)), "null"},
                     {at(lit("[1, 2, 3]"), i(-4)), "null"},
                     {at(at(lit("[[1, 2], [3]]"), i(0)), i(1)), "2"},
                     {slice(var("list"), i(1), i(3)), "[2, 3]"},
                     {op(Op::kSliceFrom, var("list"), i(1)), "[2, 3]"},
                     {op(Op::kSliceTo, var("list"), i(2)), "[1, 2]"},
                     {slice(var("list"), i(0), i(1)), "[1]"},
                     {slice(var("list"), i(0), i(0)), "[]"},
                     {slice(var("list"), i(-3), i(-1)), "[1, 2]"},
                     {slice(var("list"), i(3), i(1)), "[]"},
                     {slice(var("list"), i(-5), i(5)), "[1, 2, 3]"},
                     {slice(var("list"), null(), null()), "null"},
                     {slice(var("list"), i(1), null()), "null"},
                     {slice(var("list"), null(), i(3)), "null"},
                     {op(Op::kSliceFrom, var("list"), null()), "null"},
                     {op(Op::kSliceTo, var("list"), null()), "null"},
                 });
  // List1 [6]-[9]: indexing a non-list, or with a non-integer.
  for (const char* base : {"true", "123", "4.7", "'1'"}) {
    EXPECT_EQ(errorOf(run, at(lit(base), i(0))), "TypeError/InvalidArgumentType") << base;
  }
  for (const char* index : {"true", "4.7", "'1'", "[1]", "{x: 3}"}) {
    EXPECT_EQ(errorOf(run, at(var("list"), lit(index))), "TypeError/InvalidArgumentType") << index;
  }
  EXPECT_EQ(errorOf(run, slice(i(1), i(0), i(1))), "TypeError/InvalidArgumentType");
}

TEST(CypherMaps, LiteralsPropertiesAndDynamicKeys) {
  Runner run;
  run.parameters["expr"] = run.value(lit("{name: 'Apa'}"));
  expectAll(run, {
                     {lit("{a: 1, b: 'x', c: [null]}"), "{a: 1, b: 'x', c: [null]}"},
                     {prop(lit("{name: 'Apa'}"), "name"), "'Apa'"},
                     {prop(lit("{name: 'Apa'}"), "nome"), "null"},
                     {prop(prop(lit("{a: {b: 2}}"), "a"), "b"), "2"},
                     {at(lit("{name: 'Mats', nome: 'Pontus'}"), s("name")), "'Mats'"},
                     {at(lit("{null: 'Mats', NULL: 'Pontus'}"), s("NULL")), "'Pontus'"},
                     {at(lit("{name: 'Mats'}"), null()), "null"},
                     {at(param("expr"), s("name")), "'Apa'"},
                 });
  // Map2 [6]-[7]: a map indexed by a non-string.
  EXPECT_EQ(errorOf(run, at(param("expr"), i(0))), "TypeError/MapElementAccessByNonString");
  EXPECT_EQ(errorOf(run, at(param("expr"), f(12.3))), "TypeError/MapElementAccessByNonString");
  // Property access on something that is neither a map nor an entity.
  EXPECT_EQ(errorOf(run, prop(i(100), "x")), "TypeError/InvalidArgumentType");
  EXPECT_EQ(errorOf(run, prop(lit("[1]"), "x")), "TypeError/InvalidArgumentType");
}

TEST(CypherGraph, PropertiesAndLabelsThroughGraphAccess) {
  Runner run;
  run.row["n"] = run.graph.addNode(1, {"A", "B"}, {{"name", Value::string("a")}});
  run.row["r"] = run.graph.addRelationship(9, 1, 1, "LOOP", {{"w", Value::integer(2)}});
  expectAll(run, {
                     {prop(var("n"), "name"), "'a'"},
                     {prop(var("n"), "missing"), "null"},
                     {at(var("n"), add(s("nam"), s("e"))), "'a'"},
                     {prop(var("r"), "w"), "2"},
                     {labels(var("n"), {"A"}), "true"},
                     {labels(var("n"), {"A", "B"}), "true"},
                     {labels(var("n"), {"A", "C"}), "false"},
                     {labels(var("r"), {"LOOP"}), "true"},
                     {labels(null(), {"A"}), "null"},
                     {eq(var("n"), var("n")), "true"},
                 });
  EXPECT_EQ(errorOf(run, labels(i(1), {"A"})), "TypeError/InvalidArgumentType");
  // Without a GraphAccess, reading an entity is an engine error, not a wrong answer.
  EvalContext bare;
  const Value n = run.row["n"];
  const auto program =
      ValueProgram::compile(prop(var("n"), "name"), [](std::string_view) { return 0; });
  EXPECT_THROW(program.evaluate(SpanRow(std::span<const Value>(&n, 1)), bare), core::Error);
}

// String1-10: STARTS WITH, ENDS WITH, CONTAINS and =~.
TEST(CypherStrings, PredicatesAndRegex) {
  Runner run;
  expectAll(run, {
                     {op(Op::kStartsWith, s("ABCDEF"), s("ABC")), "true"},
                     {op(Op::kStartsWith, s("AB"), s("ABC")), "false"},
                     {op(Op::kStartsWith, s("ABC"), s("")), "true"},
                     {op(Op::kEndsWith, s("ABCDEF"), s("DEF")), "true"},
                     {op(Op::kEndsWith, s("ab"), s("AB")), "false"},
                     {op(Op::kContains, s("ABCDEF"), s("CD")), "true"},
                     {op(Op::kContains, s("AB\nC"), s("\n")), "true"},
                     {op(Op::kContains, s("ABCDEF"), null()), "null"},
                     {op1(Op::kNot, op(Op::kContains, s("ABCDEF"), s("x"))), "true"},
                     {op(Op::kRegexMatch, s("abc"), s("a.c")), "true"},
                     {op(Op::kRegexMatch, s("xabcx"), s("abc")), "false"},  // whole string
                     {op(Op::kRegexMatch, s("ABC"), s("(?i)abc")), "true"},
                     {op(Op::kRegexMatch, s("a1"), s("\\w\\d")), "true"},
                     {op(Op::kRegexMatch, s("é"), s(".")), "true"},  // a code point, not a byte
                     {op(Op::kRegexMatch, null(), s("a")), "null"},
                     {op(Op::kRegexMatch, i(1), s("1")), "null"},
                 });
  // String8-10 [8]: non-string operands give null.
  const char* operands[] = {"1", "3.14", "true", "[]", "{}", "null"};
  for (const Op o : {Op::kStartsWith, Op::kEndsWith, Op::kContains}) {
    for (const char* a : operands) {
      for (const char* c : operands) EXPECT_EQ(run(op(o, lit(a), lit(c))), "null") << a << c;
    }
  }
  run.row["p"] = Value::string("a(");
  EXPECT_EQ(errorOf(run, op(Op::kRegexMatch, s("a"), var("p"))),
            "ArgumentError/InvalidArgumentValue");
  EXPECT_THROW(run.value(op(Op::kRegexMatch, s("a"), s("a("))), core::Error);  // at compile time
}

// Conditional1-2.
TEST(CypherCase, GenericAndSimple) {
  Runner run;
  const auto simple = [](Expr value) {
    std::vector<Expr> args{std::move(value)};
    for (const auto& [when, then] :
         std::vector<std::pair<int64_t, const char*>>{{-10, "minus ten"},
                                                      {0, "zero"},
                                                      {1, "one"},
                                                      {5, "five"},
                                                      {10, "ten"},
                                                      {3000, "three thousand"}}) {
      args.push_back(i(when));
      args.push_back(s(then));
    }
    args.push_back(s("something else"));
    return op(Op::kSimpleCase, std::move(args));
  };
  expectAll(run,
            {
                {simple(i(-10)), "'minus ten'"},
                {simple(i(0)), "'zero'"},
                {simple(i(3000)), "'three thousand'"},
                {simple(f(5.0)), "'five'"},
                {simple(i(-30)), "'something else'"},
                {simple(null()), "'something else'"},
                {simple(s("1")), "'something else'"},
                {op(Op::kCase, {b(false), s("a"), null(), s("b"), b(true), s("c"), s("d")}), "'c'"},
                {op(Op::kCase, {b(false), s("a"), null()}), "null"},
                {op(Op::kCase, std::vector<Expr>{s("only else")}), "'only else'"},
            });
  EXPECT_EQ(errorOf(run, op(Op::kCase, {i(1), s("a"), null()})), "TypeError/InvalidArgumentType");
}

// Quantifier1-4 (none, single, any, all), including their null tables.
TEST(CypherQuantifiers, TckTables) {
  Runner run;
  struct Q {
    const char* list;
    const char* none;
    const char* single;
    const char* any;
    const char* all;
  };
  // WHERE x = 2
  const Q eqTwo[] = {
      {"[]", "true", "false", "false", "true"},
      {"[1]", "true", "false", "false", "false"},
      {"[2]", "false", "true", "true", "true"},
      {"[1, 2]", "false", "true", "true", "false"},
      {"[2, 2]", "false", "false", "true", "true"},
      {"[null]", "null", "null", "null", "null"},
      {"[null, null]", "null", "null", "null", "null"},
      {"[0, null]", "null", "null", "null", "false"},
      {"[2, null]", "false", "null", "true", "null"},
      {"[null, 2]", "false", "null", "true", "null"},
      {"[2, null, 2]", "false", "false", "true", "null"},
      {"[1.1, 2.0]", "false", "true", "true", "false"},
  };
  for (const Q& q : eqTwo) {
    const Expr pred = eq(x(), i(2));
    EXPECT_EQ(run(quantifier(Op::kNone, "x", lit(q.list), pred)), q.none) << q.list;
    EXPECT_EQ(run(quantifier(Op::kSingle, "x", lit(q.list), pred)), q.single) << q.list;
    EXPECT_EQ(run(quantifier(Op::kAny, "x", lit(q.list), pred)), q.any) << q.list;
    EXPECT_EQ(run(quantifier(Op::kAll, "x", lit(q.list), pred)), q.all) << q.list;
  }
  // WHERE x IS NULL
  const Q isNull[] = {
      {"[]", "true", "false", "false", "true"},
      {"[0]", "true", "false", "false", "false"},
      {"[null]", "false", "true", "true", "true"},
      {"[null, null]", "false", "false", "true", "true"},
      {"[0, null]", "false", "true", "true", "false"},
  };
  for (const Q& q : isNull) {
    const Expr pred = op1(Op::kIsNull, x());
    EXPECT_EQ(run(quantifier(Op::kNone, "x", lit(q.list), pred)), q.none) << q.list;
    EXPECT_EQ(run(quantifier(Op::kSingle, "x", lit(q.list), pred)), q.single) << q.list;
    EXPECT_EQ(run(quantifier(Op::kAny, "x", lit(q.list), pred)), q.any) << q.list;
    EXPECT_EQ(run(quantifier(Op::kAll, "x", lit(q.list), pred)), q.all) << q.list;
  }
  // WHERE x.a = 2 and WHERE size(x) = 3 over lists of maps and strings.
  EXPECT_EQ(run(quantifier(Op::kAny, "x", lit("[{a: 4}, {a: 2, b: 5}]"), eq(prop(x(), "a"), i(2)))),
            "true");
  EXPECT_EQ(run(quantifier(Op::kAll, "x", lit("['abc', 'ef']"), eq(fn("size", {x()}), i(3)))),
            "false");
  // Constant predicates over a heterogeneous list.
  const Expr mixed = lit("[1, null, true, 4.5, 'abc', false]");
  EXPECT_EQ(run(quantifier(Op::kNone, "x", mixed, b(false))), "true");
  EXPECT_EQ(run(quantifier(Op::kSingle, "x", mixed, b(true))), "false");
  EXPECT_EQ(run(quantifier(Op::kAll, "x", mixed, b(true))), "true");
  EXPECT_EQ(run(quantifier(Op::kAny, "x", null(), b(true))), "null");
  // x % 2 = 0 over strings: a TypeError.
  EXPECT_EQ(errorOf(run, quantifier(Op::kAny, "x", lit("['Clara']"),
                                    eq(op(Op::kModulo, x(), i(2)), i(0)))),
            "TypeError/InvalidArgumentType");
  // The predicate must be a boolean.
  EXPECT_EQ(errorOf(run, quantifier(Op::kAll, "x", lit("[1]"), x())),
            "TypeError/InvalidArgumentType");
}

// List comprehensions (List12), reduce, and the scoping of their local variables.
TEST(CypherComprehensions, ListComprehensionAndReduce) {
  Runner run;
  run.row["x"] = Value::string("outer");
  run.row["k"] = Value::integer(10);
  expectAll(
      run, {
               {comprehension("x", lit("[1, 2, 3]"), b(true), mul(x(), i(2))), "[2, 4, 6]"},
               {comprehension("x", lit("[1, 2, 3]"), op(Op::kGreater, x(), i(1)), x()), "[2, 3]"},
               {comprehension("x", lit("[1, null, 3]"), op(Op::kGreater, x(), i(1)), x()), "[3]"},
               {comprehension("x", lit("[1, 2]"), b(true), add(x(), var("k"))), "[11, 12]"},
               {comprehension("x", null(), b(true), x()), "null"},
               // The local x shadows the row's x only inside the comprehension.
               {list({comprehension("x", lit("[1]"), b(true), x()), x()}), "[[1], 'outer']"},
               // Nested comprehensions: [x IN [1, 2] | [y IN [10, 20] | x + y]]
               {comprehension("x", lit("[1, 2]"), b(true),
                              comprehension("y", lit("[10, 20]"), b(true), add(x(), var("y")))),
                "[[11, 21], [12, 22]]"},
               {reduce("acc", i(0), "x", lit("[1, 2, 3]"), add(var("acc"), x())), "6"},
               {reduce("acc", s(""), "x", lit("['a', 'b']"), add(var("acc"), x())), "'ab'"},
               {reduce("acc", i(1), "x", lit("[]"), add(var("acc"), x())), "1"},
               {reduce("acc", i(0), "x", null(), add(var("acc"), x())), "null"},
               {reduce("acc", lit("[]"), "x", lit("[1, 2]"), add(lit("[0]"), add(var("acc"), x()))),
                "[0, 0, 1, 2]"},
           });
  EXPECT_EQ(errorOf(run, comprehension("x", i(1), b(true), x())), "TypeError/InvalidArgumentType");
}

TEST(CypherParameters, PresentAndMissing) {
  Runner run;
  run.parameters["p"] = Value::list({Value::integer(1), Value::integer(2)});
  EXPECT_EQ(run(at(param("p"), i(1))), "2");
  EXPECT_EQ(run(op1(Op::kIsNull, param("p"))), "false");
  EXPECT_EQ(errorOf(run, param("q")), "ParameterMissing/MissingParameter");
}

// A PatternRunner that records what the evaluator asks and answers from a fixed table.
class FakePatterns final : public PatternRunner {
 public:
  std::vector<Bindings> asked;
  bool exists(const Algebra&, const Bindings& outer) override {
    asked.push_back(outer);
    return !outer.empty() && outer[0].second.kind() == ValueKind::kInteger &&
           outer[0].second.asInteger() > 0;
  }
  std::vector<std::vector<Value>> matches(const Algebra&, const Bindings& outer,
                                          const std::vector<std::string>& variables) override {
    asked.push_back(outer);
    EXPECT_EQ(variables, (std::vector<std::string>{"a", "b"}));
    return {{Value::integer(1), Value::string("x")},
            {Value::integer(1), Value::string("y")},
            {Value::integer(1), Value::string("zz")}};
  }
};

std::shared_ptr<const Algebra> abPattern() {
  auto pattern = std::make_shared<BgpNode>();
  pattern->triples.push_back({PatternTerm::var("a"),
                              PatternTerm::constant(core::Term::iri("urn:p")),
                              PatternTerm::var("b")});
  return pattern;
}

TEST(CypherPatterns, ExistsAndPatternComprehension) {
  Runner run;
  FakePatterns patterns;
  run.patterns = &patterns;
  run.row["a"] = Value::integer(1);
  const auto pattern = abPattern();
  EXPECT_EQ(run(Expr::makeExists(pattern, false)), "true");
  EXPECT_EQ(run(Expr::makeExists(pattern, true)), "false");
  ASSERT_EQ(patterns.asked.size(), 2u);
  ASSERT_EQ(patterns.asked[0].size(), 1u);  // only `a` is bound outside
  EXPECT_EQ(patterns.asked[0][0].first, "a");

  Expr comprehension = op(Op::kPatternComprehension, op(Op::kLess, fn("size", {var("b")}), i(2)),
                          add(var("b"), var("a")));
  comprehension.pattern = pattern;
  EXPECT_EQ(run(comprehension), "['x1', 'y1']");
  // Without a PatternRunner, patterns cannot be evaluated.
  run.patterns = nullptr;
  EXPECT_EQ(errorOf(run, Expr::makeExists(pattern, false)), "Unsupported/");
}

TEST(CypherCompile, UnknownFunctionsArityAndShapes) {
  Runner run;
  EXPECT_EQ(errorOf(run, fn("nosuchfunction", {i(1)})), "SyntaxError/UnknownFunction");
  EXPECT_EQ(errorOf(run, fn("tolower", {s("a"), s("b")})), "SyntaxError/InvalidNumberOfArguments");
  EXPECT_EQ(errorOf(run, fn("pi", {i(1)})), "SyntaxError/InvalidNumberOfArguments");
  EXPECT_EQ(run(fn("toLower", {s("ABC")})), "'abc'");  // names in any case
  // SPARQL-only operators have no Cypher meaning.
  EXPECT_EQ(errorOf(run, op1(Op::kStr, s("a"))), "Unsupported/");
  // Trees that do not fit docs/cypher.md's table.
  EXPECT_EQ(errorOf(run, op(Op::kCase, {b(true), s("a")})), "InvalidArgument/");
  Expr badMap = lit("{a: 1}");
  badMap.names.clear();
  EXPECT_EQ(errorOf(run, badMap), "InvalidArgument/");
  EXPECT_EQ(errorOf(run, in(i(1), i(2))), "TypeError/InvalidArgumentType");
}

TEST(CypherCompile, SlotsReadAndPredicates) {
  const auto program = ValueProgram::compile(
      add(var("b"), comprehension("x", var("a"), b(true), add(x(), var("b")))),
      [](std::string_view name) { return name == "a" ? 0 : (name == "b" ? 1 : -1); });
  EXPECT_EQ(program.slotsRead(), (std::vector<int>{1, 0}));
  const std::vector<Value> row = {Value::list({Value::integer(1)}),
                                  Value::list({Value::integer(5)})};
  EvalContext ctx;
  EXPECT_EQ(toText(program.evaluate(SpanRow(row), ctx)), "[5, [1, 5]]");

  const auto where = ValueProgram::compile(var("a"), [](std::string_view) { return 0; });
  for (const auto& [v, keep] : std::vector<std::pair<Value, bool>>{
           {Value::boolean(true), true}, {Value::boolean(false), false}, {Value(), false}}) {
    EXPECT_EQ(where.evaluatePredicate(SpanRow(std::span<const Value>(&v, 1)), ctx), keep);
  }
  const Value one = Value::integer(1);
  EXPECT_THROW(where.evaluatePredicate(SpanRow(std::span<const Value>(&one, 1)), ctx), core::Error);
}

}  // namespace
}  // namespace cairn::query::value::testing

namespace cairn::query::value::testing {
namespace {

// The evaluator hands temporal operands to the temporal library (temporalArithmetic,
// temporalProperty) and compares temporal values itself (Temporal7).
TEST(CypherTemporal, ArithmeticPropertiesAndComparison) {
  Runner run;
  const Expr d = fn("date", {lit("{year: 1984, month: 10, day: 11}")});
  const Expr oneDay = fn("duration", {lit("{days: 1}")});
  expectAll(
      run,
      {
          {add(d, oneDay), "'1984-10-12'"},
          {sub(d, oneDay), "'1984-10-10'"},
          {prop(d, "year"), "1984"},
          {op(Op::kLess, fn("date", {lit("{year: 1980, month: 12, day: 24}")}), d), "true"},
          {eq(d, fn("date", {s("1984-10-11")})), "true"},
          {eq(fn("duration", {lit("{minutes: 1}")}), fn("duration", {lit("{seconds: 60}")})),
           "true"},
          {op(Op::kLess, fn("duration", {lit("{days: 1}")}), fn("duration", {lit("{days: 2}")})),
           "null"},
          {add(d, null()), "null"},
      });
  EXPECT_EQ(errorOf(run, add(d, i(1))), "TypeError/InvalidArgumentType");
  EXPECT_EQ(errorOf(run, prop(d, "nosuchfield")), "ArgumentError/InvalidArgumentValue");
}

}  // namespace
}  // namespace cairn::query::value::testing
