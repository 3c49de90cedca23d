#pragma once
// ExpressionTranslator: openCypher AST expressions (cypher/ast/expression.h) as query::Expr trees,
// per docs/cypher.md's table "Cypher expressions in the algebra". Shared by the clause
// translator (WHERE, projections, ORDER BY) and the CREATE writer (property values).
//
// What an expression alone cannot say is left to hooks the caller gives: the algebra of a graph
// pattern inside an expression (pattern predicates, exists(pattern), pattern comprehensions),
// EXISTS { ... } subqueries, and aggregates (count(*), count(x), collect(x), ...), which the
// clause translator lifts into a Group node and replaces by the variable of their result.
// Without a hook, such an expression is an error (see translateExpression).

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cypher/ast/expression.h"
#include "query/algebra/expr.h"

namespace cairn::query {
struct Algebra;
}

namespace cairn::cypher {

// What the pattern hook gives for a pattern part written inside an expression.
struct PatternAlgebra {
  std::shared_ptr<const query::Algebra> algebra;
  // The part's node and relationship variables bound outside the pattern: when one of them is
  // null, a pattern predicate or comprehension over the part is null (there is no node to match
  // from), not false or an empty list.
  std::vector<std::string> outerVariables;
};

struct ExpressionHooks {
  // `locals` (for pattern and existsSubquery): the variables that enclosing list
  // comprehensions, quantifiers, reduce and pattern comprehensions of the expression bind,
  // outermost first. The pattern sees them as bound, like the clause's own variables.
  //
  // The algebra of a pattern part inside an expression (pattern predicates, exists(pattern),
  // pattern comprehensions); the part's variables stay named as written (the engine correlates
  // on those bound outside).
  std::function<PatternAlgebra(const ast::PatternPart&, const std::vector<std::string>& locals)>
      pattern;
  // EXISTS { ... } (ast::ExprKind::kExistsSubquery) as a whole Expr.
  std::function<query::Expr(const ast::Expression&, const std::vector<std::string>& locals)>
      existsSubquery;
  // An aggregate call (ast::ExprKind::kCountStar, or a kFunctionCall that isAggregateFunction
  // names): the Expr standing for its result, usually a variable the Group node binds.
  std::function<query::Expr(const ast::Expression&)> aggregate;
};

// Whether a function name (any case, as written) is one of openCypher's aggregates: count, sum,
// avg, min, max, collect, percentileDisc, percentileCont, stDev, stDevP.
bool isAggregateFunction(std::string_view name);

// The Expr of `expression`. Literals become kConstant RDF literals (integer → xsd:integer,
// float → canonical xsd:double, string → xsd:string, boolean → xsd:boolean); functions become
// kCall Op::kFunction with the lower-cased qualified name in `iri`; absent optional parts get
// their documented defaults (CASE without ELSE → kNull, a comprehension without WHERE → true,
// without projection → its variable). A pattern predicate is kExists and a pattern
// comprehension kPatternComprehension over the hook's algebra, each under
// `CASE WHEN v IS NULL OR ... THEN null ELSE ... END` for the hook's outer variables.
//
// Throws core::Error: kSemanticError "InvalidAggregation" for an aggregate when no aggregate
// hook is given, kUnsupported for a pattern or EXISTS subquery without its hook.
query::Expr translateExpression(const ast::Expression& expression,
                                const ExpressionHooks& hooks = {});

}  // namespace cairn::cypher
