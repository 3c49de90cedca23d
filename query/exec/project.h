#pragma once
// Project: keeps the listed variables, in order; a variable the input lacks is unbound.

#include "query/exec/operator.h"

namespace cairn::query {

class Project final : public Operator {
 public:
  Project(ExecContext& ctx, OperatorPtr input, std::vector<std::string> variables);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }
  bool canRestart() const override { return true; }
  void restart() override { input_->rewind(); }

 private:
  OperatorPtr input_;
  std::vector<int> map_;
  Batch in_;
};

}  // namespace cairn::query
