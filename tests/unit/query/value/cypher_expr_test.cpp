// The openCypher additions to the algebra's expressions (query/algebra/expr.h): their rendering,
// the variables they read (local variables of comprehensions stay inside), their arity, and
// that SPARQL's evaluator rejects them instead of giving them a meaning.

#include "query/algebra/algebra.h"
#include "query/algebra/op_traits.h"
#include "query/expr/expression_program.h"
#include "tests/unit/query/value/value_test_support.h"

namespace cairn::query::value::testing {
namespace {

TEST(CypherExpr, ToString) {
  EXPECT_EQ(toString(null()), "null");
  EXPECT_EQ(toString(param("p")), "$p");
  EXPECT_EQ(toString(op(Op::kXor, var("a"), var("b"))), "(?a XOR ?b)");
  EXPECT_EQ(toString(op1(Op::kIsNotNull, var("a"))), "(?a IS NOT NULL)");
  EXPECT_EQ(toString(lit("[1]")), "[\"1\"^^<http://www.w3.org/2001/XMLSchema#integer>]");
  EXPECT_EQ(toString(map({{"k", var("v")}})), "{k: ?v}");
  EXPECT_EQ(toString(prop(var("n"), "name")), "?n.name");
  EXPECT_EQ(toString(slice(var("l"), var("a"), var("b"))), "?l[?a..?b]");
  EXPECT_EQ(toString(labels(var("n"), {"A", "B"})), "?n:A:B");
  EXPECT_EQ(toString(op(Op::kCase, {var("c"), var("r"), null()})),
            "CASE WHEN ?c THEN ?r ELSE null END");
  EXPECT_EQ(toString(op(Op::kSimpleCase, {var("x"), var("v"), var("r"), null()})),
            "CASE ?x WHEN ?v THEN ?r ELSE null END");
  EXPECT_EQ(toString(comprehension("x", var("l"), var("p"), var("x"))), "[x IN ?l WHERE ?p | ?x]");
  EXPECT_EQ(toString(quantifier(Op::kAll, "x", var("l"), var("p"))), "all(x IN ?l WHERE ?p)");
  EXPECT_EQ(toString(reduce("acc", var("i"), "x", var("l"), var("e"))),
            "reduce(acc = ?i, x IN ?l | ?e)");
  EXPECT_EQ(toString(fn("date.truncate", {var("d")})), "date.truncate(?d)");
  EXPECT_EQ(opName(Op::kStartsWith), "STARTS WITH");
  EXPECT_EQ(aggregateName(AggregateCall::Function::kPercentileCont), "percentileCont");
}

TEST(CypherExpr, ReferencedVariablesLeaveLocalsOut) {
  // [x IN list WHERE x > k | x + y]: reads list, k, y; x is local.
  const Expr e = comprehension("x", var("list"), op(Op::kGreater, var("x"), var("k")),
                               add(var("x"), var("y")));
  EXPECT_EQ(referencedVariables(e), (std::vector<std::string>{"list", "k", "y"}));
  // The list of a comprehension is read outside: [x IN x | x] reads the outer x.
  EXPECT_EQ(referencedVariables(comprehension("x", var("x"), b(true), var("x"))),
            (std::vector<std::string>{"x"}));
  // reduce(acc = acc0, x IN l | acc + x + z)
  const Expr r =
      reduce("acc", var("acc0"), "x", var("l"), add(add(var("acc"), var("x")), var("z")));
  EXPECT_EQ(referencedVariables(r), (std::vector<std::string>{"acc0", "l", "z"}));
  EXPECT_EQ(referencedVariables(add(param("p"), null())), std::vector<std::string>{});
  EXPECT_EQ(referencedVariables(quantifier(Op::kAny, "v", var("l"), eq(var("v"), var("w")))),
            (std::vector<std::string>{"l", "w"}));
}

TEST(CypherExpr, Arity) {
  EXPECT_TRUE(opArity(Op::kSlice).accepts(3));
  EXPECT_FALSE(opArity(Op::kSlice).accepts(2));
  EXPECT_TRUE(opArity(Op::kList).accepts(0));
  EXPECT_TRUE(opArity(Op::kReduce).accepts(3));
  EXPECT_TRUE(opArity(Op::kIsNull).accepts(1));
  EXPECT_TRUE(isCypherOnlyOperator(Op::kPatternComprehension));
  EXPECT_FALSE(isCypherOnlyOperator(Op::kContains));
}

TEST(CypherExpr, SparqlEvaluatorRejectsCypherKinds) {
  const auto slotOf = [](std::string_view) { return 0; };
  for (const Expr& e : {null(), param("p"), op(Op::kXor, b(true), b(false)), lit("[1, 2]"),
                        prop(var("n"), "k"), comprehension("x", var("l"), b(true), var("x"))}) {
    try {
      expr::ExpressionProgram::compile(e, slotOf);
      ADD_FAILURE() << toString(e);
    } catch (const core::Error& error) {
      EXPECT_EQ(error.code(), core::ErrorCode::kUnsupported) << toString(e);
    }
  }
  // The SPARQL kinds still compile as before.
  EXPECT_NO_THROW(expr::ExpressionProgram::compile(op(Op::kAdd, i(1), var("x")), slotOf));
}

}  // namespace
}  // namespace cairn::query::value::testing
