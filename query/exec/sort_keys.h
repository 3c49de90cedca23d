#pragma once
// SortKeys: the ORDER BY keys of rows and their comparison, shared by Sort and TopK. A key that
// is a plain variable is its column's id; other keys are evaluated per row and get canonical ids.
// Two ids of one inline type compare as integers (inline keys are order-preserving,
// core/literal_codec.h); anything else is compared with SPARQL's ORDER BY order
// (expr::compareForOrdering), so mixed types stay correct: by value when the classifications
// decide it, with the decoded terms otherwise.

#include <optional>
#include <unordered_map>
#include <vector>

#include "query/algebra/algebra.h"
#include "query/exec/operator.h"
#include "query/exec/row_values.h"
#include "query/expr/values.h"

namespace cairn::query {

// One buffered row: its values, its key ids and its arrival number (ties keep input order).
struct SortRow {
  ValueRow values;
  ValueRow keys;
  uint64_t sequence = 0;
};

class SortKeys {
 public:
  SortKeys(ExecContext& ctx, const std::vector<OrderCondition>& order,
           const std::vector<std::string>& variables, const GraphScope& scope);

  // The key ids of row `r` of `batch`.
  ValueRow keysOf(const Batch& batch, size_t r);
  // True when a sorts before b.
  bool less(const SortRow& a, const SortRow& b) const;
  std::string describe() const;

 private:
  // A key value as value comparisons see it: classified once, decoded only when the terms are
  // needed (inline numbers, dates and booleans classify straight from their keys).
  struct Resolved {
    expr::Classified classified;
    mutable const core::Term* term = nullptr;  // TermTable::decode's term (a stable reference)
  };

  int compareIds(ValueId a, ValueId b) const;
  // The kept Resolved of `id` (the sort's life, bounded), or `scratch` filled once the bound is
  // hit.
  const Resolved& resolve(ValueId id, std::optional<Resolved>& scratch) const;
  const core::Term& termOf(ValueId id, const Resolved& resolved) const;

  ExecContext& ctx_;
  std::vector<OrderCondition> order_;
  std::vector<int> columns_;  // per key: the input column, or -1 for an expression
  std::vector<std::optional<expr::ExpressionProgram>> programs_;
  GraphScope scope_;
  BatchRowValues row_;
  // Value comparisons classify (parse or read off the key) each value once, not per comparison.
  static constexpr size_t kMaxResolved = 4096;
  mutable std::unordered_map<ValueId, Resolved, ValueIdHash> resolved_;
};

inline int64_t sortRowBytes(const SortRow& row) {
  return static_cast<int64_t>((row.values.size() + row.keys.size()) * sizeof(ValueId) + 80);
}

}  // namespace cairn::query
