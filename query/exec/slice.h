#pragma once
// Slice: skips `offset` rows, then passes at most `limit`. It stops pulling once the limit is
// reached, so streaming inputs below (scans, probes, bind joins) stop early.

#include <optional>

#include "query/exec/operator.h"

namespace cairn::query {

class Slice final : public Operator {
 public:
  Slice(ExecContext& ctx, OperatorPtr input, uint64_t offset, std::optional<uint64_t> limit);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  OperatorPtr input_;
  uint64_t toSkip_;
  std::optional<uint64_t> remaining_;
  Batch in_;
};

}  // namespace cairn::query
