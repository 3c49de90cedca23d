#pragma once
// Expressions of openCypher's AST. One struct for every kind of expression, with a kind enum and
// a few generic slots (children, name, names, literal values) whose meaning each kind documents
// below: a pass walks the tree with one switch and no casts, and the shape mirrors the
// query::Expr kinds the translator produces (docs/cypher.md).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cairn::cypher::ast {

// 1-based line and column (in code points) of the first token of a node.
struct SourcePosition {
  uint64_t line = 0;
  uint64_t column = 0;
};

struct PatternPart;
struct Pattern;
struct Query;

enum class ExprKind {
  // Literals: value in boolValue / intValue / floatValue / name (string).
  kNull,
  kBoolean,
  kInteger,
  kFloat,
  kString,
  kParameter,  // $name or $0: name
  kVariable,   // name
  kList,       // children = elements
  kMap,        // names = keys, children = values (same order, as written)
  kCountStar,  // count(*)
  // Boolean operators (children = operands). `a < b < c` arrives as kAnd of two comparisons.
  kOr,
  kXor,
  kAnd,
  kNot,
  // Comparisons, children = [lhs, rhs].
  kEqual,
  kNotEqual,
  kLess,
  kGreater,
  kLessEqual,
  kGreaterEqual,
  // String, list and null predicates.
  kStartsWith,  // [lhs, rhs]
  kEndsWith,
  kContains,
  kRegexMatch,  // a =~ b
  kIn,          // [element, list]
  kIsNull,      // [operand]
  kIsNotNull,
  // Arithmetic.
  kAdd,
  kSubtract,
  kMultiply,
  kDivide,
  kModulo,
  kPower,
  kNegate,     // unary -, [operand]
  kUnaryPlus,  // unary +, [operand]
  // Access.
  kProperty,   // children = [subject], name = key
  kIndex,      // [subject, index]
  kSlice,      // [subject, from or null, to or null]
  kHasLabels,  // children = [subject], names = labels (n:A:B)
  // Compound forms.
  kCase,                  // generic: children = [when1, then1, ..., whenN, thenN, else or null]
  kSimpleCase,            // children = [subject, value1, then1, ..., else or null]
  kListComprehension,     // name = variable, children = [list, where or null, projection or null]
  kPatternComprehension,  // pattern, children = [where or null, projection]
  kAll,                   // name = variable, children = [list, predicate or null]
  kAny,
  kNone,
  kSingle,
  kReduce,        // name = variable, names[0] = accumulator, children = [init, list, expression]
  kFunctionCall,  // name = qualified name as written ("date.truncate"), children = args,
                  // distinct for count(DISTINCT x)
  kPatternPredicate,  // a relationship pattern as an expression: pattern (also exists(pattern)
                      // arrives as kFunctionCall "exists" with one kPatternPredicate argument)
  kExistsSubquery,    // EXISTS { ... }: either subquery, or patternList with children = [where
                      // or null]
};

struct Expression {
  Expression();
  Expression(ExprKind kind, SourcePosition position);
  ~Expression();
  Expression(Expression&&) noexcept;
  Expression& operator=(Expression&&) noexcept;

  ExprKind kind = ExprKind::kNull;
  SourcePosition position;
  std::vector<std::unique_ptr<Expression>> children;  // a child may be null where noted
  std::string name;
  std::vector<std::string> names;
  bool boolValue = false;
  int64_t intValue = 0;
  double floatValue = 0;
  bool distinct = false;
  std::unique_ptr<PatternPart> pattern;  // kPatternComprehension, kPatternPredicate
  std::unique_ptr<Pattern> patternList;  // kExistsSubquery with a pattern body
  // kExistsSubquery with a query body; shared and immutable, so clone() can share it.
  std::shared_ptr<const Query> subquery;
};

using ExpressionPtr = std::unique_ptr<Expression>;

// A deep copy (the parser repeats the middle operand of a chained comparison).
ExpressionPtr clone(const Expression& expression);

std::string_view exprKindName(ExprKind kind);

}  // namespace cairn::cypher::ast
