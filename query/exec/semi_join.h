#pragma once
// SemiJoin: FILTER EXISTS { P } (or NOT EXISTS, as an anti join) when P is evaluated once rather
// than per row: P's solutions are read into a JoinTable on the variables P shares with the
// input, and a row passes when some solution of P is compatible with it (none, for NOT EXISTS).
// The planner uses it only where that equals §18.6 substitution (P made of triples, paths,
// joins, unions and VALUES: no inner FILTER, OPTIONAL, MINUS, BIND or subquery that could see
// the substituted values differently).

#include "query/exec/join_table.h"
#include "query/exec/operator.h"

namespace cairn::query {

class SemiJoin final : public Operator {
 public:
  SemiJoin(ExecContext& ctx, OperatorPtr input, OperatorPtr pattern, bool anti);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get(), pattern_.get()}; }

 private:
  OperatorPtr input_, pattern_;
  bool anti_;
  std::vector<int> inputKeys_;
  JoinTable table_;
  bool built_ = false;
  Batch in_;
  std::vector<size_t> candidates_;
};

}  // namespace cairn::query
