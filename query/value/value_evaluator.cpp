// Evaluating a compiled Cypher expression (value_program_node.h) with openCypher's semantics:
// null propagation, three-valued logic, TypeErrors for operands of the wrong type.

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "query/value/temporal/temporal_values.h"
#include "query/value/value_arithmetic.h"
#include "query/value/value_compare.h"
#include "query/value/value_errors.h"
#include "query/value/value_program_node.h"

namespace cairn::query::value {

namespace {

using Node = ValueProgram::Node;

class Evaluator {
 public:
  Evaluator(const ValueRowView& row, EvalContext& ctx, std::vector<Value>& locals)
      : row_(row), ctx_(ctx), locals_(locals) {}

  Value eval(const Node& n) {
    switch (n.kind) {
      case ExprKind::kNull:
        return Value();
      case ExprKind::kConstant:
        return n.constant;
      case ExprKind::kVariable:
        return variable(n.variable);
      case ExprKind::kParameter:
        return parameter(n.name);
      case ExprKind::kExists:
      case ExprKind::kNotExists: {
        const bool found = runner().exists(*n.pattern, bindings(n.correlated));
        return Value::boolean(found == (n.kind == ExprKind::kExists));
      }
      case ExprKind::kCall:
        return call(n);
    }
    return Value();
  }

 private:
  Value variable(const VariableRef& ref) const {
    if (ref.slot < 0) return Value();
    return ref.local ? locals_[static_cast<size_t>(ref.slot)] : row_.value(ref.slot);
  }

  Value parameter(const std::string& name) const {
    if (ctx_.parameters != nullptr) {
      const auto it = ctx_.parameters->find(name);
      if (it != ctx_.parameters->end()) return it->second;
    }
    throw core::Error(core::ErrorCode::kParameterMissing, "MissingParameter",
                      "expected a parameter named $" + name);
  }

  PatternRunner& runner() const {
    if (ctx_.patterns == nullptr) {
      throw core::Error(core::ErrorCode::kUnsupported,
                        "graph patterns in expressions need the engine (no PatternRunner)");
    }
    return *ctx_.patterns;
  }

  const GraphAccess& graph() const {
    if (ctx_.graph == nullptr) {
      throw core::Error(core::ErrorCode::kUnsupported,
                        "reading nodes and relationships needs the engine (no GraphAccess)");
    }
    return *ctx_.graph;
  }

  PatternRunner::Bindings bindings(const std::vector<VariableRef>& refs) const {
    PatternRunner::Bindings out;
    out.reserve(refs.size());
    for (const auto& ref : refs) out.emplace_back(ref.name, variable(ref));
    return out;
  }

  // A boolean operand of AND, OR, XOR, NOT, WHERE: true, false or nullopt (null).
  std::optional<bool> truth(const Value& v, std::string_view what) const {
    if (v.isNull()) return std::nullopt;
    if (v.kind() != ValueKind::kBoolean) throwInvalidArgumentType(what, v);
    return v.asBoolean();
  }

  static Value ternary(std::optional<bool> b) { return b ? Value::boolean(*b) : Value(); }

  Value call(const Node& n);
  Value logical(const Node& n);
  Value comparison(const Node& n);
  Value membership(const Node& n);
  Value stringPredicate(const Node& n);
  Value regexMatch(const Node& n);
  Value property(const Value& base, const std::string& key);
  Value index(const Value& base, const Value& at);
  Value slice(const Node& n);
  Value hasLabels(const Node& n);
  Value caseExpression(const Node& n);
  Value listComprehension(const Node& n);
  Value quantifier(const Node& n);
  Value reduce(const Node& n);
  Value patternComprehension(const Node& n);
  Value function(const Node& n);

  const ValueRowView& row_;
  EvalContext& ctx_;
  std::vector<Value>& locals_;
};

Value Evaluator::call(const Node& n) {
  switch (n.op) {
    case Op::kAnd:
    case Op::kOr:
    case Op::kXor:
    case Op::kNot:
      return logical(n);
    case Op::kEqual:
    case Op::kNotEqual:
    case Op::kLess:
    case Op::kGreater:
    case Op::kLessEqual:
    case Op::kGreaterEqual:
      return comparison(n);
    case Op::kIn:
    case Op::kNotIn:
      return membership(n);
    case Op::kAdd:
    case Op::kSubtract:
    case Op::kMultiply:
    case Op::kDivide:
    case Op::kModulo:
    case Op::kPower:
      return arithmetic(n.op, eval(n.args[0]), eval(n.args[1]));
    case Op::kUnaryMinus:
      return negate(eval(n.args[0]));
    case Op::kUnaryPlus: {
      Value v = eval(n.args[0]);
      if (!v.isNull() && !v.isNumber() && v.kind() != ValueKind::kDuration) {
        throwInvalidArgumentType("unary '+'", v);
      }
      return v;
    }
    case Op::kIsNull:
      return Value::boolean(eval(n.args[0]).isNull());
    case Op::kIsNotNull:
      return Value::boolean(!eval(n.args[0]).isNull());
    case Op::kStartsWith:
    case Op::kEndsWith:
    case Op::kContains:
      return stringPredicate(n);
    case Op::kRegexMatch:
      return regexMatch(n);
    case Op::kList: {
      Value::List items;
      items.reserve(n.args.size());
      for (const Node& a : n.args) items.push_back(eval(a));
      return Value::list(std::move(items));
    }
    case Op::kMap: {
      Value::Map entries;
      entries.reserve(n.args.size());
      for (size_t i = 0; i < n.args.size(); ++i) entries.emplace_back(n.names[i], eval(n.args[i]));
      return Value::map(std::move(entries));
    }
    case Op::kProperty:
      return property(eval(n.args[0]), n.name);
    case Op::kIndex: {
      const Value base = eval(n.args[0]);
      return index(base, eval(n.args[1]));
    }
    case Op::kSlice:
    case Op::kSliceFrom:
    case Op::kSliceTo:
      return slice(n);
    case Op::kHasLabels:
      return hasLabels(n);
    case Op::kCase:
    case Op::kSimpleCase:
      return caseExpression(n);
    case Op::kListComprehension:
      return listComprehension(n);
    case Op::kAll:
    case Op::kAny:
    case Op::kNone:
    case Op::kSingle:
      return quantifier(n);
    case Op::kReduce:
      return reduce(n);
    case Op::kPatternComprehension:
      return patternComprehension(n);
    case Op::kCoalesce:
      for (const Node& a : n.args) {
        Value v = eval(a);
        if (!v.isNull()) return v;
      }
      return Value();
    case Op::kFunction:
      return function(n);
    default:
      // compile() admits only the operators above.
      throw core::Error(core::ErrorCode::kUnsupported,
                        "no Cypher evaluation for " + std::string(opName(n.op)));
  }
}

Value Evaluator::logical(const Node& n) {
  const std::string_view what = opName(n.op);
  const auto left = truth(eval(n.args[0]), what);
  if (n.op == Op::kNot) return left ? Value::boolean(!*left) : Value();
  // Both sides are evaluated and type-checked even when one decides: `false AND 1` is a
  // TypeError, as the TCK (Boolean1-4) expects.
  const auto right = truth(eval(n.args[1]), what);
  switch (n.op) {
    case Op::kAnd:
      if (left == false || right == false) return Value::boolean(false);
      if (!left || !right) return Value();
      return Value::boolean(true);
    case Op::kOr:
      if (left == true || right == true) return Value::boolean(true);
      if (!left || !right) return Value();
      return Value::boolean(false);
    default:  // kXor
      if (!left || !right) return Value();
      return Value::boolean(*left != *right);
  }
}

Value Evaluator::comparison(const Node& n) {
  const Value a = eval(n.args[0]);
  const Value b = eval(n.args[1]);
  if (n.op == Op::kEqual) return ternary(equals(a, b));
  if (n.op == Op::kNotEqual) {
    const auto e = equals(a, b);
    return e ? Value::boolean(!*e) : Value();
  }
  const auto order = compare(a, b);
  if (!order) return Value();
  switch (n.op) {
    case Op::kLess:
      return Value::boolean(*order < 0);
    case Op::kGreater:
      return Value::boolean(*order > 0);
    case Op::kLessEqual:
      return Value::boolean(*order <= 0);
    default:
      return Value::boolean(*order >= 0);
  }
}

Value Evaluator::membership(const Node& n) {
  const Value x = eval(n.args[0]);
  const Value list = eval(n.args[1]);
  if (list.isNull()) return Value();
  if (list.kind() != ValueKind::kList) throwInvalidArgumentType("IN", list);
  bool unknown = false;
  for (const Value& e : list.asList()) {
    const auto eq = equals(x, e);
    if (!eq) {
      unknown = true;
    } else if (*eq) {
      return Value::boolean(n.op == Op::kIn);
    }
  }
  if (unknown) return Value();
  return Value::boolean(n.op == Op::kNotIn);
}

Value Evaluator::stringPredicate(const Node& n) {
  const Value a = eval(n.args[0]);
  const Value b = eval(n.args[1]);
  // Any operand that is not a string, null included, makes the predicate null (TCK String8-10).
  if (a.kind() != ValueKind::kString || b.kind() != ValueKind::kString) return Value();
  const std::string& s = a.asString();
  const std::string& t = b.asString();
  switch (n.op) {
    case Op::kStartsWith:
      return Value::boolean(s.starts_with(t));
    case Op::kEndsWith:
      return Value::boolean(s.ends_with(t));
    default:
      return Value::boolean(s.find(t) != std::string::npos);
  }
}

Value Evaluator::regexMatch(const Node& n) {
  const Value text = eval(n.args[0]);
  const Value pattern = eval(n.args[1]);
  if (text.kind() != ValueKind::kString || pattern.kind() != ValueKind::kString) return Value();
  if (n.regex) return Value::boolean(n.regex->fullMatch(text.asString()));
  const auto regex = JavaRegex::compile(pattern.asString());
  if (!regex) {
    throw core::Error(core::ErrorCode::kArgumentError, "InvalidArgumentValue",
                      "invalid regular expression " + describeValue(pattern));
  }
  return Value::boolean(regex->fullMatch(text.asString()));
}

Value Evaluator::property(const Value& base, const std::string& key) {
  switch (base.kind()) {
    case ValueKind::kNull:
      return base;
    case ValueKind::kMap: {
      const Value* v = base.find(key);
      return v != nullptr ? *v : Value();
    }
    case ValueKind::kNode:
      return graph().nodeProperty(base.asNode(), key);
    case ValueKind::kRelationship:
      return graph().relationshipProperty(base.asRelationship(), key);
    default:
      if (base.isTemporal()) {
        Value out;
        if (temporalProperty(base, key, out)) return out;
        throw core::Error(core::ErrorCode::kArgumentError, "InvalidArgumentValue",
                          describeValue(base) + " has no field '" + key + "'");
      }
      throwInvalidArgumentType("property access '." + key + "'", base);
  }
}

Value Evaluator::index(const Value& base, const Value& at) {
  if (base.isNull()) return base;
  switch (base.kind()) {
    case ValueKind::kList: {
      if (at.isNull()) return at;
      if (at.kind() != ValueKind::kInteger) throwInvalidArgumentType("list index", at);
      const auto& list = base.asList();
      const auto size = static_cast<int64_t>(list.size());
      int64_t i = at.asInteger();
      if (i < 0) i += size;
      if (i < 0 || i >= size) return Value();
      return list[static_cast<size_t>(i)];
    }
    case ValueKind::kMap:
    case ValueKind::kNode:
    case ValueKind::kRelationship:
      if (at.isNull()) return at;
      if (at.kind() != ValueKind::kString) {
        throw core::Error(core::ErrorCode::kTypeError, "MapElementAccessByNonString",
                          "a map or entity is indexed by a string, not " + describeValue(at));
      }
      return property(base, at.asString());
    default:
      throwInvalidArgumentType("indexing '[]'", base);
  }
}

Value Evaluator::slice(const Node& n) {
  const Value base = eval(n.args[0]);
  const bool hasFrom = n.op != Op::kSliceTo;
  const bool hasTo = n.op != Op::kSliceFrom;
  const Value from = hasFrom ? eval(n.args[1]) : Value::integer(0);
  const Value to = hasTo ? eval(n.args[n.op == Op::kSlice ? 2 : 1]) : Value();
  if (base.isNull() || from.isNull() || (hasTo && to.isNull())) return Value();
  if (base.kind() != ValueKind::kList) throwInvalidArgumentType("slicing '[..]'", base);
  if (from.kind() != ValueKind::kInteger) throwInvalidArgumentType("slice bound", from);
  if (hasTo && to.kind() != ValueKind::kInteger) throwInvalidArgumentType("slice bound", to);
  const auto& list = base.asList();
  const auto size = static_cast<int64_t>(list.size());
  const auto clamp = [size](int64_t i) {
    if (i < 0) i += size;
    return std::clamp<int64_t>(i, 0, size);
  };
  const int64_t begin = clamp(from.asInteger());
  const int64_t end = hasTo ? clamp(to.asInteger()) : size;
  if (begin >= end) return Value::list({});
  return Value::list(Value::List(list.begin() + begin, list.begin() + end));
}

Value Evaluator::hasLabels(const Node& n) {
  const Value v = eval(n.args[0]);
  switch (v.kind()) {
    case ValueKind::kNull:
      return v;
    case ValueKind::kNode:
      for (const auto& label : n.names) {
        if (!graph().hasLabel(v.asNode(), label)) return Value::boolean(false);
      }
      return Value::boolean(true);
    case ValueKind::kRelationship: {
      const std::string type = graph().relationshipType(v.asRelationship());
      for (const auto& name : n.names) {
        if (name != type) return Value::boolean(false);
      }
      return Value::boolean(true);
    }
    default:
      throwInvalidArgumentType("label predicate", v);
  }
}

Value Evaluator::caseExpression(const Node& n) {
  const size_t last = n.args.size() - 1;  // ELSE
  if (n.op == Op::kCase) {
    for (size_t i = 0; i < last; i += 2) {
      if (truth(eval(n.args[i]), "CASE WHEN") == true) return eval(n.args[i + 1]);
    }
    return eval(n.args[last]);
  }
  const Value x = eval(n.args[0]);
  for (size_t i = 1; i < last; i += 2) {
    if (equals(x, eval(n.args[i])) == true) return eval(n.args[i + 1]);
  }
  return eval(n.args[last]);
}

Value Evaluator::listComprehension(const Node& n) {
  const Value list = eval(n.args[0]);
  if (list.isNull()) return list;
  if (list.kind() != ValueKind::kList) throwInvalidArgumentType("list comprehension", list);
  Value::List out;
  auto& slot = locals_[static_cast<size_t>(n.local)];
  for (const Value& item : list.asList()) {
    slot = item;
    if (truth(eval(n.args[1]), "WHERE") != true) continue;
    out.push_back(eval(n.args[2]));
  }
  return Value::list(std::move(out));
}

Value Evaluator::quantifier(const Node& n) {
  const Value list = eval(n.args[0]);
  if (list.isNull()) return list;
  if (list.kind() != ValueKind::kList) throwInvalidArgumentType(opName(n.op), list);
  size_t trues = 0;
  size_t nulls = 0;
  auto& slot = locals_[static_cast<size_t>(n.local)];
  for (const Value& item : list.asList()) {
    slot = item;
    const auto t = truth(eval(n.args[1]), opName(n.op));
    if (!t) {
      ++nulls;
    } else if (*t) {
      ++trues;
      if (n.op == Op::kAny) return Value::boolean(true);
      if (n.op == Op::kNone) return Value::boolean(false);
      if (n.op == Op::kSingle && trues > 1) return Value::boolean(false);
    } else if (n.op == Op::kAll) {
      return Value::boolean(false);
    }
  }
  if (nulls > 0) return Value();
  switch (n.op) {
    case Op::kAll:
    case Op::kNone:
      return Value::boolean(true);
    case Op::kAny:
      return Value::boolean(false);
    default:
      return Value::boolean(trues == 1);
  }
}

Value Evaluator::reduce(const Node& n) {
  Value acc = eval(n.args[0]);
  const Value list = eval(n.args[1]);
  if (list.isNull()) return list;
  if (list.kind() != ValueKind::kList) throwInvalidArgumentType("reduce", list);
  for (const Value& item : list.asList()) {
    locals_[static_cast<size_t>(n.accumulator)] = acc;
    locals_[static_cast<size_t>(n.local)] = item;
    acc = eval(n.args[2]);
  }
  return acc;
}

Value Evaluator::patternComprehension(const Node& n) {
  const auto matches = runner().matches(*n.pattern, bindings(n.correlated), n.patternVariables);
  Value::List out;
  for (const auto& match : matches) {
    for (size_t i = 0; i < n.patternLocals.size() && i < match.size(); ++i) {
      locals_[static_cast<size_t>(n.patternLocals[i])] = match[i];
    }
    if (truth(eval(n.args[0]), "WHERE") != true) continue;
    out.push_back(eval(n.args[1]));
  }
  return Value::list(std::move(out));
}

Value Evaluator::function(const Node& n) {
  std::vector<Value> args;
  args.reserve(n.args.size());
  for (const Node& a : n.args) args.push_back(eval(a));
  return n.function->impl(args, ctx_);
}

}  // namespace

Value evaluateNode(const ValueProgram::Node& node, const ValueRowView& row, EvalContext& ctx,
                   std::vector<Value>& locals) {
  return Evaluator(row, ctx, locals).eval(node);
}

}  // namespace cairn::query::value
