#pragma once
// Distinct: drops rows equal to an earlier row. Ids are canonical (one id per RDF term), so rows
// compare by id without decoding. Under a CypherRuntime rows compare by Cypher's equivalence
// instead (1 and 1.0 are one value, docs/cypher.md): each non-node value through
// CypherRuntime::groupingId, the first row of a class kept as it came. The set of seen rows
// is charged to the memory budget.

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
  ValueRow key_;
};

}  // namespace cairn::query
