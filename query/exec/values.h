#pragma once
// Values: a constant table (VALUES data, the unit table of an empty group, a fast path's
// precomputed answer). Rows are given as ids; VALUES terms the store lacks get local ids.

#include "query/exec/operator.h"

namespace cairn::query {

class Values final : public Operator {
 public:
  Values(ExecContext& ctx, std::vector<std::string> variables, std::vector<ValueRow> rows,
         std::string name = "Values");

 protected:
  bool produce(Batch& out) override;
  bool canRestart() const override { return true; }
  void restart() override { next_ = 0; }

 private:
  std::vector<ValueRow> rows_;
  size_t next_ = 0;
};

}  // namespace cairn::query
