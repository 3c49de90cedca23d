#pragma once
// OuterRow: the row of outer values a Cypher pattern inside an expression is matched against
// (EXISTS, pattern predicates, pattern comprehensions: query/plan/pattern_runner.h). It stands
// where the pattern's algebra has its outer row (a ValuesNode, docs/cypher.md) and produces one
// row, the values set() gave (unbound where none was given), once per run; rewind() starts the
// next run, usually after set() gave the next outer row's values.

#include <string>
#include <vector>

#include "query/exec/operator.h"

namespace cairn::query {

class OuterRow final : public Operator {
 public:
  OuterRow(ExecContext& ctx, std::vector<std::string> variables);

  // The values of variables(), in order, for the runs from now on.
  void set(ValueRow row);

 protected:
  bool produce(Batch& out) override;
  bool canRestart() const override { return true; }
  void restart() override { produced_ = false; }

 private:
  ValueRow row_;
  bool produced_ = false;
};

}  // namespace cairn::query
