#include "query/algebra/expr.h"

#include <algorithm>

#include "query/algebra/algebra.h"
#include "query/algebra/op_traits.h"

namespace cairn::query {

std::string_view opName(Op op) {
  switch (op) {
    case Op::kOr:
      return "||";
    case Op::kAnd:
      return "&&";
    case Op::kNot:
      return "!";
    case Op::kEqual:
      return "=";
    case Op::kNotEqual:
      return "!=";
    case Op::kLess:
      return "<";
    case Op::kGreater:
      return ">";
    case Op::kLessEqual:
      return "<=";
    case Op::kGreaterEqual:
      return ">=";
    case Op::kIn:
      return "IN";
    case Op::kNotIn:
      return "NOT IN";
    case Op::kAdd:
      return "+";
    case Op::kSubtract:
      return "-";
    case Op::kMultiply:
      return "*";
    case Op::kDivide:
      return "/";
    case Op::kUnaryPlus:
      return "+";
    case Op::kUnaryMinus:
      return "-";
    case Op::kBound:
      return "BOUND";
    case Op::kIf:
      return "IF";
    case Op::kCoalesce:
      return "COALESCE";
    case Op::kSameTerm:
      return "sameTerm";
    case Op::kIsIri:
      return "isIRI";
    case Op::kIsBlank:
      return "isBLANK";
    case Op::kIsLiteral:
      return "isLITERAL";
    case Op::kIsNumeric:
      return "isNUMERIC";
    case Op::kStr:
      return "STR";
    case Op::kLang:
      return "LANG";
    case Op::kDatatype:
      return "DATATYPE";
    case Op::kIri:
      return "IRI";
    case Op::kBnode:
      return "BNODE";
    case Op::kStrDt:
      return "STRDT";
    case Op::kStrLang:
      return "STRLANG";
    case Op::kUuid:
      return "UUID";
    case Op::kStrUuid:
      return "STRUUID";
    case Op::kStrLen:
      return "STRLEN";
    case Op::kSubstr:
      return "SUBSTR";
    case Op::kUcase:
      return "UCASE";
    case Op::kLcase:
      return "LCASE";
    case Op::kStrStarts:
      return "STRSTARTS";
    case Op::kStrEnds:
      return "STRENDS";
    case Op::kContains:
      return "CONTAINS";
    case Op::kStrBefore:
      return "STRBEFORE";
    case Op::kStrAfter:
      return "STRAFTER";
    case Op::kEncodeForUri:
      return "ENCODE_FOR_URI";
    case Op::kConcat:
      return "CONCAT";
    case Op::kLangMatches:
      return "langMatches";
    case Op::kRegex:
      return "REGEX";
    case Op::kReplace:
      return "REPLACE";
    case Op::kAbs:
      return "ABS";
    case Op::kRound:
      return "ROUND";
    case Op::kCeil:
      return "CEIL";
    case Op::kFloor:
      return "FLOOR";
    case Op::kRand:
      return "RAND";
    case Op::kNow:
      return "NOW";
    case Op::kYear:
      return "YEAR";
    case Op::kMonth:
      return "MONTH";
    case Op::kDay:
      return "DAY";
    case Op::kHours:
      return "HOURS";
    case Op::kMinutes:
      return "MINUTES";
    case Op::kSeconds:
      return "SECONDS";
    case Op::kTimezone:
      return "TIMEZONE";
    case Op::kTz:
      return "TZ";
    case Op::kMd5:
      return "MD5";
    case Op::kSha1:
      return "SHA1";
    case Op::kSha256:
      return "SHA256";
    case Op::kSha384:
      return "SHA384";
    case Op::kSha512:
      return "SHA512";
    case Op::kCast:
      return "CAST";
    case Op::kFunction:
      return "FUNCTION";
    case Op::kXor:
      return "XOR";
    case Op::kModulo:
      return "%";
    case Op::kPower:
      return "^";
    case Op::kIsNull:
      return "IS NULL";
    case Op::kIsNotNull:
      return "IS NOT NULL";
    case Op::kStartsWith:
      return "STARTS WITH";
    case Op::kEndsWith:
      return "ENDS WITH";
    case Op::kRegexMatch:
      return "=~";
    case Op::kList:
      return "LIST";
    case Op::kMap:
      return "MAP";
    case Op::kProperty:
      return "PROPERTY";
    case Op::kIndex:
      return "INDEX";
    case Op::kSlice:
      return "SLICE";
    case Op::kSliceFrom:
      return "SLICE_FROM";
    case Op::kSliceTo:
      return "SLICE_TO";
    case Op::kHasLabels:
      return "HAS_LABELS";
    case Op::kCase:
      return "CASE";
    case Op::kSimpleCase:
      return "SIMPLE_CASE";
    case Op::kListComprehension:
      return "LIST_COMPREHENSION";
    case Op::kAll:
      return "all";
    case Op::kAny:
      return "any";
    case Op::kNone:
      return "none";
    case Op::kSingle:
      return "single";
    case Op::kReduce:
      return "reduce";
    case Op::kPatternComprehension:
      return "PATTERN_COMPREHENSION";
  }
  return "?";
}

std::string_view aggregateName(AggregateCall::Function f) {
  using F = AggregateCall::Function;
  switch (f) {
    case F::kCount:
      return "COUNT";
    case F::kSum:
      return "SUM";
    case F::kMin:
      return "MIN";
    case F::kMax:
      return "MAX";
    case F::kAvg:
      return "AVG";
    case F::kSample:
      return "SAMPLE";
    case F::kGroupConcat:
      return "GROUP_CONCAT";
    case F::kCollect:
      return "collect";
    case F::kPercentileDisc:
      return "percentileDisc";
    case F::kPercentileCont:
      return "percentileCont";
    case F::kStDev:
      return "stDev";
    case F::kStDevP:
      return "stDevP";
  }
  return "?";
}

Expr Expr::makeConstant(core::Term t) {
  Expr e;
  e.kind = ExprKind::kConstant;
  e.constant = std::move(t);
  return e;
}

Expr Expr::makeVariable(std::string name) {
  Expr e;
  e.kind = ExprKind::kVariable;
  e.variable = std::move(name);
  return e;
}

Expr Expr::makeCall(Op op, std::vector<Expr> args) {
  Expr e;
  e.kind = ExprKind::kCall;
  e.op = op;
  e.args = std::move(args);
  return e;
}

Expr Expr::makeCast(std::string datatypeIri, Expr arg) {
  Expr e = makeCall(Op::kCast, {});
  e.args.push_back(std::move(arg));
  e.iri = std::move(datatypeIri);
  return e;
}

Expr Expr::makeExists(std::shared_ptr<const Algebra> pattern, bool negated) {
  Expr e;
  e.kind = negated ? ExprKind::kNotExists : ExprKind::kExists;
  e.pattern = std::move(pattern);
  return e;
}

Expr Expr::makeNull() {
  Expr e;
  e.kind = ExprKind::kNull;
  return e;
}

Expr Expr::makeParameter(std::string name) {
  Expr e;
  e.kind = ExprKind::kParameter;
  e.variable = std::move(name);
  return e;
}

namespace {

void addVariableOnce(std::vector<std::string>& out, const std::string& name) {
  if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
}

void collectExpr(const Expr& expr, std::vector<std::string>& out);

// Whether a call introduces a local variable (list comprehension, quantifier, reduce).
bool bindsLocalVariable(const Expr& expr) {
  if (expr.kind != ExprKind::kCall) return false;
  switch (expr.op) {
    case Op::kListComprehension:
    case Op::kAll:
    case Op::kAny:
    case Op::kNone:
    case Op::kSingle:
    case Op::kReduce:
      return true;
    default:
      return false;
  }
}

// The variables `expr` reads, except `locals`: collected apart and then merged, so an outer
// variable that happens to share a local's name is still reported where it is read outside.
void collectScoped(const Expr& expr, const std::vector<std::string>& locals,
                   std::vector<std::string>& out) {
  std::vector<std::string> inner;
  collectExpr(expr, inner);
  for (const auto& name : inner) {
    if (std::find(locals.begin(), locals.end(), name) == locals.end()) addVariableOnce(out, name);
  }
}

// A comprehension's list (or reduce's initial value and list) is read in the outer scope; its
// predicate and projection (reduce's step) see the local variable(s).
void collectLocalScope(const Expr& expr, std::vector<std::string>& out) {
  const size_t outerArgs = expr.op == Op::kReduce ? 2 : 1;
  std::vector<std::string> locals{expr.variable};
  if (expr.op == Op::kReduce && !expr.names.empty()) locals.push_back(expr.names[0]);
  for (size_t i = 0; i < expr.args.size(); ++i) {
    if (i < outerArgs) {
      collectExpr(expr.args[i], out);
    } else {
      collectScoped(expr.args[i], locals, out);
    }
  }
}

// Every variable an EXISTS pattern mentions: its in-scope variables, plus those read by the
// expressions inside it (a FILTER in the pattern may correlate with the outer solution).
void collectAlgebra(const Algebra& node, std::vector<std::string>& out) {
  for (const auto& name : inScopeVariables(node)) addVariableOnce(out, name);
  forEachOwnExpr(node, [&](const Expr& e) { collectExpr(e, out); });
  for (const auto& child : node.children) collectAlgebra(*child, out);
}

void collectExpr(const Expr& expr, std::vector<std::string>& out) {
  switch (expr.kind) {
    case ExprKind::kConstant:
    case ExprKind::kNull:
    case ExprKind::kParameter:
      return;
    case ExprKind::kVariable:
      addVariableOnce(out, expr.variable);
      return;
    case ExprKind::kCall:
      if (bindsLocalVariable(expr)) {
        collectLocalScope(expr, out);
        return;
      }
      if (expr.op == Op::kPatternComprehension && expr.pattern) collectAlgebra(*expr.pattern, out);
      for (const auto& arg : expr.args) collectExpr(arg, out);
      return;
    case ExprKind::kExists:
    case ExprKind::kNotExists:
      if (expr.pattern) collectAlgebra(*expr.pattern, out);
      return;
  }
}

std::string joinArgs(const std::vector<Expr>& args, size_t from) {
  std::string out;
  for (size_t i = from; i < args.size(); ++i) {
    if (i > from) out += ", ";
    out += toString(args[i]);
  }
  return out;
}

// The multi-line algebra rendering collapsed onto one line, for EXISTS inside an expression.
std::string inlineAlgebra(const Algebra& node) {
  std::string text = toString(node);
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == '\n' || c == ' ') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::string joinNames(const std::vector<std::string>& names, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += separator;
    out += names[i];
  }
  return out;
}

// The Cypher-only calls in openCypher-like syntax; nullopt for the calls SPARQL shares.
std::optional<std::string> cypherToString(const Expr& e) {
  const auto arg = [&](size_t i) { return i < e.args.size() ? toString(e.args[i]) : "?"; };
  switch (e.op) {
    case Op::kXor:
    case Op::kModulo:
    case Op::kPower:
    case Op::kStartsWith:
    case Op::kEndsWith:
    case Op::kRegexMatch:
      return "(" + arg(0) + " " + std::string(opName(e.op)) + " " + arg(1) + ")";
    case Op::kIsNull:
    case Op::kIsNotNull:
      return "(" + arg(0) + " " + std::string(opName(e.op)) + ")";
    case Op::kList:
      return "[" + joinArgs(e.args, 0) + "]";
    case Op::kMap: {
      std::string out = "{";
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (i > 0) out += ", ";
        out += (i < e.names.size() ? e.names[i] : "?") + ": " + toString(e.args[i]);
      }
      return out + "}";
    }
    case Op::kProperty:
      return arg(0) + "." + (e.names.empty() ? "?" : e.names[0]);
    case Op::kIndex:
      return arg(0) + "[" + arg(1) + "]";
    case Op::kSlice:
      return arg(0) + "[" + arg(1) + ".." + arg(2) + "]";
    case Op::kSliceFrom:
      return arg(0) + "[" + arg(1) + "..]";
    case Op::kSliceTo:
      return arg(0) + "[.." + arg(1) + "]";
    case Op::kHasLabels:
      return arg(0) + ":" + joinNames(e.names, ":");
    case Op::kCase:
    case Op::kSimpleCase: {
      std::string out = "CASE";
      size_t i = 0;
      if (e.op == Op::kSimpleCase) out += " " + arg(i++);
      const size_t last = e.args.empty() ? 0 : e.args.size() - 1;  // ELSE
      for (; i + 1 < last; i += 2) out += " WHEN " + arg(i) + " THEN " + arg(i + 1);
      return out + " ELSE " + arg(last) + " END";
    }
    case Op::kListComprehension:
      return "[" + e.variable + " IN " + arg(0) + " WHERE " + arg(1) + " | " + arg(2) + "]";
    case Op::kAll:
    case Op::kAny:
    case Op::kNone:
    case Op::kSingle:
      return std::string(opName(e.op)) + "(" + e.variable + " IN " + arg(0) + " WHERE " + arg(1) +
             ")";
    case Op::kReduce:
      return "reduce(" + (e.names.empty() ? "?" : e.names[0]) + " = " + arg(0) + ", " + e.variable +
             " IN " + arg(1) + " | " + arg(2) + ")";
    case Op::kPatternComprehension:
      return "[" + (e.pattern ? inlineAlgebra(*e.pattern) : std::string()) + " WHERE " + arg(0) +
             " | " + arg(1) + "]";
    case Op::kFunction:
      // A Cypher function: a lower-case name, never an IRI.
      if (!e.iri.empty() && e.iri.find(':') == std::string::npos) {
        return e.iri + "(" + joinArgs(e.args, 0) + ")";
      }
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

}  // namespace

void appendConjuncts(const Expr& e, std::vector<const Expr*>& out) {
  if (e.kind == ExprKind::kCall && e.op == Op::kAnd) {
    for (const Expr& a : e.args) appendConjuncts(a, out);
  } else {
    out.push_back(&e);
  }
}

std::vector<std::string> referencedVariables(const Expr& expr) {
  std::vector<std::string> out;
  collectExpr(expr, out);
  return out;
}

std::string toString(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::kConstant:
      return core::toNTriples(expr.constant);
    case ExprKind::kVariable:
      return "?" + expr.variable;
    case ExprKind::kNull:
      return "null";
    case ExprKind::kParameter:
      return "$" + expr.variable;
    case ExprKind::kExists:
    case ExprKind::kNotExists: {
      std::string out = expr.kind == ExprKind::kExists ? "EXISTS {" : "NOT EXISTS {";
      if (expr.pattern) out += inlineAlgebra(*expr.pattern);
      return out + "}";
    }
    case ExprKind::kCall:
      break;
  }
  if (isBinaryOperator(expr.op) && expr.args.size() == 2) {
    return "(" + toString(expr.args[0]) + " " + std::string(opName(expr.op)) + " " +
           toString(expr.args[1]) + ")";
  }
  if (const auto cypher = cypherToString(expr)) return *cypher;
  switch (expr.op) {
    case Op::kNot:
    case Op::kUnaryPlus:
    case Op::kUnaryMinus:
      return std::string(opName(expr.op)) + toString(expr.args.at(0));
    case Op::kIn:
    case Op::kNotIn:
      return "(" + toString(expr.args.at(0)) + " " + std::string(opName(expr.op)) + " (" +
             joinArgs(expr.args, 1) + "))";
    case Op::kCast:
    case Op::kFunction:
      return "<" + expr.iri + ">(" + joinArgs(expr.args, 0) + ")";
    default:
      return std::string(opName(expr.op)) + "(" + joinArgs(expr.args, 0) + ")";
  }
}

}  // namespace cairn::query
