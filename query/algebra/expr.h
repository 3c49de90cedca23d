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
  // openCypher only (docs/cypher.md "Cypher expressions in the algebra"):
  kNull,       // the literal null
  kParameter,  // $name, the name in `variable`
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
  // XSD constructor casts and unknown extension functions (openCypher: every named function,
  // its lower-cased qualified name in `iri`)
  kCast, kFunction,
  // openCypher only; the SPARQL evaluator rejects them. `x IN list` is kIn with args [x, list].
  kXor, kModulo, kPower,
  kIsNull, kIsNotNull,
  kStartsWith, kEndsWith, kRegexMatch,  // CONTAINS reuses kContains
  kList,             // [args...]
  kMap,              // {names[i]: args[i], ...}
  kProperty,         // args[0].names[0]
  kIndex,            // args[0][args[1]]
  kSlice,            // args[0][args[1]..args[2]]
  kSliceFrom,        // args[0][args[1]..]
  kSliceTo,          // args[0][..args[1]]
  kHasLabels,        // args[0]:names[0]:names[1]...
  kCase,             // CASE WHEN c1 THEN r1 ... ELSE e END: [c1, r1, ..., e]
  kSimpleCase,       // CASE x WHEN v1 THEN r1 ... ELSE e END: [x, v1, r1, ..., e]
  kListComprehension,  // [variable IN args[0] WHERE args[1] | args[2]]
  kAll, kAny, kNone, kSingle,  // all(variable IN args[0] WHERE args[1])
  kReduce,           // reduce(names[0] = args[0], variable IN args[1] | args[2])
  kPatternComprehension,  // [pattern WHERE args[0] | args[1]]
};

// The SPARQL keyword or symbol of an operator ("REGEX", "&&", "+"), or the openCypher one for
// the Cypher-only operators ("XOR", "STARTS WITH", "=~"), for EXPLAIN and messages.
std::string_view opName(Op op);

struct Expr {
  ExprKind kind = ExprKind::kConstant;
  Op op = Op::kAnd;
  core::Term constant;                     // kConstant
  std::string variable;                    // kVariable
  std::vector<Expr> args;                  // kCall
  std::string iri;                         // kCall with kCast / kFunction
  std::shared_ptr<const Algebra> pattern;  // kExists / kNotExists / kPatternComprehension
  // Names a Cypher call carries: map keys (kMap), the property key (kProperty), labels
  // (kHasLabels), the accumulator (kReduce). `variable` holds a comprehension's, quantifier's or
  // reduce's local variable.
  std::vector<std::string> names;

  static Expr makeConstant(core::Term t);
  static Expr makeVariable(std::string name);
  static Expr makeCall(Op op, std::vector<Expr> args);
  static Expr makeCast(std::string datatypeIri, Expr arg);
  static Expr makeExists(std::shared_ptr<const Algebra> pattern, bool negated);
  static Expr makeNull();
  static Expr makeParameter(std::string name);
};

// Variables the expression reads (EXISTS patterns included), each once, in first-use order. The
// local variable of a list comprehension, quantifier or reduce (and reduce's accumulator) is not
// read from outside and is left out where it is in scope; so are a pattern comprehension's
// variables, which the pattern binds (its correlation with the row is the engine's business).
std::vector<std::string> referencedVariables(const Expr& expr);

// The conjuncts of `e` (the operands of nested ANDs, in order; `e` itself when it is no AND),
// appended to `out` as pointers into `e`.
void appendConjuncts(const Expr& e, std::vector<const Expr*>& out);

// SPARQL-like rendering: (?x > 5), REGEX(?s, "a", "i"), EXISTS {...}.
std::string toString(const Expr& expr);

struct AggregateCall {
  enum class Function : uint8_t {
    kCount, kSum, kMin, kMax, kAvg, kSample, kGroupConcat,
    // openCypher only
    kCollect, kPercentileDisc, kPercentileCont, kStDev, kStDevP,
  };
  Function function = Function::kCount;
  bool distinct = false;
  std::optional<Expr> arg;      // nullopt only for COUNT(*)
  std::string separator = " ";  // GROUP_CONCAT
  std::string resultVariable;   // the variable the translator binds the result to
  // percentileDisc / percentileCont: the percentile. Last, so that positional initializers of
  // the SPARQL fields stay valid.
  std::optional<Expr> extraArg = std::nullopt;
};

std::string_view aggregateName(AggregateCall::Function f);  // "COUNT", ...

}  // namespace cairn::query
