#pragma once
// LeftJoin: OPTIONAL (§18.5 LeftJoin). Each left row joined with every compatible right row for
// which the filter (a conjunction, evaluated over the merged row) holds; a left row with no such
// right row is kept alone. The right input is read into a JoinTable; the left streams.

#include "query/algebra/expr.h"
#include "query/exec/join_table.h"
#include "query/exec/operator.h"
#include "query/exec/row_values.h"

namespace cairn::query {

class LeftJoin final : public Operator {
 public:
  LeftJoin(ExecContext& ctx, OperatorPtr left, OperatorPtr right, const std::vector<Expr>& filters,
           const GraphScope& scope);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {left_.get(), right_.get()}; }

 private:
  bool filterHolds(Batch& out);

  OperatorPtr left_, right_;
  GraphScope scope_;
  std::vector<int> leftKeys_;
  std::vector<int> rightToOut_;
  JoinTable table_;
  std::vector<expr::ExpressionProgram> filters_;
  BatchRowValues row_;
  bool built_ = false;
  Batch in_;
  size_t inRow_ = 0;
  bool inputDone_ = false;
  bool haveRow_ = false;
  bool matched_ = false;
  ValueRow key_;
  std::vector<size_t> candidates_;
  size_t candidate_ = 0;
};

}  // namespace cairn::query
