#pragma once
// Evaluating algebra expressions over one solution, with SPARQL's semantics (spec §17): effective
// boolean value, type errors, numeric type promotion, RDFterm-equal vs value equality, language
// tags in string functions, XSD casts. An expression error is not an exception: evaluate()
// returns nullopt and the caller leaves a variable unbound (BIND) or drops the row (FILTER).
//
// An Expr is compiled once per operator against the operator's row layout (variable → slot) and
// then evaluated per row. Compilation parses constants once, compiles constant REGEX/REPLACE
// patterns once, and folds calls over constants that depend on nothing else; it throws
// core::Error (kInvalidArgument) for a call with the wrong number of arguments. A compiled
// program is immutable: several threads may evaluate it, each with its own FunctionContext.
// Terms are materialized values (core::Term); the engine decodes ids only for the variables an
// expression reads.

#include <functional>
#include <memory>
#include <optional>
#include <string_view>

#include "core/term.h"
#include "query/algebra/algebra.h"
#include "query/expr/function_context.h"

namespace cairn::query::expr {

// One solution as an expression sees it. Implemented by the engine.
class RowValues {
 public:
  virtual ~RowValues() = default;
  // The value in `slot`, nullptr when unbound. Valid until the next call on this object.
  virtual const core::Term* value(int slot) const = 0;
  // EXISTS { pattern } for this solution: the pattern with this row's bindings substituted
  // (spec §18.6 substitute).
  virtual bool exists(const Algebra& pattern) const = 0;
};

class ExpressionProgram {
 public:
  // `slotOf` gives the row slot of a variable, or -1 when the row never binds it.
  static ExpressionProgram compile(const Expr& expr,
                                   const std::function<int(std::string_view)>& slotOf);

  // The value, or nullopt on an expression error (including an unbound variable).
  std::optional<core::Term> evaluate(const RowValues& row, FunctionContext& context) const;
  // The effective boolean value (§17.2.2); nullopt on error. FILTER keeps rows where it is true.
  std::optional<bool> evaluateCondition(const RowValues& row, FunctionContext& context) const;

  // Slots the expression reads (so the engine decodes only those).
  const std::vector<int>& slotsRead() const { return slotsRead_; }
  const Expr& source() const { return *source_; }

  ExpressionProgram(ExpressionProgram&&) noexcept;
  ExpressionProgram& operator=(ExpressionProgram&&) noexcept;
  ~ExpressionProgram();

 private:
  ExpressionProgram();
  struct Node;
  std::unique_ptr<Node> root_;
  std::shared_ptr<const Expr> source_;
  std::vector<int> slotsRead_;
};

// Effective boolean value of a term (§17.2.2); nullopt when it has none (IRI, ill-typed, ...).
std::optional<bool> effectiveBooleanValue(const core::Term& term);

// ORDER BY ordering (§15.1), total: unbound (nullptr) < blank nodes < IRIs < literals. Blank
// nodes and IRIs compare by label / IRI string (code point order). Literals first by kind of
// value:
//   numbers < simple literals and xsd:strings < language-tagged strings < booleans
//   < dateTimes < dates < times < everything else (other datatypes, ill-typed literals),
// then, within a kind, by value where '<' is defined (NaN before every other number;
// language-tagged strings have no value order), and finally, for equal or incomparable values,
// by lexical form, then datatype IRI (simple and xsd:string count as one), then language tag.
// Only the same term compares 0, so 1 and 1.0 have a fixed order. One caveat of XSD's partial
// order: dateTimes with and without a timezone less than 14 hours apart fall back to the lexical
// order, which is not transitive with the value order. Returns <0, 0 or >0. MIN and MAX use it.
int compareForOrdering(const core::Term* a, const core::Term* b);
// The same, with the literals' classifications (classifyWithValue) when the caller keeps them:
// a sort compares each value many times, and classifying parses its lexical form. A null
// classification is computed here.
struct Classified;
int compareForOrdering(const core::Term* a, const Classified* ca, const core::Term* b,
                       const Classified* cb);
// The ORDER BY order of two literals when their classifications decide it without the terms:
// literals of different classes, or numbers, booleans, dates and times of different values.
// nullopt when only the terms can tell (strings, equal or incomparable values, NaNs, IRIs and
// blank nodes). Where it answers, compareForOrdering answers the same.
std::optional<int> compareLiteralsByValue(const Classified& ca, const Classified& cb);

// RDFterm-equal with value equality for literals where the spec defines '=' (§17.4.1.7):
// true / false, or nullopt when '=' raises a type error.
std::optional<bool> valueEquals(const core::Term& a, const core::Term& b);

}  // namespace cairn::query::expr
