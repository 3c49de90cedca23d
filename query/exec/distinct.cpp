#include "query/exec/distinct.h"

#include "query/exec/cypher_runtime.h"

namespace cairn::query {

Distinct::Distinct(ExecContext& ctx, OperatorPtr input)
    : Operator(ctx, "Distinct", input->variables()), input_(std::move(input)) {}

bool Distinct::produce(Batch& out) {
  if (!input_->next(in_)) return false;
  const int64_t rowBytes = static_cast<int64_t>(in_.columns.size() * sizeof(ValueId) + 48);
  CypherRuntime* cypher = ctx_.cypher();
  key_.resize(in_.columns.size());
  for (size_t r = 0; r < in_.rows; ++r) {
    for (size_t c = 0; c < key_.size(); ++c) {
      key_[c] = cypher != nullptr ? cypher->groupingId(in_.columns[c][r]) : in_.columns[c][r];
    }
    if (seen_.insert(key_).second) {
      charge(rowBytes);
      out.appendFrom(in_, r);
    }
  }
  return true;
}

}  // namespace cairn::query
