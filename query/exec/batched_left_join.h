#pragma once
// BatchedLeftJoin: OPTIONAL { BGP } over a small left input without reading the whole right
// side. Per left batch, the distinct values of the shared variables become a VALUES table that
// feeds the right BGP's plan (bind joins probe only those values); the right rows found are the
// right side's solutions compatible with some row of the batch — a BGP's solutions are a set,
// so after DISTINCT they are exactly the part of the right side the batch can join — and a
// LeftJoin of the batch with them gives §18.5 LeftJoin, filter included.

#include <functional>

#include "query/algebra/expr.h"
#include "query/exec/operator.h"

namespace cairn::query {

class BatchedLeftJoin final : public Operator {
 public:
  // Builds the right side's plan on top of an input binding (some of) the shared variables.
  using RightFactory = std::function<OperatorPtr(ExecContext&, OperatorPtr keys)>;

  BatchedLeftJoin(ExecContext& ctx, OperatorPtr left, std::vector<std::string> rightVariables,
                  RightFactory right, const std::vector<Expr>& filters, const GraphScope& scope);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {left_.get()}; }

 private:
  OperatorPtr left_;
  std::vector<std::string> shared_;
  RightFactory right_;
  std::vector<Expr> filters_;
  GraphScope scope_;
  Batch in_;
  Batch pending_;  // joined rows of the current left batch not yet emitted
  size_t pendingRow_ = 0;
  int64_t pendingBytes_ = 0;
};

}  // namespace cairn::query
