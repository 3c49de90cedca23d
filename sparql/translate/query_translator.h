#pragma once
// Translation of a query's (or subquery's) clauses around its WHERE pattern (spec §18.2.4 and
// §18.2.5): grouping and aggregation, HAVING, a trailing VALUES, SELECT expressions, then the
// solution modifiers ORDER BY, projection, DISTINCT / REDUCED and OFFSET / LIMIT. Also enforces
// the rules the grammar alone does not: the grouping rules of §11.4 for projected variables and
// expressions, and that a SELECT expression introduces a variable not already in scope.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "query/algebra/algebra.h"

namespace cairn::sparql {

struct SourcePosition {
  uint32_t line = 0;
  uint32_t column = 0;
};

struct SelectItem {
  std::string variable;
  std::optional<query::Expr> expr;  // (expr AS ?variable); aggregates already lifted
  SourcePosition position;
};

// What the parser collected for one query level, aggregates already lifted out of expressions
// into `aggregates` (each referred to by its '.'-result variable).
struct QueryClauses {
  bool isSelect = true;  // project to the SELECT list (false for ASK, CONSTRUCT, DESCRIBE)
  bool selectAll = false;
  bool distinct = false;
  bool reduced = false;
  std::vector<SelectItem> items;
  SourcePosition selectPosition;
  query::AlgebraPtr where;
  bool hasGroupBy = false;
  std::vector<query::GroupKey> groupBy;
  std::vector<query::AggregateCall> aggregates;
  std::vector<query::Expr> having;
  std::vector<query::OrderCondition> order;
  uint64_t offset = 0;
  std::optional<uint64_t> limit;
  query::AlgebraPtr values;  // trailing VALUES, or null
};

struct TranslatedQuery {
  query::AlgebraPtr pattern;
  std::vector<std::string> projection;  // SELECT only
};

// Throws core::Error(kSyntaxError) when a grouping or scoping rule is broken.
TranslatedQuery translateQuery(QueryClauses clauses);

}  // namespace cairn::sparql
