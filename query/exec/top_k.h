#pragma once
// TopK: ORDER BY with LIMIT (and OFFSET): keeps only the best offset+limit rows while reading
// the input, so memory is bounded by k rather than by the input. Emits them in order (the Slice
// above still applies the offset).

#include "query/exec/operator.h"
#include "query/exec/sort_keys.h"

namespace cairn::query {

class TopK final : public Operator {
 public:
  TopK(ExecContext& ctx, OperatorPtr input, const std::vector<OrderCondition>& order, uint64_t k,
       const GraphScope& scope);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  void trim();

  OperatorPtr input_;
  SortKeys keys_;
  uint64_t k_;
  std::vector<SortRow> rows_;
  int64_t charged_ = 0;
  bool sorted_ = false;
  size_t next_ = 0;
};

}  // namespace cairn::query
