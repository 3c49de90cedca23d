#pragma once
// Expressions of the algebra (SPARQL spec §17, §18.2): FILTER conditions, BIND / SELECT
// expressions, ORDER BY keys, GROUP BY keys and aggregate arguments. Language-neutral: openCypher
// compiles to the same tree. Aggregates never appear inside an Expr: the translator lifts them
// into the Group node (AggregateCall) and refers to their results by variable (§18.2.4.1).
//
// Value semantics: an Expr is a small tree copied by value; EXISTS patterns are shared.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/term.h"

namespace cairn::query {

struct Algebra;

enum class ExprKind : uint8_t {
  kConstant,   // `constant`
  kVariable,   // `variable`
  kCall,       // `op` applied to `args`
  kExists,     // EXISTS { pattern }
  kNotExists,  // NOT EXISTS { pattern }
};

// Operators and the built-in functions of spec §17.4. kCast and kFunction carry the IRI in
// Expr::iri (kCast: an XSD datatype constructor such as xsd:integer(?x)).
enum class Op : uint8_t {
  // logical, comparison, arithmetic
  kOr, kAnd, kNot,
  kEqual, kNotEqual, kLess, kGreater, kLessEqual, kGreaterEqual,
  kIn, kNotIn,  // args[0] IN (args[1..])
  kAdd, kSubtract, kMultiply, kDivide, kUnaryPlus, kUnaryMinus,
  // functional forms and term functions
  kBound, kIf, kCoalesce, kSameTerm,
  kIsIri, kIsBlank, kIsLiteral, kIsNumeric,
  kStr, kLang, kDatatype, kIri, kBnode, kStrDt, kStrLang, kUuid, kStrUuid,
  // strings
  kStrLen, kSubstr, kUcase, kLcase, kStrStarts, kStrEnds, kContains, kStrBefore, kStrAfter,
  kEncodeForUri, kConcat, kLangMatches, kRegex, kReplace,
  // numerics
  kAbs, kRound, kCeil, kFloor, kRand,
  // dates and times
  kNow, kYear, kMonth, kDay, kHours, kMinutes, kSeconds, kTimezone, kTz,
  // hashes
  kMd5, kSha1, kSha256, kSha384, kSha512,
  // XSD constructor casts and unknown extension functions
  kCast, kFunction,
};

// The SPARQL keyword or symbol of an operator ("REGEX", "&&", "+"), for EXPLAIN and messages.
std::string_view opName(Op op);

struct Expr {
  ExprKind kind = ExprKind::kConstant;
  Op op = Op::kAnd;
  core::Term constant;                     // kConstant
  std::string variable;                    // kVariable
  std::vector<Expr> args;                  // kCall
  std::string iri;                         // kCall with kCast / kFunction
  std::shared_ptr<const Algebra> pattern;  // kExists / kNotExists

  static Expr makeConstant(core::Term t);
  static Expr makeVariable(std::string name);
  static Expr makeCall(Op op, std::vector<Expr> args);
  static Expr makeCast(std::string datatypeIri, Expr arg);
  static Expr makeExists(std::shared_ptr<const Algebra> pattern, bool negated);
};

// Variables the expression reads (EXISTS patterns included), each once, in first-use order.
std::vector<std::string> referencedVariables(const Expr& expr);

// SPARQL-like rendering: (?x > 5), REGEX(?s, "a", "i"), EXISTS {...}.
std::string toString(const Expr& expr);

struct AggregateCall {
  enum class Function : uint8_t { kCount, kSum, kMin, kMax, kAvg, kSample, kGroupConcat };
  Function function = Function::kCount;
  bool distinct = false;
  std::optional<Expr> arg;      // nullopt only for COUNT(*)
  std::string separator = " ";  // GROUP_CONCAT
  std::string resultVariable;   // the variable the translator binds the result to
};

std::string_view aggregateName(AggregateCall::Function f);  // "COUNT", ...

}  // namespace cairn::query
