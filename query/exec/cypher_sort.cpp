#include "query/exec/cypher_sort.h"

#include <algorithm>

#include "query/exec/cypher_runtime.h"
#include "query/value/value_compare.h"

namespace cairn::query {

CypherSort::CypherSort(ExecContext& ctx, OperatorPtr input,
                       const std::vector<OrderCondition>& order, std::optional<uint64_t> k)
    : Operator(ctx, k ? "CypherTopK" : "CypherSort", input->variables()),
      input_(std::move(input)),
      runtime_(*ctx.cypher()),
      k_(k),
      row_(runtime_) {
  std::string text;
  for (const OrderCondition& c : order) {
    keys_.push_back(compileCypher(c.expr, variables()));
    descending_.push_back(c.descending);
    text += (text.empty() ? "" : ", ") + toString(c.expr) + (c.descending ? " DESC" : " ASC");
  }
  addDetail("keys", text);
  if (k_) addDetail("k", std::to_string(*k_));
}

bool CypherSort::less(const Row& a, const Row& b) const {
  for (size_t i = 0; i < keys_.size(); ++i) {
    int c = value::orderCompare(a.keys[i], b.keys[i]);
    if (descending_[i]) c = -c;
    if (c != 0) return c < 0;
  }
  return a.sequence < b.sequence;
}

void CypherSort::consume() {
  if (k_ && *k_ == 0) return;
  auto byOrder = [this](const Row& a, const Row& b) { return less(a, b); };
  Batch in;
  uint64_t sequence = 0;
  Row row;
  while (input_->next(in)) {
    for (size_t r = 0; r < in.rows; ++r) {
      row_.bind(in, r);
      row.keys.clear();
      for (const auto& key : keys_) row.keys.push_back(key.evaluate(row_, runtime_.eval()));
      row.sequence = sequence++;
      // A full heap admits only a row better than its worst; the others are never materialized.
      const bool full = k_ && rows_.size() >= *k_;
      if (full && !less(row, rows_.front())) continue;
      row.values = in.row(r);
      row.bytes = static_cast<int64_t>(sizeof(Row) + row.values.size() * sizeof(ValueId));
      for (const auto& key : row.keys) row.bytes += static_cast<int64_t>(valueBytes(key));
      charge(row.bytes);
      if (!k_) {
        rows_.push_back(std::move(row));
      } else {
        if (full) {
          std::pop_heap(rows_.begin(), rows_.end(), byOrder);
          charge(-rows_.back().bytes);
          rows_.pop_back();
        }
        rows_.push_back(std::move(row));
        std::push_heap(rows_.begin(), rows_.end(), byOrder);
      }
      row = Row();
    }
  }
  // less() is a strict total order (the input position breaks ties), so std::sort is stable.
  std::sort(rows_.begin(), rows_.end(), byOrder);
}

bool CypherSort::produce(Batch& out) {
  if (!sorted_) {
    consume();
    sorted_ = true;
  }
  while (next_ < rows_.size() && out.rows < ctx_.batchRows()) out.appendRow(rows_[next_++].values);
  return next_ < rows_.size();
}

}  // namespace cairn::query
