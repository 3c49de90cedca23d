#include "cypher/translate/expression_translator.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/vocab.h"
#include "core/xsd_numeric_codec.h"
#include "cypher/ast/pattern.h"

namespace cairn::cypher {
namespace expression_translator {

using ast::ExprKind;
using query::Expr;
using query::Op;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string xsd(std::string_view local) {
  std::string iri(core::vocab::kXsd);
  iri += local;
  return iri;
}

Expr call(Op op, std::vector<Expr> args) { return Expr::makeCall(op, std::move(args)); }

Expr trueConstant() { return Expr::makeConstant(core::Term::literal("true", xsd("boolean"))); }

[[noreturn]] void unsupported(const ast::Expression& e, std::string what) {
  throw core::Error(core::ErrorCode::kUnsupported, std::move(what), e.position.line,
                    e.position.column);
}

class Translator {
 public:
  explicit Translator(const ExpressionHooks& hooks) : hooks_(hooks) {}

  Expr translate(const ast::Expression& e) {
    switch (e.kind) {
      case ExprKind::kNull:
        return Expr::makeNull();
      case ExprKind::kBoolean:
        return Expr::makeConstant(
            core::Term::literal(e.boolValue ? "true" : "false", xsd("boolean")));
      case ExprKind::kInteger:
        return Expr::makeConstant(core::Term::literal(std::to_string(e.intValue), xsd("integer")));
      case ExprKind::kFloat: {
        std::string text;
        core::xsd::appendCanonicalDouble(text, e.floatValue);
        return Expr::makeConstant(core::Term::literal(std::move(text), xsd("double")));
      }
      case ExprKind::kString:
        return Expr::makeConstant(core::Term::literal(e.name));
      case ExprKind::kParameter:
        return Expr::makeParameter(e.name);
      case ExprKind::kVariable:
        return Expr::makeVariable(e.name);
      case ExprKind::kList:
        return call(Op::kList, children(e));
      case ExprKind::kMap: {
        Expr map = call(Op::kMap, children(e));
        map.names = e.names;
        return map;
      }
      case ExprKind::kCountStar:
        return aggregate(e);
      case ExprKind::kOr:
        return binary(Op::kOr, e);
      case ExprKind::kXor:
        return binary(Op::kXor, e);
      case ExprKind::kAnd:
        return binary(Op::kAnd, e);
      case ExprKind::kNot:
        return call(Op::kNot, children(e));
      case ExprKind::kEqual:
        return call(Op::kEqual, children(e));
      case ExprKind::kNotEqual:
        return call(Op::kNotEqual, children(e));
      case ExprKind::kLess:
        return call(Op::kLess, children(e));
      case ExprKind::kGreater:
        return call(Op::kGreater, children(e));
      case ExprKind::kLessEqual:
        return call(Op::kLessEqual, children(e));
      case ExprKind::kGreaterEqual:
        return call(Op::kGreaterEqual, children(e));
      case ExprKind::kStartsWith:
        return call(Op::kStartsWith, children(e));
      case ExprKind::kEndsWith:
        return call(Op::kEndsWith, children(e));
      case ExprKind::kContains:
        return call(Op::kContains, children(e));
      case ExprKind::kRegexMatch:
        return call(Op::kRegexMatch, children(e));
      case ExprKind::kIn:
        return call(Op::kIn, children(e));
      case ExprKind::kIsNull:
        return call(Op::kIsNull, children(e));
      case ExprKind::kIsNotNull:
        return call(Op::kIsNotNull, children(e));
      case ExprKind::kAdd:
        return call(Op::kAdd, children(e));
      case ExprKind::kSubtract:
        return call(Op::kSubtract, children(e));
      case ExprKind::kMultiply:
        return call(Op::kMultiply, children(e));
      case ExprKind::kDivide:
        return call(Op::kDivide, children(e));
      case ExprKind::kModulo:
        return call(Op::kModulo, children(e));
      case ExprKind::kPower:
        return call(Op::kPower, children(e));
      case ExprKind::kNegate:
        return call(Op::kUnaryMinus, children(e));
      case ExprKind::kUnaryPlus:
        return call(Op::kUnaryPlus, children(e));
      case ExprKind::kProperty: {
        Expr property = call(Op::kProperty, children(e));
        property.names = {e.name};
        return property;
      }
      case ExprKind::kIndex:
        return call(Op::kIndex, children(e));
      case ExprKind::kSlice:
        return slice(e);
      case ExprKind::kHasLabels: {
        Expr has = call(Op::kHasLabels, children(e));
        has.names = e.names;
        return has;
      }
      case ExprKind::kCase:
      case ExprKind::kSimpleCase:
        // The last child is the ELSE branch or null; children(e) gives kNull for null.
        return call(e.kind == ExprKind::kCase ? Op::kCase : Op::kSimpleCase, children(e));
      case ExprKind::kListComprehension: {
        Expr list = translate(child(e, 0));
        const Local local(*this, {e.name});
        Expr where =
            e.children.size() > 1 && e.children[1] ? translate(*e.children[1]) : trueConstant();
        Expr projection = e.children.size() > 2 && e.children[2] ? translate(*e.children[2])
                                                                 : Expr::makeVariable(e.name);
        Expr out = call(Op::kListComprehension,
                        {std::move(list), std::move(where), std::move(projection)});
        out.variable = e.name;
        return out;
      }
      case ExprKind::kAll:
      case ExprKind::kAny:
      case ExprKind::kNone:
      case ExprKind::kSingle: {
        const Op op = e.kind == ExprKind::kAll    ? Op::kAll
                      : e.kind == ExprKind::kAny  ? Op::kAny
                      : e.kind == ExprKind::kNone ? Op::kNone
                                                  : Op::kSingle;
        Expr list = translate(child(e, 0));
        const Local local(*this, {e.name});
        Expr predicate =
            e.children.size() > 1 && e.children[1] ? translate(*e.children[1]) : trueConstant();
        Expr out = call(op, {std::move(list), std::move(predicate)});
        out.variable = e.name;
        return out;
      }
      case ExprKind::kReduce: {
        if (e.children.size() != 3 || e.names.size() != 1) {
          unsupported(e, "a malformed " + std::string(ast::exprKindName(e.kind)));
        }
        std::vector<Expr> args;
        args.push_back(translate(child(e, 0)));
        args.push_back(translate(child(e, 1)));
        {
          const Local local(*this, {e.names[0], e.name});
          args.push_back(translate(child(e, 2)));
        }
        Expr out = call(Op::kReduce, std::move(args));
        out.variable = e.name;
        out.names = e.names;
        return out;
      }
      case ExprKind::kFunctionCall:
        return function(e);
      case ExprKind::kPatternComprehension: {
        PatternAlgebra matched = pattern(e);
        const Local local(*this, partVariables(*e.pattern));
        Expr where =
            !e.children.empty() && e.children[0] ? translate(*e.children[0]) : trueConstant();
        Expr projection = translate(child(e, 1));
        Expr out = call(Op::kPatternComprehension, {std::move(where), std::move(projection)});
        out.pattern = std::move(matched.algebra);
        return nullIfAnyNull(matched.outerVariables, std::move(out));
      }
      case ExprKind::kPatternPredicate: {
        if (e.pattern && e.pattern->function != ast::PathFunction::kNone) {
          return shortestPathValue(e);
        }
        PatternAlgebra matched = pattern(e);
        return nullIfAnyNull(matched.outerVariables,
                             Expr::makeExists(std::move(matched.algebra), /*negated=*/false));
      }
      case ExprKind::kExistsSubquery:
        if (!hooks_.existsSubquery) unsupported(e, "EXISTS { ... } is not supported here");
        return hooks_.existsSubquery(e, locals_);
    }
    unsupported(e, std::string("the expression ") + std::string(ast::exprKindName(e.kind)) +
                       " is not supported");
  }

 private:
  // shortestPath(...) as a value: the path, null when there is none; allShortestPaths(...): the
  // list of them. Both are the pattern comprehension [p = pattern | p] over the search.
  Expr shortestPathValue(const ast::Expression& e) {
    if (!hooks_.pattern) unsupported(e, "a pattern expression is not supported here");
    ast::PatternPart part = ast::clone(*e.pattern);
    // Local to the comprehension, so one name serves every shortestPath expression.
    if (part.pathVariable.empty()) part.pathVariable = " shortest path value";
    PatternAlgebra matched = hooks_.pattern(part, locals_);
    if (!matched.algebra) unsupported(e, "a pattern expression without its algebra");
    const Local local(*this, partVariables(part));
    Expr out =
        call(Op::kPatternComprehension, {trueConstant(), Expr::makeVariable(part.pathVariable)});
    out.pattern = std::move(matched.algebra);
    if (part.function == ast::PathFunction::kShortestPath) {
      out = call(Op::kFunction, {std::move(out)});
      out.iri = "head";
    }
    return nullIfAnyNull(matched.outerVariables, std::move(out));
  }

  const ast::Expression& child(const ast::Expression& e, size_t i) {
    if (i >= e.children.size() || !e.children[i]) {
      unsupported(e, std::string("a malformed ") + std::string(ast::exprKindName(e.kind)));
    }
    return *e.children[i];
  }

  // The children in order, a null child as kNull.
  std::vector<Expr> children(const ast::Expression& e) {
    std::vector<Expr> out;
    out.reserve(e.children.size());
    for (const auto& c : e.children) out.push_back(c ? translate(*c) : Expr::makeNull());
    return out;
  }

  Expr binary(Op op, const ast::Expression& e) {
    std::vector<Expr> operands = children(e);
    if (operands.size() < 2) {
      unsupported(e, std::string("a malformed ") + std::string(ast::exprKindName(e.kind)));
    }
    Expr out = std::move(operands[0]);
    for (size_t i = 1; i < operands.size(); ++i) {
      out = call(op, {std::move(out), std::move(operands[i])});
    }
    return out;
  }

  Expr slice(const ast::Expression& e) {
    const bool from = e.children.size() > 1 && e.children[1];
    const bool to = e.children.size() > 2 && e.children[2];
    Expr subject = translate(child(e, 0));
    if (from && !to) return call(Op::kSliceFrom, {std::move(subject), translate(*e.children[1])});
    if (to && !from) return call(Op::kSliceTo, {std::move(subject), translate(*e.children[2])});
    return call(Op::kSlice,
                {std::move(subject), from ? translate(*e.children[1]) : Expr::makeNull(),
                 to ? translate(*e.children[2]) : Expr::makeNull()});
  }

  Expr aggregate(const ast::Expression& e) {
    if (!hooks_.aggregate) {
      throw core::Error(core::ErrorCode::kSemanticError, "InvalidAggregation",
                        "an aggregate is not allowed here", e.position.line, e.position.column);
    }
    return hooks_.aggregate(e);
  }

  Expr function(const ast::Expression& e) {
    if (isAggregateFunction(e.name)) return aggregate(e);
    std::string name = lower(e.name);
    if (name == "exists" && e.children.size() == 1 && e.children[0] &&
        e.children[0]->kind == ExprKind::kPatternPredicate) {
      return translate(*e.children[0]);
    }
    Expr out = call(Op::kFunction, children(e));
    out.iri = std::move(name);
    return out;
  }

  PatternAlgebra pattern(const ast::Expression& e) {
    if (!e.pattern) unsupported(e, "a pattern expression without its pattern");
    if (!hooks_.pattern) unsupported(e, "a pattern expression is not supported here");
    PatternAlgebra out = hooks_.pattern(*e.pattern, locals_);
    if (!out.algebra) unsupported(e, "a pattern expression without its algebra");
    return out;
  }

  // The variables a pattern part names (its path, nodes and relationships).
  static std::vector<std::string> partVariables(const ast::PatternPart& part) {
    std::vector<std::string> out;
    if (!part.pathVariable.empty()) out.push_back(part.pathVariable);
    for (const auto& node : part.nodes) {
      if (!node.variable.empty()) out.push_back(node.variable);
    }
    for (const auto& rel : part.relationships) {
      if (!rel.variable.empty()) out.push_back(rel.variable);
    }
    return out;
  }

  // `e`, or null when one of `variables` is: CASE WHEN v1 IS NULL OR ... THEN null ELSE e END.
  static Expr nullIfAnyNull(const std::vector<std::string>& variables, Expr e) {
    if (variables.empty()) return e;
    std::optional<Expr> anyNull;
    for (const auto& v : variables) {
      Expr isNull = call(Op::kIsNull, {Expr::makeVariable(v)});
      anyNull = anyNull ? call(Op::kOr, {std::move(*anyNull), std::move(isNull)}) : isNull;
    }
    return call(Op::kCase, {std::move(*anyNull), Expr::makeNull(), std::move(e)});
  }

  // The local variables of a comprehension, quantifier or reduce while its body is translated.
  class Local {
   public:
    Local(Translator& t, const std::vector<std::string>& names) : t_(t), size_(t.locals_.size()) {
      for (const auto& name : names) {
        if (std::find(t.locals_.begin(), t.locals_.end(), name) == t.locals_.end()) {
          t.locals_.push_back(name);
        }
      }
    }
    ~Local() { t_.locals_.resize(size_); }
    Local(const Local&) = delete;
    Local& operator=(const Local&) = delete;

   private:
    Translator& t_;
    size_t size_;
  };

  const ExpressionHooks& hooks_;
  std::vector<std::string> locals_;  // outermost first
};

}  // namespace expression_translator

bool isAggregateFunction(std::string_view name) {
  const std::string n = expression_translator::lower(name);
  return n == "count" || n == "sum" || n == "avg" || n == "min" || n == "max" || n == "collect" ||
         n == "percentiledisc" || n == "percentilecont" || n == "stdev" || n == "stdevp";
}

query::Expr translateExpression(const ast::Expression& expression, const ExpressionHooks& hooks) {
  return expression_translator::Translator(hooks).translate(expression);
}

}  // namespace cairn::cypher
