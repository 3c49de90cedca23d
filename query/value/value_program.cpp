// Compiling a Cypher Expr: resolving variables (local scopes first, then the row), converting
// constants, resolving functions and checking the shapes docs/cypher.md's table fixes, so that
// evaluation (value_evaluator.cpp) can index arguments freely.

#include "query/value/value_program.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/error.h"
#include "core/vocab.h"
#include "query/algebra/algebra.h"
#include "query/algebra/op_traits.h"
#include "query/value/value_errors.h"
#include "query/value/value_program_node.h"

namespace cairn::query::value {

namespace {

[[noreturn]] void malformed(const Expr& e, std::string_view why) {
  throw core::Error(core::ErrorCode::kInvalidArgument,
                    "malformed Cypher expression " + toString(e) + ": " + std::string(why));
}

bool isXsd(std::string_view datatype, std::string_view local) {
  return datatype.size() == core::vocab::kXsd.size() + local.size() &&
         datatype.starts_with(core::vocab::kXsd) && datatype.ends_with(local);
}

bool isIntegerDatatype(std::string_view datatype) {
  for (std::string_view t : {"integer", "long", "int", "short", "byte", "nonNegativeInteger",
                             "positiveInteger", "nonPositiveInteger", "negativeInteger",
                             "unsignedLong", "unsignedInt", "unsignedShort", "unsignedByte"}) {
    if (isXsd(datatype, t)) return true;
  }
  return false;
}

// The Value of a constant: the RDF literals the translator writes for Cypher literals
// (docs/cypher.md: xsd:integer, xsd:double, xsd:string, xsd:boolean).
Value constantValue(const Expr& e) {
  const core::Term& t = e.constant;
  if (t.kind != core::TermKind::kLiteral || !t.language.empty()) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "a Cypher expression cannot hold the RDF term " + core::toNTriples(t));
  }
  const std::string& lex = t.value;
  if (t.datatype.empty() || t.datatype == core::vocab::kXsdString) return Value::string(lex);
  if (isIntegerDatatype(t.datatype)) {
    std::string_view digits = lex;
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    int64_t i = 0;
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), i);
    if (ec == std::errc::result_out_of_range) {
      throw core::Error(core::ErrorCode::kSyntaxError, "IntegerOverflow",
                        "integer literal out of range: " + lex);
    }
    if (ec != std::errc() || ptr != digits.data() + digits.size()) malformed(e, "bad integer");
    return Value::integer(i);
  }
  if (isXsd(t.datatype, "double") || isXsd(t.datatype, "float") || isXsd(t.datatype, "decimal")) {
    if (lex == "NaN") return Value::floating(std::nan(""));
    if (lex == "INF" || lex == "+INF") return Value::floating(HUGE_VAL);
    if (lex == "-INF") return Value::floating(-HUGE_VAL);
    std::string_view digits = lex;
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    double d = 0;
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), d);
    if (ec == std::errc::result_out_of_range) {
      throw core::Error(core::ErrorCode::kSyntaxError, "FloatingPointOverflow",
                        "float literal out of range: " + lex);
    }
    if (ec != std::errc() || ptr != digits.data() + digits.size()) malformed(e, "bad float");
    return Value::floating(d);
  }
  if (isXsd(t.datatype, "boolean")) {
    if (lex == "true" || lex == "1") return Value::boolean(true);
    if (lex == "false" || lex == "0") return Value::boolean(false);
    malformed(e, "bad boolean");
  }
  throw core::Error(core::ErrorCode::kUnsupported,
                    "a Cypher expression cannot hold the RDF literal " + core::toNTriples(t));
}

// The operators a Cypher expression may use besides the Cypher-only ones.
bool isSharedCypherOperator(Op op) {
  switch (op) {
    case Op::kOr:
    case Op::kAnd:
    case Op::kNot:
    case Op::kEqual:
    case Op::kNotEqual:
    case Op::kLess:
    case Op::kGreater:
    case Op::kLessEqual:
    case Op::kGreaterEqual:
    case Op::kIn:
    case Op::kNotIn:
    case Op::kAdd:
    case Op::kSubtract:
    case Op::kMultiply:
    case Op::kDivide:
    case Op::kUnaryPlus:
    case Op::kUnaryMinus:
    case Op::kCoalesce:
    case Op::kContains:
    case Op::kFunction:
      return true;
    default:
      return false;
  }
}

// Checks the argument count of the Cypher calls (op_traits' opArity does for most; CASE's
// parity and IN's two operands are Cypher's own).
void checkShape(const Expr& e) {
  if (!opArity(e.op).accepts(e.args.size())) malformed(e, "wrong number of arguments");
  switch (e.op) {
    case Op::kIn:
    case Op::kNotIn:
      if (e.args.size() != 2) malformed(e, "IN takes [value, list]");
      break;
    case Op::kMap:
      if (e.names.size() != e.args.size()) malformed(e, "a key for every value");
      break;
    case Op::kProperty:
      if (e.names.size() != 1) malformed(e, "one property key");
      break;
    case Op::kHasLabels:
      if (e.names.empty()) malformed(e, "at least one label");
      break;
    case Op::kCase:
      if (e.args.size() % 2 != 1) malformed(e, "[c1, r1, ..., else]");
      break;
    case Op::kSimpleCase:
      if (e.args.size() % 2 != 0) malformed(e, "[x, v1, r1, ..., else]");
      break;
    case Op::kListComprehension:
    case Op::kAll:
    case Op::kAny:
    case Op::kNone:
    case Op::kSingle:
      if (e.variable.empty()) malformed(e, "no variable");
      break;
    case Op::kReduce:
      if (e.variable.empty() || e.names.size() != 1) malformed(e, "variable and accumulator");
      break;
    case Op::kPatternComprehension:
      if (!e.pattern) malformed(e, "no pattern");
      break;
    default:
      break;
  }
}

class Compiler {
 public:
  Compiler(const std::function<int(std::string_view)>& slotOf, const FunctionRegistry& functions,
           std::vector<int>& slotsRead)
      : slotOf_(slotOf), functions_(functions), slotsRead_(slotsRead) {}

  ValueProgram::Node compile(const Expr& e);
  size_t localCount() const { return localCount_; }

 private:
  VariableRef resolve(const std::string& name) {
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it) {
      if (it->first == name) return {name, it->second, true};
    }
    const int slot = slotOf_(name);
    if (slot >= 0 && std::find(slotsRead_.begin(), slotsRead_.end(), slot) == slotsRead_.end()) {
      slotsRead_.push_back(slot);
    }
    return {name, slot, false};
  }
  int pushLocal(const std::string& name) {
    const int slot = static_cast<int>(localCount_++);
    scope_.emplace_back(name, slot);
    return slot;
  }
  void popLocals(size_t n) { scope_.resize(scope_.size() - n); }

  void compileCall(const Expr& e, ValueProgram::Node& n);
  // The variables of a pattern that are in scope outside it: the pattern correlates on them.
  std::vector<VariableRef> correlatedVariables(const Expr& e) {
    std::vector<VariableRef> out;
    for (const std::string& name : referencedVariables(e)) {
      VariableRef ref = resolve(name);
      if (ref.slot >= 0) out.push_back(std::move(ref));
    }
    return out;
  }

  const std::function<int(std::string_view)>& slotOf_;
  const FunctionRegistry& functions_;
  std::vector<int>& slotsRead_;
  std::vector<std::pair<std::string, int>> scope_;  // local variables, innermost last
  size_t localCount_ = 0;
};

ValueProgram::Node Compiler::compile(const Expr& e) {
  ValueProgram::Node n;
  n.kind = e.kind;
  n.op = e.op;
  switch (e.kind) {
    case ExprKind::kNull:
      return n;
    case ExprKind::kConstant:
      n.constant = constantValue(e);
      return n;
    case ExprKind::kParameter:
      n.name = e.variable;
      return n;
    case ExprKind::kVariable:
      n.variable = resolve(e.variable);
      return n;
    case ExprKind::kExists:
    case ExprKind::kNotExists:
      if (!e.pattern) malformed(e, "no pattern");
      n.pattern = e.pattern;
      n.correlated = correlatedVariables(e);
      return n;
    case ExprKind::kCall:
      compileCall(e, n);
      return n;
  }
  return n;
}

void Compiler::compileCall(const Expr& e, ValueProgram::Node& n) {
  if (!isCypherOnlyOperator(e.op) && !isSharedCypherOperator(e.op)) {
    throw core::Error(
        core::ErrorCode::kUnsupported,
        "the SPARQL operator " + std::string(opName(e.op)) + " has no Cypher evaluation");
  }
  checkShape(e);
  n.names = e.names;
  if (e.op == Op::kProperty) n.name = e.names[0];
  if (e.op == Op::kFunction) n.function = &functions_.resolve(e.iri, e.args.size());
  switch (e.op) {
    case Op::kListComprehension:
    case Op::kAll:
    case Op::kAny:
    case Op::kNone:
    case Op::kSingle: {
      n.args.push_back(compile(e.args[0]));  // the list, in the outer scope
      n.local = pushLocal(e.variable);
      for (size_t i = 1; i < e.args.size(); ++i) n.args.push_back(compile(e.args[i]));
      popLocals(1);
      return;
    }
    case Op::kReduce: {
      n.args.push_back(compile(e.args[0]));  // init
      n.args.push_back(compile(e.args[1]));  // list
      n.accumulator = pushLocal(e.names[0]);
      n.local = pushLocal(e.variable);
      n.args.push_back(compile(e.args[2]));
      popLocals(2);
      return;
    }
    case Op::kPatternComprehension: {
      n.pattern = e.pattern;
      Expr outer = Expr::makeExists(e.pattern, false);
      n.correlated = correlatedVariables(outer);
      n.patternVariables = inScopeVariables(*e.pattern);
      for (const auto& v : n.patternVariables) n.patternLocals.push_back(pushLocal(v));
      for (const Expr& a : e.args) n.args.push_back(compile(a));
      popLocals(n.patternVariables.size());
      return;
    }
    default:
      break;
  }
  n.args.reserve(e.args.size());
  for (const Expr& a : e.args) n.args.push_back(compile(a));
  if (e.op == Op::kRegexMatch && n.args[1].kind == ExprKind::kConstant &&
      n.args[1].constant.kind() == ValueKind::kString) {
    n.regex = JavaRegex::compile(n.args[1].constant.asString());
    if (!n.regex) {
      throw core::Error(core::ErrorCode::kArgumentError, "InvalidArgumentValue",
                        "invalid regular expression " + describeValue(n.args[1].constant));
    }
  }
}

}  // namespace

ValueProgram::ValueProgram() = default;
ValueProgram::ValueProgram(ValueProgram&&) noexcept = default;
ValueProgram& ValueProgram::operator=(ValueProgram&&) noexcept = default;
ValueProgram::~ValueProgram() = default;

ValueProgram ValueProgram::compile(const Expr& expr,
                                   const std::function<int(std::string_view)>& slotOf) {
  return compile(expr, slotOf, FunctionRegistry::standard());
}

ValueProgram ValueProgram::compile(const Expr& expr,
                                   const std::function<int(std::string_view)>& slotOf,
                                   const FunctionRegistry& functions) {
  ValueProgram program;
  Compiler compiler(slotOf, functions, program.slotsRead_);
  program.root_ = std::make_unique<Node>(compiler.compile(expr));
  program.localCount_ = compiler.localCount();
  program.source_ = std::make_shared<const Expr>(expr);
  return program;
}

Value ValueProgram::evaluate(const ValueRowView& row, EvalContext& ctx) const {
  std::vector<Value> locals(localCount_);
  return evaluateNode(*root_, row, ctx, locals);
}

bool ValueProgram::evaluatePredicate(const ValueRowView& row, EvalContext& ctx) const {
  const Value v = evaluate(row, ctx);
  if (v.isNull()) return false;
  if (v.kind() != ValueKind::kBoolean) throwInvalidArgumentType("WHERE", v);
  return v.asBoolean();
}

}  // namespace cairn::query::value
