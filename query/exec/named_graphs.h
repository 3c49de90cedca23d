#pragma once
// NamedGraphs: GRAPH ?g { P } (§18.5 Graph): P evaluated in each named graph of the dataset in
// turn, each solution extended with ?g bound to that graph's IRI. The child plan is built per
// graph by a factory from the planner, so each graph gets its own scans. When P itself binds ?g,
// solutions whose ?g differs from the graph are dropped.

#include <functional>

#include "query/exec/operator.h"

namespace cairn::query {

class NamedGraphs final : public Operator {
 public:
  using ChildFactory = std::function<OperatorPtr(ExecContext&, const GraphScope&)>;

  NamedGraphs(ExecContext& ctx, std::string graphVariable, std::vector<core::NodeId> graphs,
              ChildFactory factory);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {child_.get()}; }

 private:
  std::string graphVariable_;
  std::vector<core::NodeId> graphs_;
  ChildFactory factory_;
  OperatorPtr child_;  // for graphs_[current_ - 1]; the first child also describes the plan
  size_t current_ = 0;
  std::vector<int> map_;  // per output column: the child column or -1
  int graphColumn_ = -1;
  int childGraphColumn_ = -1;
  Batch in_;
};

}  // namespace cairn::query
