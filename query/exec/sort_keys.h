#pragma once
// SortKeys: the ORDER BY keys of rows and their comparison, shared by Sort and TopK. A key that
// is a plain variable is its column's id; other keys are evaluated per row and get canonical ids.
// Two ids of one inline type compare as integers (inline keys are order-preserving,
// core/literal_codec.h); anything else is decoded and compared with SPARQL's ORDER BY order
// (expr::compareForOrdering), so mixed types stay correct.

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
  int compareIds(ValueId a, ValueId b) const;
  // The classification of a decoded literal id, kept for the sort's life (bounded).
  const expr::Classified* classified(ValueId id, const core::Term& term) const;

  ExecContext& ctx_;
  std::vector<OrderCondition> order_;
  std::vector<int> columns_;  // per key: the input column, or -1 for an expression
  std::vector<std::optional<expr::ExpressionProgram>> programs_;
  GraphScope scope_;
  BatchRowValues row_;
  // Value comparisons of stored literals classify (parse) each one once, not per comparison.
  static constexpr size_t kMaxClassified = 4096;
  mutable std::unordered_map<ValueId, expr::Classified, ValueIdHash> classified_;
};

inline int64_t sortRowBytes(const SortRow& row) {
  return static_cast<int64_t>((row.values.size() + row.keys.size()) * sizeof(ValueId) + 80);
}

}  // namespace cairn::query
