#pragma once
// UnionAll: the rows of the first input, then of the second (§18.5 Union keeps duplicates),
// aligned on the union of their variables (a variable one side lacks is unbound there).

#include "query/exec/operator.h"

namespace cairn::query {

class UnionAll final : public Operator {
 public:
  UnionAll(ExecContext& ctx, OperatorPtr left, OperatorPtr right);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {left_.get(), right_.get()}; }

 private:
  OperatorPtr left_, right_;
  std::vector<int> leftMap_, rightMap_;  // per output column: the input column or -1
  bool leftDone_ = false;
  Batch in_;
};

}  // namespace cairn::query
