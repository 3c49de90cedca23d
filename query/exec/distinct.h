#pragma once
// Distinct: drops rows equal to an earlier row. Ids are canonical (one id per RDF term), so rows
// compare by id without decoding. The set of seen rows is charged to the memory budget.

#include <unordered_set>

#include "query/exec/operator.h"

namespace cairn::query {

class Distinct final : public Operator {
 public:
  Distinct(ExecContext& ctx, OperatorPtr input);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  OperatorPtr input_;
  std::unordered_set<ValueRow, ValueRowHash> seen_;
  Batch in_;
};

}  // namespace cairn::query
