// The AST → query::Expr translation: each construct of docs/cypher.md's table in the shape the
// table gives, and, evaluated with ValueProgram, the value openCypher defines (so a wrong
// argument order shows as a wrong answer). Hooks for aggregates and patterns, and the errors
// without them.

#include "cypher/translate/expression_translator.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "cypher/ast/pattern.h"
#include "cypher/parser/parser.h"
#include "query/algebra/algebra.h"
#include "query/value/value_program.h"
#include "query/value/value_text.h"

namespace cairn::cypher {
namespace expression_translator_test {

using query::Expr;
using query::ExprKind;
using query::Op;

// The Expr of `text` parsed as the one item of a RETURN.
Expr translated(std::string_view text, const ExpressionHooks& hooks = {}) {
  const ast::Statement statement = parseStatement("RETURN " + std::string(text));
  const auto& ret = statement.query.parts[0].clauses.back()->as<ast::ReturnClause>();
  return translateExpression(*ret.body.items.at(0).expression, hooks);
}

// The value of `text` (no variables but `x` = 10), in the TCK's literal syntax.
std::string valueOf(std::string_view text) {
  const Expr expr = translated(text);
  auto program = query::value::ValueProgram::compile(
      expr, [](std::string_view name) { return name == "x" ? 0 : -1; });
  const query::value::Value x = query::value::Value::integer(10);
  query::value::Parameters parameters{{"p", query::value::Value::string("param")}};
  query::value::EvalContext ctx;
  ctx.parameters = &parameters;
  return query::value::toText(program.evaluate(query::value::SpanRow({&x, 1}), ctx));
}

TEST(ExpressionTranslatorTest, LiteralsAreConstantsWithTheirRdfLiterals) {
  const std::string xsd = "http://www.w3.org/2001/XMLSchema#";
  EXPECT_EQ(translated("42").constant, core::Term::literal("42", xsd + "integer"));
  EXPECT_EQ(translated("-9223372036854775808").constant,
            core::Term::literal("-9223372036854775808", xsd + "integer"));
  EXPECT_EQ(translated("4.2").constant, core::Term::literal("4.2E0", xsd + "double"));
  EXPECT_EQ(translated("'s'").constant, core::Term::literal("s"));
  EXPECT_EQ(translated("true").constant, core::Term::literal("true", xsd + "boolean"));
  EXPECT_EQ(translated("null").kind, ExprKind::kNull);
  const Expr p = translated("$p");
  EXPECT_EQ(p.kind, ExprKind::kParameter);
  EXPECT_EQ(p.variable, "p");
  EXPECT_EQ(translated("x").variable, "x");
  EXPECT_EQ(valueOf("1.5e300"), "1.5e300");
  EXPECT_EQ(valueOf("0.1"), "0.1");
}

TEST(ExpressionTranslatorTest, ShapesFollowTheTable) {
  const Expr in = translated("x IN [1, 2]");
  EXPECT_EQ(in.op, Op::kIn);
  ASSERT_EQ(in.args.size(), 2u);
  EXPECT_EQ(in.args[1].op, Op::kList);
  const Expr map = translated("{b: 1, a: 2}");
  EXPECT_EQ(map.op, Op::kMap);
  EXPECT_EQ(map.names, (std::vector<std::string>{"b", "a"}));
  const Expr property = translated("x.name");
  EXPECT_EQ(property.op, Op::kProperty);
  EXPECT_EQ(property.names, std::vector<std::string>{"name"});
  const Expr labels = translated("x:A:B");
  EXPECT_EQ(labels.op, Op::kHasLabels);
  EXPECT_EQ(labels.names, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(translated("x[1..]").op, Op::kSliceFrom);
  EXPECT_EQ(translated("x[..1]").op, Op::kSliceTo);
  EXPECT_EQ(translated("x[1..2]").op, Op::kSlice);
  const Expr function = translated("toUpper('a')");
  EXPECT_EQ(function.op, Op::kFunction);
  EXPECT_EQ(function.iri, "toupper");
  EXPECT_EQ(translated("date.truncate('day', x)").iri, "date.truncate");
  const Expr caseExpr = translated("CASE WHEN x THEN 1 END");
  EXPECT_EQ(caseExpr.op, Op::kCase);
  ASSERT_EQ(caseExpr.args.size(), 3u);
  EXPECT_EQ(caseExpr.args[2].kind, ExprKind::kNull);
  const Expr comprehension = translated("[y IN x]");
  EXPECT_EQ(comprehension.op, Op::kListComprehension);
  EXPECT_EQ(comprehension.variable, "y");
  ASSERT_EQ(comprehension.args.size(), 3u);
  EXPECT_EQ(comprehension.args[2].variable, "y");
  const Expr reduce = translated("reduce(acc = 0, y IN x | acc + y)");
  EXPECT_EQ(reduce.op, Op::kReduce);
  EXPECT_EQ(reduce.variable, "y");
  EXPECT_EQ(reduce.names, std::vector<std::string>{"acc"});
  EXPECT_EQ(query::referencedVariables(reduce), std::vector<std::string>{"x"});
}

TEST(ExpressionTranslatorTest, EvaluatesAsOpenCypherSays) {
  EXPECT_EQ(valueOf("1 + 2 * 3 - 4 / 2"), "5");
  EXPECT_EQ(valueOf("7 % 3 + 2 ^ 3"), "9.0");
  EXPECT_EQ(valueOf("-x + +1"), "-9");
  EXPECT_EQ(valueOf("true XOR false AND NOT false OR false"), "true");
  EXPECT_EQ(valueOf("1 < x <= 10 AND x <> 3 AND x >= 10 AND 11 > x AND x = 10"), "true");
  EXPECT_EQ(valueOf("'abc' STARTS WITH 'a' AND 'abc' ENDS WITH 'c' AND 'abc' CONTAINS 'b'"),
            "true");
  EXPECT_EQ(valueOf("'abc' =~ 'a.c'"), "true");
  EXPECT_EQ(valueOf("null IS NULL AND x IS NOT NULL"), "true");
  EXPECT_EQ(valueOf("3 IN [1, 2, 3]"), "true");
  EXPECT_EQ(valueOf("[1, 2, 3][1]"), "2");
  EXPECT_EQ(valueOf("[1, 2, 3][1..]"), "[2, 3]");
  EXPECT_EQ(valueOf("[1, 2, 3][..1]"), "[1]");
  EXPECT_EQ(valueOf("[1, 2, 3][0..2]"), "[1, 2]");
  EXPECT_EQ(valueOf("{a: 1, b: 'x'}.b"), "'x'");
  EXPECT_EQ(valueOf("{a: 1}['a']"), "1");
  EXPECT_EQ(valueOf("CASE WHEN x > 5 THEN 'big' ELSE 'small' END"), "'big'");
  EXPECT_EQ(valueOf("CASE x WHEN 1 THEN 'one' WHEN 10 THEN 'ten' END"), "'ten'");
  EXPECT_EQ(valueOf("CASE x WHEN 1 THEN 'one' END"), "null");
  EXPECT_EQ(valueOf("[y IN range(1, 5) WHERE y % 2 = 1 | y * x]"), "[10, 30, 50]");
  EXPECT_EQ(valueOf("[y IN [1, 2] WHERE y > 1]"), "[2]");
  EXPECT_EQ(valueOf("all(y IN [1, 2] WHERE y > 0)"), "true");
  EXPECT_EQ(valueOf("any(y IN [1, 2] WHERE y > 1)"), "true");
  EXPECT_EQ(valueOf("none(y IN [1, 2] WHERE y > 1)"), "false");
  EXPECT_EQ(valueOf("single(y IN [1, 2] WHERE y > 1)"), "true");
  EXPECT_EQ(valueOf("reduce(acc = x, y IN [1, 2, 3] | acc + y)"), "16");
  EXPECT_EQ(valueOf("toUpper($p)"), "'PARAM'");
  EXPECT_EQ(valueOf("size([1, 2])"), "2");
}

TEST(ExpressionTranslatorTest, AggregatesGoThroughTheHook) {
  EXPECT_TRUE(isAggregateFunction("count"));
  EXPECT_TRUE(isAggregateFunction("percentileDisc"));
  EXPECT_TRUE(isAggregateFunction("STDEVP"));
  EXPECT_FALSE(isAggregateFunction("size"));
  try {
    translated("count(*) + 1");
    ADD_FAILURE() << "no error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kSemanticError);
    EXPECT_EQ(e.detail(), "InvalidAggregation");
  }
  std::vector<std::string> seen;
  ExpressionHooks hooks;
  hooks.aggregate = [&](const ast::Expression& e) {
    seen.push_back(e.kind == ast::ExprKind::kCountStar ? "count(*)" : e.name);
    return Expr::makeVariable("agg" + std::to_string(seen.size()));
  };
  const Expr sum = translated("count(*) + collect(DISTINCT x)[0]", hooks);
  EXPECT_EQ(seen, (std::vector<std::string>{"count(*)", "collect"}));
  EXPECT_EQ(query::referencedVariables(sum), (std::vector<std::string>{"agg1", "agg2"}));
}

TEST(ExpressionTranslatorTest, PatternsGoThroughTheHook) {
  EXPECT_THROW(translated("exists((x)-->())"), core::Error);
  std::vector<size_t> nodeCounts;
  ExpressionHooks hooks;
  hooks.pattern = [&](const ast::PatternPart& part, const std::vector<std::string>&) {
    nodeCounts.push_back(part.nodes.size());
    return PatternAlgebra{std::make_shared<const query::BgpNode>(), {}};
  };
  const Expr exists = translated("exists((x)-->()-->())", hooks);
  EXPECT_EQ(exists.kind, ExprKind::kExists);
  EXPECT_NE(exists.pattern, nullptr);
  const Expr comprehension = translated("[(x)-->(y) WHERE y.a > 1 | y.b]", hooks);
  EXPECT_EQ(comprehension.op, Op::kPatternComprehension);
  ASSERT_EQ(comprehension.args.size(), 2u);
  EXPECT_EQ(comprehension.args[0].op, Op::kGreater);
  EXPECT_EQ(comprehension.args[1].op, Op::kProperty);
  EXPECT_EQ(nodeCounts, (std::vector<size_t>{3, 2}));
}

TEST(ExpressionTranslatorTest, PatternHooksSeeEnclosingLocalsAndGuardOuterNulls) {
  std::vector<std::vector<std::string>> localsSeen;
  ExpressionHooks hooks;
  hooks.pattern = [&](const ast::PatternPart&, const std::vector<std::string>& locals) {
    localsSeen.push_back(locals);
    return PatternAlgebra{std::make_shared<const query::BgpNode>(), {"x"}};
  };
  hooks.existsSubquery = [&](const ast::Expression&, const std::vector<std::string>& locals) {
    localsSeen.push_back(locals);
    return Expr::makeExists(std::make_shared<const query::BgpNode>(), false);
  };
  // [v IN l | [(v)-->(w) | [(w)-->() | reduce(a = 0, u IN [] | a + size([(u)-->() | 1]))]]]
  translated(
      "[v IN l | [(v)-->(w) | [(w)-->() | reduce(a = 0, u IN [] | "
      "a + size([(u)-->() | 1]))]]]",
      hooks);
  EXPECT_EQ(localsSeen,
            (std::vector<std::vector<std::string>>{{"v"}, {"v", "w"}, {"v", "w", "a", "u"}}));
  localsSeen.clear();
  const Expr exists = translated("any(y IN l WHERE EXISTS { (y)-->() })", hooks);
  EXPECT_EQ(localsSeen, (std::vector<std::vector<std::string>>{{"y"}}));
  EXPECT_EQ(exists.args.at(1).kind, ExprKind::kExists);
  // A pattern over the hook's outer variable x: null when x is.
  const Expr guarded = translated("exists((x)-->())", hooks);
  ASSERT_EQ(guarded.op, Op::kCase);
  ASSERT_EQ(guarded.args.size(), 3u);
  EXPECT_EQ(guarded.args[0].op, Op::kIsNull);
  EXPECT_EQ(guarded.args[1].kind, ExprKind::kNull);
  EXPECT_EQ(guarded.args[2].kind, ExprKind::kExists);
}

}  // namespace expression_translator_test
}  // namespace cairn::cypher
