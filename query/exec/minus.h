#pragma once
// Minus: the left rows with no compatible right row that shares a bound variable with them
// (§18.5 Minus: a pair with disjoint domains never removes a row). The right input is read into
// a JoinTable; the left streams.

#include "query/exec/join_table.h"
#include "query/exec/operator.h"

namespace cairn::query {

class Minus final : public Operator {
 public:
  Minus(ExecContext& ctx, OperatorPtr left, OperatorPtr right);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {left_.get(), right_.get()}; }

 private:
  OperatorPtr left_, right_;
  std::vector<int> leftKeys_;
  std::vector<int> rightKeys_;
  JoinTable table_;
  bool built_ = false;
  Batch in_;
  std::vector<size_t> candidates_;
};

}  // namespace cairn::query
