#pragma once
// CypherSort: ORDER BY with openCypher's order (value::orderCompare: map < node < relationship <
// list < path < datetime < localdatetime < date < time < localtime < duration < string <
// boolean < number < null, within a type by value; DESC reverses it, so nulls come first).
// Keys are expressions over the row, evaluated once per row (an error fails the statement); the
// sort is stable: rows with equal keys keep their input order.
//
// Two forms. Without `k` it reads the whole input, charging each row and its decoded keys to
// the memory budget, sorts, then streams the rows out. With `k` (ORDER BY ... LIMIT, k = SKIP +
// LIMIT) it keeps only the best k rows while reading, in a heap whose worst row a better one
// replaces, so memory is bounded by k; it emits those rows in order and the Slice above still
// applies SKIP. k = 0 reads nothing. Both forms give exactly the first rows of the stable sort.

#include <cstdint>
#include <optional>
#include <vector>

#include "query/algebra/algebra.h"
#include "query/exec/cypher_row_view.h"
#include "query/exec/operator.h"

namespace cairn::query {

class CypherSort final : public Operator {
 public:
  // `ctx` must have Cypher enabled (ExecContext::cypher()). `order`: the keys, most significant
  // first, each an expression over the input's variables. `k`: nullopt sorts everything (named
  // "CypherSort" in plans); a value keeps only the first k rows ("CypherTopK"). Output columns:
  // the input's.
  CypherSort(ExecContext& ctx, OperatorPtr input, const std::vector<OrderCondition>& order,
             std::optional<uint64_t> k = std::nullopt);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  struct Row {
    std::vector<value::Value> keys;
    ValueRow values;
    uint64_t sequence = 0;  // input position: ties keep input order
    int64_t bytes = 0;      // charged for this row
  };
  // The order of rows: keys, then input position (a strict total order).
  bool less(const Row& a, const Row& b) const;
  void consume();

  OperatorPtr input_;
  CypherRuntime& runtime_;
  std::vector<value::ValueProgram> keys_;
  std::vector<bool> descending_;
  std::optional<uint64_t> k_;
  CypherRowView row_;
  std::vector<Row> rows_;  // with k_: a max-heap by less() (the worst kept row on top)
  bool sorted_ = false;
  size_t next_ = 0;
};

}  // namespace cairn::query
