#pragma once
// HashJoin: the join of two inputs on their shared variables (compatible solutions, §18.4).
// The build input is read whole into a JoinTable; the probe input streams, so a LIMIT above
// stops the probe side early. Without shared variables it is a cross product.

#include <memory>

#include "query/exec/join_table.h"
#include "query/exec/operator.h"

namespace cairn::query {

class HashJoin final : public Operator {
 public:
  HashJoin(ExecContext& ctx, OperatorPtr probe, OperatorPtr build);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {probe_.get(), build_.get()}; }

 private:
  OperatorPtr probe_;
  OperatorPtr build_;
  std::vector<int> probeKeys_;
  std::vector<int> buildToOut_;  // per build column: its output column
  JoinTable table_;
  bool built_ = false;
  Batch probeBatch_;
  size_t probeRow_ = 0;
  bool probeDone_ = false;
  ValueRow key_;
  std::vector<size_t> candidates_;
  size_t candidate_ = 0;
  bool haveRow_ = false;
};

}  // namespace cairn::query
