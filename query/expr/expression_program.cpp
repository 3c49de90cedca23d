// The compiled form of an Expr: a tree of nodes with variables resolved to row slots, constants
// classified (numbers and dates parsed) once, and constant REGEX/REPLACE patterns compiled once.
// Evaluation passes terms by pointer: a variable's value or a constant is never copied, only
// computed values live in the caller's scratch term.

#include "query/expr/expression_program.h"

#include <algorithm>
#include <array>

#include "core/error.h"
#include "core/object_type.h"
#include "core/xsd_numeric_codec.h"
#include "query/algebra/op_traits.h"
#include "query/expr/builtins.h"
#include "query/expr/comparison.h"
#include "query/expr/numeric.h"
#include "query/expr/regex.h"
#include "query/expr/values.h"

namespace cairn::query::expr {

using core::Term;

namespace {

struct CompiledNode {
  ExprKind kind = ExprKind::kConstant;
  Op op = Op::kAnd;
  int slot = -1;                           // kVariable; -1 when the row never binds it
  Term constant;                           // kConstant
  Classified constantClass;                // kConstant
  std::vector<CompiledNode> args;          // kCall
  std::string iri;                         // kCast, kFunction
  std::shared_ptr<const Algebra> pattern;  // kExists, kNotExists
  // REGEX / REPLACE with constant pattern and flags: compiled once. `regexInvalid` marks a
  // constant pattern that does not compile, so every evaluation is an error.
  std::optional<Regex> regex;
  bool regexInvalid = false;
};

using Node = CompiledNode;

// Arguments of a built-in are evaluated into a small fixed array; no built-in takes more than
// four, CONCAT and IN may take more and use the heap.
constexpr size_t kInlineArgs = 4;

struct Evaluator {
  const RowValues& row;
  FunctionContext& context;

  const Term* eval(const Node& n, Term& scratch) const;
  std::optional<bool> condition(const Node& n) const;

 private:
  const Term* call(const Node& n, Term& scratch) const;
  const Term* builtin(const Node& n, Term& scratch) const;
  // Operators whose value is a boolean compute it as a bool: FILTER reads it without building
  // and re-parsing an xsd:boolean term.
  std::optional<bool> test(const Node& n) const;
  std::optional<bool> logical(const Node& n) const;
  std::optional<bool> comparison(const Node& n) const;
  std::optional<bool> membership(const Node& n) const;
  std::optional<bool> regexMatch(const Node& n) const;
  std::optional<bool> builtinTest(const Node& n) const;
  // The value of a numeric operand; for + - * / and unary +/- computed without building terms.
  std::optional<Numeric> numeric(const Node& n) const;
  // An evaluated comparison operand with its class; a number computed by arithmetic has no
  // term until one is needed.
  struct Operand {
    const Term* term = nullptr;
    Term scratch;
    Classified local;
    const Classified* cls = nullptr;
    const Term& materialized();
  };
  bool operand(const Node& n, Operand& o) const;
  const Term* replace(const Node& n, Term& scratch) const;
  // The regex of a REGEX/REPLACE call: the precompiled one, or one compiled into `buffer` from
  // this row's pattern and flags; null on error. `values` are the evaluated arguments.
  const Regex* regexFor(const Node& n, const Term* const* values,
                        std::optional<Regex>& buffer) const;

  static const Term* store(std::optional<Term> value, Term& scratch) {
    if (!value) return nullptr;
    scratch = std::move(*value);
    return &scratch;
  }
};

const Term& booleanTerm(bool value) {
  static const Term kTrue = makeBoolean(true);
  static const Term kFalse = makeBoolean(false);
  return value ? kTrue : kFalse;
}

bool isArithmetic(const Node& n) { return n.kind == ExprKind::kCall && isArithmeticOperator(n.op); }

// The tests builtinTest() evaluates: the string tests and the term tests.
bool isBuiltinTest(Op op) {
  switch (op) {
    case Op::kStrStarts:
    case Op::kStrEnds:
    case Op::kContains:
    case Op::kLangMatches:
    case Op::kSameTerm:
    case Op::kIsIri:
    case Op::kIsBlank:
    case Op::kIsLiteral:
    case Op::kIsNumeric:
      return true;
    default:
      return false;
  }
}

// The calls Evaluator::test() evaluates: those whose value is always a boolean.
bool isBooleanOp(Op op) {
  if (isComparisonOperator(op) || isBuiltinTest(op)) return true;
  switch (op) {
    case Op::kOr:
    case Op::kAnd:
    case Op::kNot:
    case Op::kIn:
    case Op::kNotIn:
    case Op::kBound:
    case Op::kRegex:
      return true;
    default:
      return false;
  }
}

// The class of an evaluated operand: precomputed for constants, computed otherwise.
const Classified& classOf(const Node& n, const Term& value, Classified& buffer) {
  if (n.kind == ExprKind::kConstant) return n.constantClass;
  buffer = classifyWithValue(value);
  return buffer;
}

const Term* Evaluator::eval(const Node& n, Term& scratch) const {
  switch (n.kind) {
    case ExprKind::kConstant:
      return &n.constant;
    case ExprKind::kVariable:
      return n.slot < 0 ? nullptr : row.value(n.slot);
    case ExprKind::kExists:
    case ExprKind::kNotExists: {
      const bool found = row.exists(*n.pattern);
      return &booleanTerm(n.kind == ExprKind::kExists ? found : !found);
    }
    case ExprKind::kCall:
      if (isBooleanOp(n.op)) {
        const auto value = test(n);
        return value ? &booleanTerm(*value) : nullptr;
      }
      return call(n, scratch);
    case ExprKind::kNull:
    case ExprKind::kParameter:
      return nullptr;  // compile() rejects the openCypher kinds
  }
  return nullptr;
}

std::optional<bool> Evaluator::condition(const Node& n) const {
  if (n.kind == ExprKind::kCall && isBooleanOp(n.op)) return test(n);
  if (n.kind == ExprKind::kExists || n.kind == ExprKind::kNotExists) {
    return row.exists(*n.pattern) == (n.kind == ExprKind::kExists);
  }
  Term scratch;
  const Term* value = eval(n, scratch);
  if (value == nullptr) return std::nullopt;
  return effectiveBooleanValue(*value);
}

std::optional<bool> Evaluator::test(const Node& n) const {
  if (isBuiltinTest(n.op)) return builtinTest(n);
  switch (n.op) {
    case Op::kOr:
    case Op::kAnd:
    case Op::kNot:
      return logical(n);
    case Op::kIn:
    case Op::kNotIn:
      return membership(n);
    case Op::kBound:
      return n.args[0].kind == ExprKind::kVariable && n.args[0].slot >= 0 &&
             row.value(n.args[0].slot) != nullptr;
    case Op::kRegex:
      return regexMatch(n);
    default:  // the comparisons (isBooleanOp)
      return comparison(n);
  }
}

std::optional<bool> Evaluator::builtinTest(const Node& n) const {
  std::array<Term, 2> scratches;
  std::array<const Term*, 2> values{};
  for (size_t i = 0; i < n.args.size(); ++i) {
    values[i] = eval(n.args[i], scratches[i]);
    if (values[i] == nullptr) return std::nullopt;
  }
  const Args args(values.data(), n.args.size());
  switch (n.op) {
    case Op::kStrStarts:
    case Op::kStrEnds:
    case Op::kContains:
    case Op::kLangMatches:
      return testStringFunction(n.op, args);
    default:
      return testTerm(n.op, args);
  }
}

const Term* Evaluator::call(const Node& n, Term& scratch) const {
  if (isArithmetic(n)) {
    const auto value = numeric(n);
    return value ? store(makeNumeric(*value), scratch) : nullptr;
  }
  switch (n.op) {
    case Op::kIf: {
      const auto test = condition(n.args[0]);
      if (!test) return nullptr;
      return eval(n.args[*test ? 1 : 2], scratch);
    }
    case Op::kCoalesce:
      for (const Node& a : n.args) {
        if (const Term* v = eval(a, scratch)) return v;
      }
      return nullptr;
    case Op::kReplace:
      return replace(n, scratch);
    default:
      return builtin(n, scratch);
  }
}

std::optional<bool> Evaluator::logical(const Node& n) const {
  if (n.op == Op::kNot) {
    const auto v = condition(n.args[0]);
    if (!v) return std::nullopt;
    return !*v;
  }
  // §17.2: an error on one side is masked when the other side decides the result.
  const bool decisive = n.op == Op::kOr;
  const auto left = condition(n.args[0]);
  if (left && *left == decisive) return decisive;
  const auto right = condition(n.args[1]);
  if (right && *right == decisive) return decisive;
  if (!left || !right) return std::nullopt;
  return !decisive;
}

bool Evaluator::operand(const Node& n, Operand& o) const {
  if (isArithmetic(n)) {
    // Numbers computed by arithmetic stay numbers: no term is built unless a comparison with
    // something that is not a number needs one.
    auto value = numeric(n);
    if (!value) return false;
    o.local.cls = ValueClass::kNumeric;
    o.local.numeric = *value;
    o.cls = &o.local;
    return true;
  }
  o.term = eval(n, o.scratch);
  if (o.term == nullptr) return false;
  o.cls = &classOf(n, *o.term, o.local);
  return true;
}

const Term& Evaluator::Operand::materialized() {
  if (term == nullptr) {
    scratch = makeNumeric(*local.numeric);
    term = &scratch;
    local = classifyWithValue(scratch);
  }
  return *term;
}

std::optional<bool> Evaluator::comparison(const Node& n) const {
  Operand a;
  Operand b;
  if (!operand(n.args[0], a) || !operand(n.args[1], b)) return std::nullopt;
  std::optional<Ordering> order;
  if (a.cls->numeric && b.cls->numeric) {
    order = toOrdering(compareNumeric(*a.cls->numeric, *b.cls->numeric));
  } else {
    const Term& ta = a.materialized();
    const Term& tb = b.materialized();
    if (n.op == Op::kEqual || n.op == Op::kNotEqual) {
      const auto equal = valueEquals(ta, *a.cls, tb, *b.cls);
      if (!equal) return std::nullopt;
      return n.op == Op::kEqual ? *equal : !*equal;
    }
    order = compareValues(*a.cls, ta, *b.cls, tb);
    if (!order) return std::nullopt;
  }
  switch (n.op) {
    case Op::kEqual:
      return *order == Ordering::kEqual;
    case Op::kNotEqual:
      return *order != Ordering::kEqual;  // NaN != NaN is true
    case Op::kLess:
      return *order == Ordering::kLess;
    case Op::kGreater:
      return *order == Ordering::kGreater;
    case Op::kLessEqual:
      return *order == Ordering::kLess || *order == Ordering::kEqual;
    default:
      return *order == Ordering::kGreater || *order == Ordering::kEqual;
  }
}

// §17.4.1.9: IN is a disjunction of '=' tests; an error counts only if no test is true.
std::optional<bool> Evaluator::membership(const Node& n) const {
  Term sa;
  const Term* a = eval(n.args[0], sa);
  if (a == nullptr) return std::nullopt;
  Classified bufferA;
  const Classified& ca = classOf(n.args[0], *a, bufferA);
  bool error = false;
  for (size_t i = 1; i < n.args.size(); ++i) {
    Term sb;
    const Term* b = eval(n.args[i], sb);
    if (b == nullptr) {
      error = true;
      continue;
    }
    Classified bufferB;
    const auto equal = valueEquals(*a, ca, *b, classOf(n.args[i], *b, bufferB));
    if (!equal) {
      error = true;
    } else if (*equal) {
      return n.op == Op::kIn;
    }
  }
  if (error) return std::nullopt;
  return n.op == Op::kNotIn;
}

std::optional<Numeric> Evaluator::numeric(const Node& n) const {
  if (n.kind == ExprKind::kConstant) return n.constantClass.numeric;
  if (!isArithmetic(n)) {
    Term scratch;
    const Term* value = eval(n, scratch);
    if (value == nullptr) return std::nullopt;
    return numericOf(*value);
  }
  const auto a = numeric(n.args[0]);
  if (!a) return std::nullopt;
  switch (n.op) {
    case Op::kUnaryPlus:
      return a;
    case Op::kUnaryMinus:
      return negate(*a);
    default:
      break;
  }
  const auto b = numeric(n.args[1]);
  if (!b) return std::nullopt;
  ArithmeticOp op = ArithmeticOp::kAdd;
  switch (n.op) {
    case Op::kSubtract:
      op = ArithmeticOp::kSubtract;
      break;
    case Op::kMultiply:
      op = ArithmeticOp::kMultiply;
      break;
    case Op::kDivide:
      op = ArithmeticOp::kDivide;
      break;
    default:
      break;
  }
  return expr::arithmetic(op, *a, *b);
}

const Regex* Evaluator::regexFor(const Node& n, const Term* const* values,
                                 std::optional<Regex>& buffer) const {
  if (n.regex) return &*n.regex;
  const size_t flagsArg = n.op == Op::kReplace ? 3 : 2;
  const Term& pattern = *values[1];
  if (!isSimpleOrXsdString(pattern)) return nullptr;
  std::string_view flags;
  if (n.args.size() > flagsArg) {
    if (!isSimpleOrXsdString(*values[flagsArg])) return nullptr;
    flags = values[flagsArg]->value;
  }
  buffer = Regex::compile(pattern.value, flags);
  return buffer ? &*buffer : nullptr;
}

std::optional<bool> Evaluator::regexMatch(const Node& n) const {
  if (n.regexInvalid) return std::nullopt;
  std::array<Term, 3> scratches;
  std::array<const Term*, 3> values{};
  for (size_t i = 0; i < n.args.size(); ++i) {
    values[i] = eval(n.args[i], scratches[i]);
    if (values[i] == nullptr) return std::nullopt;
  }
  if (!isStringLiteral(*values[0])) return std::nullopt;
  std::optional<Regex> buffer;
  const Regex* regex = regexFor(n, values.data(), buffer);
  if (regex == nullptr) return std::nullopt;
  return regex->search(values[0]->value);
}

const Term* Evaluator::replace(const Node& n, Term& scratch) const {
  if (n.regexInvalid) return nullptr;
  std::array<Term, 4> scratches;
  std::array<const Term*, 4> values{};
  for (size_t i = 0; i < n.args.size(); ++i) {
    values[i] = eval(n.args[i], scratches[i]);
    if (values[i] == nullptr) return nullptr;
  }
  const Term& text = *values[0];
  if (!isStringLiteral(text) || !isSimpleOrXsdString(*values[2])) return nullptr;
  std::optional<Regex> buffer;
  const Regex* regex = regexFor(n, values.data(), buffer);
  if (regex == nullptr) return nullptr;
  auto replaced = regex->replace(text.value, values[2]->value);
  if (!replaced) return nullptr;
  return store(makeStringLike(std::move(*replaced), text), scratch);
}

const Term* Evaluator::builtin(const Node& n, Term& scratch) const {
  std::array<Term, kInlineArgs> inlineScratch;
  std::array<const Term*, kInlineArgs> inlineValues{};
  std::vector<Term> heapScratch;
  std::vector<const Term*> heapValues;
  Term* scratches = inlineScratch.data();
  const Term** values = inlineValues.data();
  if (n.args.size() > kInlineArgs) {
    heapScratch.resize(n.args.size());
    heapValues.resize(n.args.size());
    scratches = heapScratch.data();
    values = heapValues.data();
  }
  for (size_t i = 0; i < n.args.size(); ++i) {
    values[i] = eval(n.args[i], scratches[i]);
    if (values[i] == nullptr) return nullptr;
  }
  const Args args(values, n.args.size());
  switch (n.op) {
    case Op::kStr:
    case Op::kLang:
    case Op::kDatatype:
    case Op::kIri:
    case Op::kBnode:
    case Op::kStrDt:
    case Op::kStrLang:
    case Op::kUuid:
    case Op::kStrUuid:
      return store(callTermFunction(n.op, args, context), scratch);
    case Op::kStrLen:
    case Op::kSubstr:
    case Op::kUcase:
    case Op::kLcase:
    case Op::kStrBefore:
    case Op::kStrAfter:
    case Op::kEncodeForUri:
    case Op::kConcat:
      return store(callStringFunction(n.op, args), scratch);
    case Op::kAbs:
    case Op::kRound:
    case Op::kCeil:
    case Op::kFloor:
    case Op::kRand:
      return store(callNumericFunction(n.op, args, context), scratch);
    case Op::kNow:
    case Op::kYear:
    case Op::kMonth:
    case Op::kDay:
    case Op::kHours:
    case Op::kMinutes:
    case Op::kSeconds:
    case Op::kTimezone:
    case Op::kTz:
      return store(callDateTimeFunction(n.op, args, context), scratch);
    case Op::kMd5:
    case Op::kSha1:
    case Op::kSha256:
    case Op::kSha384:
    case Op::kSha512:
      return store(callHashFunction(n.op, args), scratch);
    case Op::kCast:
    case Op::kFunction:
      // An extension function is an error unless it is an XSD constructor (compile() checked).
      if (args.size() != 1 || !isSupportedCast(n.iri)) return nullptr;
      return store(castTo(n.iri, *args[0]), scratch);
    default:
      return nullptr;
  }
}

// Whether a call's value depends only on its arguments: no per-query state (NOW, the base IRI,
// the random generator, blank node labels) and no row.
bool isPure(Op op) {
  switch (op) {
    case Op::kBound:
    case Op::kIri:
    case Op::kBnode:
    case Op::kUuid:
    case Op::kStrUuid:
    case Op::kRand:
    case Op::kNow:
      return false;
    default:
      return true;
  }
}

class NoRow final : public RowValues {
 public:
  const Term* value(int) const override { return nullptr; }
  bool exists(const Algebra&) const override { return false; }
};

// A pure call over constants is evaluated once, here: FILTER(?x > 60 * 60) compares with a
// constant 3600 whose value is parsed once. A call that fails stays as it is, so the error
// happens (and is an error) per row as before.
void foldConstant(Node& n) {
  if (n.kind != ExprKind::kCall || !isPure(n.op)) return;
  for (const Node& a : n.args) {
    if (a.kind != ExprKind::kConstant) return;
  }
  FunctionContext context("", "", 0);
  Term scratch;
  const Term* value = Evaluator{NoRow(), context}.eval(n, scratch);
  if (value == nullptr) return;
  Node folded;
  folded.kind = ExprKind::kConstant;
  folded.constant = *value;
  folded.constantClass = classifyWithValue(folded.constant);
  n = std::move(folded);
}

Node compileNode(const Expr& e, const std::function<int(std::string_view)>& slotOf,
                 std::vector<int>& slots) {
  Node n;
  n.kind = e.kind;
  n.op = e.op;
  switch (e.kind) {
    case ExprKind::kConstant:
      n.constant = e.constant;
      n.constantClass = classifyWithValue(e.constant);
      break;
    case ExprKind::kVariable:
      n.slot = slotOf(e.variable);
      if (n.slot >= 0 && std::find(slots.begin(), slots.end(), n.slot) == slots.end()) {
        slots.push_back(n.slot);
      }
      break;
    case ExprKind::kExists:
    case ExprKind::kNotExists:
      n.pattern = e.pattern;
      // The engine substitutes this row's bindings into the pattern, so it must decode them.
      for (const std::string& v : referencedVariables(e)) {
        const int slot = slotOf(v);
        if (slot >= 0 && std::find(slots.begin(), slots.end(), slot) == slots.end()) {
          slots.push_back(slot);
        }
      }
      break;
    case ExprKind::kNull:
    case ExprKind::kParameter:
      throw core::Error(core::ErrorCode::kUnsupported,
                        "openCypher expression in a SPARQL evaluation: " + toString(e));
    case ExprKind::kCall:
      if (isCypherOnlyOperator(e.op)) {
        throw core::Error(
            core::ErrorCode::kUnsupported,
            "openCypher operator " + std::string(opName(e.op)) + " in a SPARQL evaluation");
      }
      // Rejecting a wrong argument count here lets evaluation index args freely.
      if (!opArity(e.op).accepts(e.args.size())) {
        throw core::Error(core::ErrorCode::kInvalidArgument,
                          "wrong number of arguments for " + std::string(opName(e.op)));
      }
      n.iri = e.iri;
      n.args.reserve(e.args.size());
      for (const Expr& a : e.args) n.args.push_back(compileNode(a, slotOf, slots));
      break;
  }
  if (e.kind == ExprKind::kCall && (e.op == Op::kRegex || e.op == Op::kReplace)) {
    const size_t flagsArg = e.op == Op::kReplace ? 3 : 2;
    const bool constantPattern =
        n.args[1].kind == ExprKind::kConstant &&
        (n.args.size() <= flagsArg || n.args[flagsArg].kind == ExprKind::kConstant);
    if (constantPattern) {
      const Term& pattern = n.args[1].constant;
      const Term* flags = n.args.size() > flagsArg ? &n.args[flagsArg].constant : nullptr;
      if (!isSimpleOrXsdString(pattern) || (flags != nullptr && !isSimpleOrXsdString(*flags))) {
        n.regexInvalid = true;
      } else {
        n.regex = Regex::compile(pattern.value, flags != nullptr ? flags->value : "");
        n.regexInvalid = !n.regex;
      }
    }
  }
  foldConstant(n);
  return n;
}

}  // namespace

struct ExpressionProgram::Node {
  CompiledNode tree;
};

ExpressionProgram::ExpressionProgram() = default;
ExpressionProgram::ExpressionProgram(ExpressionProgram&&) noexcept = default;
ExpressionProgram& ExpressionProgram::operator=(ExpressionProgram&&) noexcept = default;
ExpressionProgram::~ExpressionProgram() = default;

ExpressionProgram ExpressionProgram::compile(const Expr& expr,
                                             const std::function<int(std::string_view)>& slotOf) {
  ExpressionProgram program;
  program.root_ = std::make_unique<Node>(Node{compileNode(expr, slotOf, program.slotsRead_)});
  program.source_ = std::make_shared<const Expr>(expr);
  return program;
}

std::optional<Term> ExpressionProgram::evaluate(const RowValues& row,
                                                FunctionContext& context) const {
  Term scratch;
  const Term* value = Evaluator{row, context}.eval(root_->tree, scratch);
  if (value == nullptr) return std::nullopt;
  if (value == &scratch) return scratch;
  return *value;
}

std::optional<bool> ExpressionProgram::evaluateCondition(const RowValues& row,
                                                         FunctionContext& context) const {
  return Evaluator{row, context}.condition(root_->tree);
}

std::optional<bool> effectiveBooleanValue(const Term& term) {
  if (term.kind != core::TermKind::kLiteral) return std::nullopt;
  if (isStringDatatype(term.datatype)) return !term.value.empty();
  const Classified c = classifyWithValue(term);
  switch (c.cls) {
    case ValueClass::kBoolean:
      return c.value.boolean;
    case ValueClass::kNumeric:
      if (c.numeric && c.numeric->isExact()) return c.numeric->unscaled != 0;
      if (c.value.kind == core::XsdKind::kDouble || c.value.kind == core::XsdKind::kFloat) {
        return c.value.number != 0 && c.value.number == c.value.number;
      }
      return !c.value.decimal.isZero();
    case ValueClass::kIllTyped: {
      // §17.2.2: a boolean or numeric literal with an invalid lexical form has EBV false.
      const auto type = core::builtinTypeForDatatype(term.datatype);
      const bool numericOrBoolean =
          type && (*type == core::otype::kBoolean || core::xsd::isIntegerType(*type) ||
                   *type == core::otype::kDecimal || *type == core::otype::kFloat ||
                   *type == core::otype::kDouble);
      if (numericOrBoolean) return false;
      return std::nullopt;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace cairn::query::expr
