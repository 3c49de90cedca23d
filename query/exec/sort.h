#pragma once
// Sort: ORDER BY. Reads the whole input (charged to the memory budget), sorts stably by the
// keys (exec/sort_keys.h), then streams the rows out.

#include "query/exec/operator.h"
#include "query/exec/sort_keys.h"

namespace cairn::query {

class Sort final : public Operator {
 public:
  Sort(ExecContext& ctx, OperatorPtr input, const std::vector<OrderCondition>& order,
       const GraphScope& scope);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  OperatorPtr input_;
  SortKeys keys_;
  std::vector<SortRow> rows_;
  bool sorted_ = false;
  size_t next_ = 0;
};

}  // namespace cairn::query
