#pragma once
// Translation of one group graph pattern to the algebra (spec §18.2.2), fed element by element
// as the parser reads them: triples blocks become BGPs (after the property-path expansion of
// §18.2.2.4), OPTIONAL a LeftJoin carrying the optional part's filters, MINUS a Minus, BIND an
// Extend, anything else a Join. FILTERs are collected and wrap the whole group at the end
// (a filter constrains the group it appears in, wherever it is written). Joins with the empty
// group are simplified away (§18.2.2.8).

#include <optional>
#include <string>
#include <vector>

#include "query/algebra/algebra.h"
#include "sparql/translate/fresh_variables.h"

namespace cairn::sparql {

// One triple as written in a WHERE clause: either a plain predicate or a property path.
struct TripleSyntax {
  query::PatternTerm subject;
  query::PatternTerm predicate;             // when !path
  std::optional<query::PropertyPath> path;  // a path that is not a single IRI
  query::PatternTerm object;
};

// Appends the algebra of `triples` (a TriplesBlock) to `out` in order: BGPs of adjacent triple
// patterns and Path nodes, with links, inverses and sequences expanded (§18.2.2.4).
void translateTriplesBlock(const std::vector<TripleSyntax>& triples, FreshVariables& fresh,
                           std::vector<query::AlgebraPtr>& out);

class GroupTranslator {
 public:
  explicit GroupTranslator(FreshVariables& fresh) : fresh_(fresh) {}

  void addTriplesBlock(const std::vector<TripleSyntax>& triples);
  void addFilter(query::Expr condition) { filters_.push_back(std::move(condition)); }
  // `optional` is the translated inner group; a top-level Filter becomes the LeftJoin condition.
  // `liftFilter`: the optional group ended in FILTERs of its own, which become the LeftJoin's
  // condition (they may then see the left side's variables).
  void addOptional(const query::AlgebraPtr& optional, bool liftFilter);
  bool hasFilters() const { return !filters_.empty(); }
  void addMinus(query::AlgebraPtr right);
  // BIND(expr AS ?variable); the caller checks the variable is not yet in scope (inScope()).
  void addBind(std::string variable, query::Expr expr);
  // A group, UNION, GRAPH, SERVICE, subquery or VALUES element.
  void addJoin(query::AlgebraPtr right);

  // Variables in scope of the elements added so far (filters excluded).
  std::vector<std::string> inScope() const;
  query::AlgebraPtr finish();

 private:
  void join(query::AlgebraPtr right);

  FreshVariables& fresh_;
  query::AlgebraPtr group_;  // null: the empty group Z
  std::vector<query::Expr> filters_;
};

// The empty group pattern (the unit table Z).
query::AlgebraPtr makeUnitTable();
bool isUnitTable(const query::Algebra& node);

}  // namespace cairn::sparql
